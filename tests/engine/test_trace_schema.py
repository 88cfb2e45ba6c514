"""A trace is checked as it is read: cache lengths against its tokens, counts as counts, no deep nesting;
and what a view draws from it is bounded and literal."""

import copy
import json
import re
import time
from pathlib import Path

import pytest

from specviz.engine.trace import run_from_dict
from specviz.errors import SpecvizError
from specviz.viz import cycle_frames

TRACES = sorted((Path(__file__).resolve().parents[2] / "assets" / "traces").glob("*.json"))


def shipped(name: str = "qwen-code-t0.8.json") -> dict:
    return json.loads((TRACES[0].parent / name).read_text())


@pytest.mark.parametrize("path", TRACES, ids=lambda path: path.stem)
def test_every_shipped_trace_agrees_with_its_own_cache_lengths(path):
    record = run_from_dict(json.loads(path.read_text()))
    assert any(cycle.caches is not None for cycle in record.cycles)


@pytest.mark.parametrize("field, value", [("target_filled", 10_000_000), ("target_kept", 10_000_000),
                                          ("target_filled", 2**53), ("draft_filled", 10_000_000)])
def test_a_cache_length_out_of_step_with_the_cycle_is_refused_in_one_line(field, value):
    """The upload that made the Replay page loop for half a minute and take 1.5 GB: refused as it is read."""
    data = shipped()
    cycle = next(c for c in data["cycles"] if c["caches"]["draft_filled"] is not None)
    cycle["caches"][field] = value
    with pytest.raises(SpecvizError, match="field 'caches' does not agree") as refused:
        run_from_dict(data)
    assert "\n" not in str(refused.value)


def test_a_target_cache_that_does_not_hold_the_text_so_far_is_refused():
    data = shipped()
    moved = copy.deepcopy(data)
    for field in ("target_filled", "target_kept"):  # the same shift on both: consistent within the cycle
        moved["cycles"][2]["caches"][field] += 5
    with pytest.raises(SpecvizError, match="cycle 3: field 'caches' does not agree with the text written so far"):
        run_from_dict(moved)
    run_from_dict(data)  # the unchanged trace still loads


def test_a_strip_draws_a_bounded_number_of_slots_whatever_the_lengths():
    started = time.perf_counter()
    drawn = cycle_frames.slots(filled=10**12, kept=10**12, confirmed_before=10**6)
    assert len(drawn) == cycle_frames.DRAWN_SLOTS and time.perf_counter() - started < 0.5
    assert len(cycle_frames.slots(filled=12, kept=10, confirmed_before=8)) == 12 - (8 - cycle_frames.EARLIER_SLOTS)


@pytest.mark.parametrize("value", ["lots", -5, 2.5, True])
def test_a_setting_the_views_count_with_must_be_a_whole_number(value):  # None: not recorded
    data = shipped("smollm2-tli-italian.json")
    data["settings"]["intersection"] = value
    with pytest.raises(SpecvizError, match="'intersection' must be a whole number of at least 0"):
        run_from_dict(data)


def test_a_deeply_nested_value_is_refused_without_walking_it():
    data = shipped()
    nested = 1
    for _ in range(5000):  # deeper than Python's recursion limit
        nested = [nested]
    data["policy"]["extra"] = nested
    with pytest.raises(SpecvizError, match="'extra' holds something a trace cannot hold"):
        run_from_dict(data)


def test_trace_fields_in_the_configuration_line_are_shown_literally():
    from specviz.models.fast import PairConfiguration
    from specviz.text import literal

    hostile = "**bold** [click](https://evil.example/login) $x^2$ :red[red]"
    data = shipped()
    data.update(dtype=hostile, draft_dtype=hostile, device=hostile)
    line = PairConfiguration.of(run_from_dict(data)).line()
    assert line.count(literal(hostile)) == 2  # the draft and the target dtypes, escaped
    assert literal(hostile.split(":")[0].upper()) in line  # the device as the line names it (no index), escaped
    assert not re.search(r"(?<!\\)[*\[\]$]", line)  # no Markdown, link or LaTeX character left unescaped


def test_a_cycle_larger_than_any_run_makes_is_refused_before_it_is_drawn():
    data = shipped()
    cycle = data["cycles"][0]
    cycle["proposed"] = [1] * 600_000  # the upload that built 69 MB of HTML and hung the browser
    started = time.perf_counter()
    with pytest.raises(SpecvizError, match="cycle 1 proposes 600,000 and writes"):
        run_from_dict(data)
    assert time.perf_counter() - started < 1.0


@pytest.mark.parametrize("field, size, words", [("cycles", 15_664, "the trace has 15,664 cycles"),
                                                ("token_ids", 5_000, "5,000 written tokens"),
                                                ("prompt_ids", 40_000, "40,000 prompt")])
def test_a_trace_longer_than_any_run_is_refused(field, size, words):
    data = shipped()
    data[field] = (data[field] * (size // len(data[field]) + 1))[:size]
    with pytest.raises(SpecvizError, match=words):
        run_from_dict(data)


def test_a_trace_whose_totals_disagree_with_its_cycles_or_with_huge_token_texts_is_refused():
    """Before: a trace with `"cycles": []` was shown with the totals' 64 tokens and 21 cycles; four proposed
    texts of a million characters each (under the upload cap) froze the browser that drew them."""
    from specviz.engine.trace import run_from_json

    empty = shipped("qwen-code-greedy.json")
    empty["cycles"] = []
    with pytest.raises(SpecvizError, match="totals .* disagree"):
        run_from_dict(empty)
    huge = shipped("qwen-code-greedy.json")
    huge["cycles"][0]["proposed_texts"] = ["Z" * 1_000_000] * len(huge["cycles"][0]["proposed"])
    with pytest.raises(SpecvizError, match="token text longer than"):
        run_from_dict(huge)
    with pytest.raises(SpecvizError, match="nested deeper"):
        run_from_json('{"policy": ' + "[" * 100_000 + "]" * 100_000 + "}")
    with pytest.raises(SpecvizError, match="thousands of digits"):
        run_from_json('{"seed": ' + "9" * 5000 + "}")


@pytest.mark.parametrize(("where", "value", "message"), [
    ("proposed", [-1] * 4, "token id outside"), ("proposed", [10**12] * 4, "token id outside"),
    ("target_p", [float("inf")] * 4, "wrong type"), ("target_p", [1.5] * 4, "outside \\[0, 1\\]"),
    ("uniforms", [-0.5] * 4, "outside \\[0, 1\\]"),
    ("acceptance_rate", -1.0, "not a share"), ("acceptance_rate", 2.0, "not a share")])
def test_impossible_values_in_a_trace_are_refused(where, value, message):
    trace = shipped("qwen-code-t0.8.json")
    cycle = next(c for c in trace["cycles"] if len(c["proposed"]) == 4 and len(c["target_p"]) == 4)
    if where == "acceptance_rate":
        trace["totals"]["acceptance_rate"] = value
    else:
        cycle[where] = value
    with pytest.raises(SpecvizError, match=message):
        run_from_dict(trace)
