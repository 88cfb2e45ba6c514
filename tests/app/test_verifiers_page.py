"""The Verifiers page (AppTest through app.py): a recorded cycle and a Live run judged by every exact rule,
the run's tallies and the committed benchmark's comparison, in English and Italian."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from specviz.core.policy import SamplingPolicy
from specviz.engine.decoder import DecodeConfig, Decoder
from specviz.engine.trace import run_from_json
from specviz.text import text

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "app.py"
TRACE = "qwen-code-t0.8"


def open_page(lang: str = "en", query: dict[str, str] | None = None, runs=None) -> AppTest:
    at = AppTest.from_file(str(APP), default_timeout=120)
    at.session_state["lang"] = lang
    if runs is not None:
        at.session_state["runs"] = runs
    at.run()
    at.query_params.update(query or {})
    at.switch_page("pages/verifiers.py")
    return at.run()


def charts(at: AppTest) -> list[dict]:
    return [json.loads(c.proto.spec) for c in at.get("plotly_chart")]


@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_recorded_cycle_is_judged_by_every_rule_on_the_same_draws(lang):
    at = open_page(lang, {"verifiers_example": TRACE, "verifiers_cycle": "2", "show": "1"})
    assert not at.exception and not at.error
    record = run_from_json((ROOT / "assets" / "traces" / f"{TRACE}.json").read_text(encoding="utf-8"))
    cycle = record.cycles[1]
    assert at.session_state["verifiers_cycle"] == 2
    [figure] = [c for c in charts(at) if c["layout"]["title"]["text"] == text("verifiers.chart", lang)]
    # One row of bars per rule: kept and not kept, at the thresholds the trace recorded for that rule.
    for verdict in cycle.verdicts:
        heights = [y for t in figure["data"] if t["type"] == "bar" for y in t["y"]]
        assert all(any(abs(h - y) < 1e-9 for y in heights) for h in verdict.thresholds)
    sentences = [m.value for m in at.markdown if m.value.startswith("- **")]
    assert len(sentences) == 4  # token, block, match, coupled
    for verdict, sentence in zip(cycle.verdicts, sentences):
        assert f"{verdict.accepted} " in sentence
    tally, measured, coupled = (frame.value for frame in at.dataframe)  # the run's tallies, then two benchmarks
    assert len(tally) == 4 and len(measured) >= 4  # four rules, and per temperature specviz's rules and HF's
    assert len(coupled) == 8  # token, block, coupled and Hugging Face at two temperatures
    assert list(tally.columns)[0] == text("verifiers.col.rule", lang)
    if lang == "it":
        assert any("," in str(v) for v in measured.iloc[:, 2])  # decimal commas in the table


def test_the_last_live_run_is_judged_too(tiny_pair):
    draft, target = tiny_pair
    run = Decoder(target, draft, DecodeConfig(schedule="constant", policy=SamplingPolicy(1.0, 0, 1.0), k=4,
                                              max_new_tokens=20,
                                              verifier="block", compare_verifiers=True)).run("The quick brown fox")
    at = open_page("en", runs=[run])
    at.radio(key="verifiers_source").set_value("live").run()
    assert not at.exception and not at.error
    assert any("block verification" in m.value for m in at.markdown if "followed" in m.value)
    assert len(at.dataframe[0].value) == 4


def test_without_a_live_run_the_page_says_where_to_make_one():
    at = open_page("it")
    at.radio(key="verifiers_source").set_value("live").run()
    assert not at.exception
    assert at.info[0].value == text("verifiers.no_live", "it")
