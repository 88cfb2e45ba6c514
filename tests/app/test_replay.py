"""Replay: the shipped trace and uploads, good and bad, without loading a model."""

import json
from pathlib import Path

from streamlit.testing.v1 import AppTest

from specviz.engine.trace import run_from_json

ROOT = Path(__file__).resolve().parents[2]
TRACE = ROOT / "assets" / "traces" / "qwen-code-t0.7-k4.json"


def test_the_shipped_trace_is_shown_like_a_live_run():
    at = AppTest.from_file(str(ROOT / "pages" / "replay.py"), default_timeout=30).run()
    assert not at.exception and not at.error
    record = run_from_json(TRACE.read_text())
    page_html = " ".join(element.proto.body for element in at.get("html"))
    assert page_html.count('class="sv-') >= len(record.token_ids)
    timeline = next(json.loads(c.proto.spec) for c in at.get("plotly_chart")
                    if json.loads(c.proto.spec)["layout"]["title"]["text"] == "Cycle timeline")
    assert next(t for t in timeline["data"] if t["name"] == "accepted")["y"] == [c.accepted for c in record.cycles]


def test_the_shipped_trace_is_a_real_run_of_the_default_pair():
    record = run_from_json(TRACE.read_text())
    assert (record.draft, record.target) == ("qwen2.5-coder-0.5b", "qwen2.5-coder-1.5b")
    assert any(c.kind == "correction" for c in record.cycles) and any(c.kind == "bonus" for c in record.cycles)
    assert record.totals["generated"] == len(record.token_ids) == sum(len(c.emitted) for c in record.cycles)
