"""A drafter and a verifier are one file each: importing tests/plugins/repeat_drafter.py and
cautious_verifier.py offers them on the Live page, in the CLI and in the cycle view, with their own words,
and nothing else is edited. Unregistering takes them away again."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from specviz.core.verifiers import VERIFIERS, exact_verifiers
from specviz.engine.drafters import DRAFTERS, exact_drafters
from specviz.engine.trace import run_from_json
from specviz.settings import named_choices
from specviz.text import STRINGS, fill
from specviz.viz.cycle_frames import frames
from specviz.viz.verifier_figures import verdict_sentences
from tests.test_cli import specviz

LIVE = str(Path(__file__).resolve().parents[2] / "pages" / "live.py")
MODULES = ("tests.plugins.repeat_drafter", "tests.plugins.cautious_verifier")


@pytest.fixture()
def plugins():
    """The two plugin files imported (which registers them), then unregistered and forgotten."""
    for module in MODULES:
        importlib.import_module(module)
    yield
    DRAFTERS.unregister("repeat")
    VERIFIERS.unregister("cautious")
    for module in MODULES:
        sys.modules.pop(module, None)


def generate(*more: str) -> subprocess.CompletedProcess:
    return specviz("generate", "--draft", "tiny-draft", "--target", "tiny-target", "--prompt", "Il gatto",
                   "--max-new-tokens", "16", "--schedule", "constant", "--k", "3", "--json", *more)


def test_importing_the_files_offers_them_and_unregistering_takes_them_away(plugins):
    assert exact_drafters()[-1] == "repeat" and exact_verifiers()[-1] == "cautious"  # listed by their order
    assert "repeat" in named_choices()["drafter"] and "cautious" in named_choices()["verifier"]  # a link may name them
    shown = " ".join(specviz("generate", "--help").stdout.split())  # argparse wraps the help
    assert "repeat: repeat the last token" in shown and "cautious: cautious rule" in shown
    assert DRAFTERS.label("repeat", "it") == "ripeti l'ultimo token"
    DRAFTERS.unregister("repeat")
    assert "repeat" not in exact_drafters() and "frame.1.repeat" not in STRINGS
    assert specviz("generate", "--drafter", "repeat", "--prompt", "x").returncode == 2
    importlib.reload(sys.modules[MODULES[0]])  # registered again, for the fixture to take away


def test_the_cli_runs_them_and_the_cycle_view_tells_them_in_their_own_words(plugins):
    done = generate("--drafter", "repeat", "--verifier", "cautious")
    assert done.returncode == 0, done.stderr
    record = run_from_json(done.stdout)
    assert record.drafter == "repeat" and record.verifier == "cautious"
    alone = run_from_json(generate("--no-spec").stdout)
    assert record.token_ids == alone.token_ids  # greedy: exactly the target's text
    cycle = next(i for i, c in enumerate(record.cycles) if c.proposed)
    first, _, third, *_ = frames(record, cycle, "it")
    proposed = record.cycles[cycle]
    assert first.sentence.endswith(fill("frame.1.repeat", "it", token=repr(proposed.proposed_texts[0]),
                                        n=len(proposed.proposed)))
    assert third.sentence == fill("frame.3.cautious", "it", accepted=proposed.accepted, k=len(proposed.proposed))
    assert third.figure.layout.title.text == "Controlli prudenti"


def test_the_toy_gives_the_new_rules_exact_expectation(plugins):
    done = specviz("toy", "--p", "0.5,0.3,0.2", "--q", "0.7,0.2,0.1", "--gamma", "3", "--json")
    expected = json.loads(done.stdout)["expected_accepted"]
    assert expected["cautious"] == expected["token"] and list(expected)[-1] == "cautious"


def test_the_live_page_offers_them_and_runs_them(plugins):
    at = AppTest.from_file(LIVE, default_timeout=60)
    at.session_state["draft"], at.session_state["target"] = "tiny-draft", "tiny-target"
    at.session_state["prompt"], at.session_state["schedule"] = "Il gatto", "constant"
    at.session_state["drafter"], at.session_state["verifier"] = "repeat", "cautious"
    at.session_state["max_new_tokens"] = 12
    at.run()
    drafter = next(s for s in at.selectbox if s.key == "drafter")
    verifier = next(s for s in at.selectbox if s.key == "verifier")
    assert "repeat the last token" in drafter.options and "cautious rule" in verifier.options
    assert "Repeat: proposes the text's last token again" in drafter.help
    next(b for b in at.button if b.label.startswith("Run")).click().run()
    assert not at.exception and not at.error
    run = at.session_state["runs"][-1]
    assert run.drafter == "repeat" and run.verifier == "cautious"
    assert any("The repeat drafter proposed" in m.value for m in at.markdown)  # the cycle view's first frame
    at.session_state["live_frame"] = 3
    at.run()
    assert any(m.value.startswith("The cautious rule kept") for m in at.markdown)  # and its third
    judged = next(c for c in run.cycles if c.verdicts)  # the page judges every cycle by every listed rule
    assert [v.verifier for v in judged.verdicts][-1] == "cautious"
    assert verdict_sentences(judged, "en")[-1] == fill("verifiers.cautious", "en", n=judged.verdicts[-1].accepted,
                                                       k=len(judged.proposed))
