"""Replay: the shipped trace and uploads, good and bad, without loading a model."""

import json
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from specviz.engine.schedules import SCHEDULES
from specviz.engine.trace import SCHEMA_VERSION, run_from_json
from specviz.viz.cycle_frames import STAGES, frames

ROOT = Path(__file__).resolve().parents[2]
TRACES = sorted((ROOT / "assets" / "traces").glob("*.json"))
SETS = ("code", "italian", "mixed")


@pytest.mark.parametrize("path", TRACES, ids=[p.stem for p in TRACES])
def test_each_shipped_trace_opens_in_replay_and_in_the_cycle_view(path):
    at = AppTest.from_file(str(ROOT / "pages" / "replay.py"), default_timeout=30).run()
    at.selectbox(key="replay_example").set_value(path.stem).run()
    assert not at.exception and not at.error
    record = run_from_json(path.read_text())
    page_html = " ".join(element.proto.body for element in at.get("html"))
    assert page_html.count('class="sv-') >= len(record.token_ids)
    timeline = next(json.loads(c.proto.spec) for c in at.get("plotly_chart")
                    if json.loads(c.proto.spec)["layout"]["title"]["text"] == "Cycle timeline")
    assert next(t for t in timeline["data"] if t["name"] == "accepted")["y"] == [c.accepted for c in record.cycles]
    assert any(m.value.endswith(f"(1/{STAGES})") for m in at.markdown)  # the cycle view's first frame
    for index in range(len(record.cycles)):
        assert len(frames(record, index, "it")) == STAGES


def test_the_shipped_traces_are_real_runs_a_class_needs():
    records = {path.stem: run_from_json(path.read_text()) for path in TRACES}
    for record in records.values():
        draft = {"tli": "smollm2-135m", "none": None}.get(record.drafter, "qwen2.5-coder-0.5b")  # tli: another vocab
        assert (record.draft, record.target) == (draft, "qwen2.5-coder-1.5b")
        assert record.schema_version == SCHEMA_VERSION
        assert record.totals.generated == len(record.token_ids) == sum(len(c.emitted) for c in record.cycles)
    for prompt_set in SETS:  # each set greedy and sampled
        assert records[f"qwen-{prompt_set}-greedy"].policy["temperature"] == 0.0
        assert records[f"qwen-{prompt_set}-t0.8"].policy["temperature"] == 0.8
    many = records["qwen-many-rejections"].totals
    assert many.accepted / many.proposed < 0.3
    assert records["qwen-stops-at-eos"].stop_reason == "eos"
    assert any(c.kind == "correction" for c in records["qwen-code-t0.8"].cycles)
    assert any(c.kind == "bonus" for c in records["qwen-code-t0.8"].cycles)
    # Every drafter: a run copying from its prompt, one mixing copies and the model, one across vocabularies.
    assert [records[name].drafter for name in ("qwen-edit-lookup", "qwen-edit-hybrid", "smollm2-tli-italian")] == [
        "ngram", "hybrid", "tli"]
    assert {c.drafted_by[0] for c in records["qwen-edit-hybrid"].cycles if c.drafted_by} == {"ngram", "model"}
    reasons = {c.drafter_choice for c in records["qwen-edit-hybrid"].cycles}  # each cycle says why its source
    assert {"copy.faster", "model.no_match"} <= reasons and "" not in reasons
    assert records["smollm2-tli-italian"].settings.intersection > 30_000
    assert sum(path.stat().st_size for path in TRACES) < 600_000  # about 0.5 MB shipped




def test_the_italian_summary_writes_numbers_and_the_schedule_in_italian():
    at = AppTest.from_file(str(ROOT / "pages" / "replay.py"), default_timeout=30)
    at.session_state["lang"] = "it"
    at.run()
    at.selectbox(key="replay_example").set_value("qwen-code-t0.8").run()
    summary = next(m.value for m in at.markdown if "temperatura" in m.value)
    record = run_from_json((ROOT / "assets" / "traces" / "qwen-code-t0.8.json").read_text())
    assert "temperatura 0,8" in summary and "top-p 1" in summary
    assert f"({SCHEDULES.label(record.settings.schedule, 'it')})" in summary  # the schedule in words


def test_a_prompt_the_pair_fits_poorly_is_named_and_the_discarded_text_can_be_hidden():
    from specviz.viz.run_figures import poor_fit

    for name, fits in (("qwen-code-greedy", True), ("qwen-italian-greedy", False)):
        record = run_from_json((ROOT / "assets" / "traces" / f"{name}.json").read_text(encoding="utf-8"))
        assert (poor_fit(record) is None) == fits, name
    at = AppTest.from_file(str(ROOT / "pages" / "replay.py"), default_timeout=60)
    at.query_params["replay_example"] = "qwen-italian-greedy"
    at.run()
    assert any("46% of the draft's proposals were accepted" in i.value for i in at.info)
    assert any("sv-discarded" in h.proto.body for h in at.get("html"))
    at.toggle(key="replay_discarded").set_value(False).run()
    assert not any("sv-discarded" in h.proto.body for h in at.get("html"))
    assert any("sv-accepted" in h.proto.body for h in at.get("html"))  # the text itself stays
