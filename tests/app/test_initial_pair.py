"""A new session starts with a pair the host offers: on a server of the tiny pair only, the first Run works."""

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from specviz.settings import initial_pair

PAGE = str(Path(__file__).resolve().parents[2] / "pages" / "live.py")


@pytest.mark.parametrize("allowed, pair", [
    (("qwen2.5-coder-0.5b", "qwen2.5-coder-1.5b", "tiny-draft", "tiny-target"),
     ("qwen2.5-coder-0.5b", "qwen2.5-coder-1.5b")),
    (("tiny-target", "tiny-draft"), ("tiny-draft", "tiny-target")),
    (("smollm2-135m", "tiny-target", "qwen2.5-coder-1.5b"), ("smollm2-135m", "smollm2-135m")),
    (("qwen2.5-coder-1.5b", "qwen2.5-coder-0.5b", "smollm2-135m"), ("qwen2.5-coder-0.5b", "qwen2.5-coder-1.5b"))])
def test_the_first_pair_is_the_default_where_allowed_else_an_allowed_pair_of_one_vocabulary(allowed, pair):
    assert initial_pair(allowed) == pair


def test_on_a_server_of_the_tiny_pair_only_the_first_run_needs_no_choice(monkeypatch):
    from pages.ui.hosting import hosting

    monkeypatch.setenv("SPECVIZ_ALLOWED_MODELS", "tiny-draft,tiny-target")
    hosting.clear()
    try:
        at = AppTest.from_file(PAGE, default_timeout=60)
        at.session_state["prompt"], at.session_state["max_new_tokens"] = "Il gatto", 8
        at.run()
        assert at.session_state["draft"] == "tiny-draft" and at.session_state["target"] == "tiny-target"
        assert not any("cannot pair" in str(s.value) for s in at.selectbox)
        next(b for b in at.button if b.label == "Run").click().run()
        assert not at.exception and not at.error
        assert len(at.session_state["runs"][-1].token_ids) == 8
    finally:
        monkeypatch.delenv("SPECVIZ_ALLOWED_MODELS")
        hosting.clear()


def test_a_link_to_models_the_host_does_not_offer_runs_the_models_the_pickers_show(monkeypatch):
    """`/live?draft=/etc/passwd&target=../../x` on a server of the tiny pair: the pickers show offered models, and
    those are what Run uses (before, the session kept the link's names and every Run was refused)."""
    from pages.ui.hosting import hosting

    monkeypatch.setenv("SPECVIZ_ALLOWED_MODELS", "tiny-draft,tiny-target")
    hosting.clear()
    try:
        at = AppTest.from_file(PAGE, default_timeout=60)
        at.query_params["draft"], at.query_params["target"] = "/etc/passwd", "../../x"
        at.session_state["prompt"], at.session_state["max_new_tokens"] = "Il gatto", 8
        at.run()
        assert at.session_state["draft"] in ("tiny-draft", "tiny-target")
        assert at.session_state["target"] in ("tiny-draft", "tiny-target")
        next(b for b in at.button if b.label == "Run").click().run()
        assert not at.exception and not at.error
        assert len(at.session_state["runs"][-1].token_ids) == 8
    finally:
        monkeypatch.delenv("SPECVIZ_ALLOWED_MODELS")
        hosting.clear()
