"""Latency is not capacity: the Benchmark page measures requests in flight on the tiny pair and draws the rows."""

import json
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from specviz.bench.labels import config_label

ROOT = Path(__file__).resolve().parents[2]


def test_the_capacity_run_draws_its_own_rows():
    at = AppTest.from_file(str(ROOT / "pages" / "benchmark.py"), default_timeout=180).run()
    next(b for b in at.button if b.label.startswith("Measure it on the tiny pair")).click().run()
    assert not at.exception
    rows = at.session_state["capacity_rows"]
    assert [(r.config, r.concurrency) for r in rows] == [
        (config, level) for level in (1, 2, 4) for config in ("specviz-baseline T=0", "specviz k=4 constant T=0")]
    assert all(r.requests == 2 * r.concurrency for r in rows)  # two rounds of requests at each level
    figure = next(json.loads(c.proto.spec) for c in at.get("plotly_chart")
                  if "aggregate tokens/s" in json.dumps(json.loads(c.proto.spec)["layout"]))
    by_name = {(t["name"], t["xaxis"]): t for t in figure["data"]}  # configurations named in words
    alone = by_name[(config_label("specviz-baseline T=0"), "x")]
    assert alone["x"] == [1, 2, 4]
    assert alone["y"] == pytest.approx([r.aggregate_tokens_per_s for r in rows if r.config == "specviz-baseline T=0"])
    latency = by_name[(config_label("specviz k=4 constant T=0"), "x2")]
    assert latency["y"] == pytest.approx([r.latency_ms_p50 for r in rows if r.config != "specviz-baseline T=0"])


def test_a_report_without_several_levels_draws_no_capacity_chart():
    from specviz.bench.contracts import ConcurrencyRow
    from specviz.viz.bench_figures import capacity_figure

    one_level = [ConcurrencyRow("specviz-baseline", 1, 3, 10.0, 100.0, 120.0)]
    assert capacity_figure(one_level) is None
