"""A choice widget stores its option, never its label: a label sent back after a change of language is mended.

In the browser, switching English -> Italiano -> English left 'Article example' (a label) where the Toy page's
preset ('toy.preset.article') was stored, and the page failed with a KeyError; the same on Budget and Live.
"""

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from specviz.text import text

PAGES = Path(__file__).resolve().parents[2] / "pages"
CASES = [("toy.py", "toy_preset", "toy.preset.article", ""), ("budget.py", "budget_preset", "budget.preset.high", ""),
         ("live.py", "drafter", "ngram", "drafter."), ("live.py", "verifier", "block", "verifier."),
         ("exactness.py", "lab_rule", "exactness.variant.naive", "")]


@pytest.mark.parametrize("page, key, option, prefix", CASES, ids=[f"{c[0]}:{c[1]}" for c in CASES])
@pytest.mark.parametrize("sent, shown", [("en", "it"), ("it", "en")])
def test_a_label_in_either_language_comes_back_as_its_option(page, key, option, prefix, sent, shown):
    at = AppTest.from_file(str(PAGES / page), default_timeout=60)
    at.session_state["draft"], at.session_state["target"] = "tiny-draft", "tiny-target"
    at.session_state["lang"] = shown
    at.session_state[key] = text(prefix + option, sent)  # what the browser sent back: a label
    at.run()
    assert not at.exception, at.exception
    assert at.session_state[key] == option


def test_a_value_that_is_no_option_nor_label_falls_back_to_the_first_option():
    at = AppTest.from_file(str(PAGES / "live.py"), default_timeout=60)
    at.session_state["draft"], at.session_state["target"] = "tiny-draft", "tiny-target"
    at.session_state["drafter"] = "draft model (forged)"
    at.run()
    assert not at.exception and at.session_state["drafter"] == "model"
