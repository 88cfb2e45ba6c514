"""Any upload: a shipped trace with fields changed to hostile values is refused in one line, or drawn in bounded time.

Hypothesis picks a trace, a field (of the run or of one of its cycles) and a value from a hostile set:
huge and negative numbers, NaN, Markdown, deep or wide lists, wrong types. Whatever it builds, reading
it raises SpecvizError or gives a record that every view of the Replay page builds within a time and
size bound: headline, token spans, timeline, timing, race, every frame of the chosen cycle, its rows
and rejection chart.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from specviz.engine.trace import run_from_dict
from specviz.errors import SpecvizError
from specviz.viz import cycle_frames, run_figures

TRACES = [json.loads(path.read_text()) for path in
          sorted((Path(__file__).resolve().parents[2] / "assets" / "traces").glob("*.json"))]
RUN_FIELDS = ["prompt_ids", "token_ids", "text", "dtype", "device", "draft", "settings", "policy", "totals", "timing",
              "drafter", "verifier", "target_kernels", "draft_dtype", "stop_reason", "prompt_texts"]
CYCLE_FIELDS = ["index", "k", "kind", "accepted", "proposed", "emitted", "proposed_texts", "emitted_texts",
                "accept_prob", "target_p", "draft_q", "uniforms", "caches", "top", "draft_ms", "verify_ms",
                "overhead_ms", "sources", "drafted_by", "drafter_choice", "outside_mass", "weights", "draws"]
SETTING_KEYS = ["k", "intersection", "seed", "max_new_tokens", "schedule", "stop_strings", "new"]
SCALARS = st.one_of(st.integers(-2**70, 2**70), st.sampled_from([0, 1, -1, 10**7, 2**53, 2**53 + 1]),
                    st.floats(allow_nan=True, allow_infinity=True), st.booleans(), st.none(),
                    st.sampled_from(["", "**bold** [x](https://evil.example) $x^2$ :red[r]", "\x00\ud7ff", "é" * 500,
                                     "copy.faster", "correction", "lots"]))
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=6),
                                                       st.dictionaries(st.text(max_size=8), inner, max_size=4)),
                      max_leaves=20)
RENDER_S = 5.0  # generous for 2 cores; the shipped traces draw in well under a second
HTML_CHARS = 2_000_000


def hostile_trace(data: st.DataObject) -> dict:
    trace = json.loads(json.dumps(data.draw(st.sampled_from(TRACES))))  # a deep copy
    where = data.draw(st.sampled_from(["run", "cycle", "setting", "cache", "length"]))
    value = data.draw(VALUES)
    cycle = data.draw(st.integers(0, len(trace["cycles"]) - 1))
    if where == "run":
        trace[data.draw(st.sampled_from(RUN_FIELDS))] = value
    elif where == "cycle":
        trace["cycles"][cycle][data.draw(st.sampled_from(CYCLE_FIELDS))] = value
    elif where == "setting":
        trace["settings"][data.draw(st.sampled_from(SETTING_KEYS))] = value
    elif where == "cache" and trace["cycles"][cycle].get("caches"):
        trace["cycles"][cycle]["caches"][data.draw(st.sampled_from(sorted(trace["cycles"][cycle]["caches"])))] = value
    else:  # a list made much longer than a run makes it
        field = data.draw(st.sampled_from(["proposed", "emitted", "target_p", "accept_prob"]))
        trace["cycles"][cycle][field] = trace["cycles"][cycle][field] * data.draw(st.integers(2, 5000))
    return trace


def draw_everything(record) -> int:
    """Build what the Replay page builds; the characters of HTML it makes."""
    html = run_figures.token_spans(record) + run_figures.race_bars(record)
    run_figures.headline(record)
    if record.cycles:
        run_figures.timeline_figure(record)
        run_figures.timing_figure(record)
        for index in {0, len(record.cycles) - 1}:
            cycle_frames.frames(record, index)
            run_figures.cycle_rows(record.cycles[index])
            run_figures.rejection_figure(record.cycles[index])
    return len(html)


@settings(max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_changed_trace_is_refused_in_one_line_or_drawn_in_bounded_time(data):
    trace = hostile_trace(data)
    started = time.perf_counter()
    try:
        record = run_from_dict(trace)
    except SpecvizError as error:
        assert "\n" not in str(error) and len(str(error)) < 1000
        return
    assert draw_everything(record) < HTML_CHARS
    assert time.perf_counter() - started < RENDER_S
