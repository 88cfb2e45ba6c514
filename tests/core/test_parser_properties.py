"""Property-based tests of every parser a user's text reaches: each returns valid data or one SpecvizError."""

from __future__ import annotations

import argparse
import json
import math
from fractions import Fraction
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from specviz.argtypes import finite_float, integer
from specviz.core import toy
from specviz.engine.trace import RunRecord, run_from_json
from specviz.errors import SpecvizError
from specviz.viz import run_figures

TRACE = json.loads(next((Path(__file__).resolve().parents[2] / "assets" / "traces").glob("*.json")).read_text())
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=20),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)
number_text = st.one_of(st.text(max_size=12), st.from_regex(r"-?[0-9]{0,3}(\.[0-9]{0,4})?(/[0-9]{0,3})?",
                                                            fullmatch=True))


@settings(max_examples=300, deadline=None)
@given(st.lists(number_text, min_size=0, max_size=6))
def test_distribution_text_parses_to_a_distribution_or_a_clear_error(parts):
    try:
        values = toy.parse_distribution(",".join(parts), "p")
    except SpecvizError as error:
        assert "\n" not in str(error)
        return
    assert len(values) >= 2 and all(v >= 0 for v in values) and sum(values, Fraction(0)) == 1


@settings(max_examples=300, deadline=None)
@given(number_text)
def test_numeric_options_are_finite_or_refused(text):
    for parse in (finite_float, integer):
        try:
            value = parse(text)
        except argparse.ArgumentTypeError as error:
            assert "\n" not in str(error)
            continue
        assert math.isfinite(value)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200) | st.binary(max_size=200).map(lambda b: b.decode("utf-8", errors="replace")))
def test_any_text_is_a_trace_or_a_clear_error(text):
    try:
        run_from_json(text)
    except SpecvizError as error:
        assert "\n" not in str(error)


def _paths(value, prefix=()):
    """Every path into a JSON value, for replacing one part of a real trace."""
    yield prefix
    if isinstance(value, dict):
        for key, child in value.items():
            yield from _paths(child, prefix + (key,))
    elif isinstance(value, list):
        for index, child in enumerate(value[:3]):
            yield from _paths(child, prefix + (index,))


PATHS = [p for p in _paths(TRACE) if p]


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(PATHS), json_values)
def test_a_real_trace_with_one_part_replaced_loads_or_is_refused(path, replacement):
    crafted = json.loads(json.dumps(TRACE))
    parent = crafted
    for step in path[:-1]:
        parent = parent[step]
    parent[path[-1]] = replacement
    try:
        record = run_from_json(json.dumps(crafted))
    except SpecvizError as error:
        assert "\n" not in str(error)
        return
    assert isinstance(record, RunRecord)
    # What loads must also draw: the viewer gets no type it cannot handle.
    run_figures.headline(record)
    run_figures.token_spans(record)
    run_figures.timeline_figure(record)
    run_figures.timing_figure(record)
    for cycle in record.cycles:
        run_figures.cycle_rows(cycle)
        run_figures.rejection_figure(cycle)


def test_the_unchanged_trace_loads():
    """The property above is not vacuous: the trace it starts from is accepted."""
    assert run_from_json(json.dumps(TRACE)).cycles
