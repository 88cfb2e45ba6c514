"""A shared link sets only values a Run accepts: whatever the link says, the Run never refuses what it set."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specviz.core.policy import SamplingPolicy
from specviz.errors import SpecvizError
from specviz.limits import MIN_TEMPERATURE, WIDGET_TEMPERATURE
from specviz.settings import from_query, widget_ranges

RANGES = widget_ranges(16, 256)


@pytest.mark.parametrize("raw", ["1e-300", "5e-324", "0.0009", "-0.0"])
def test_a_temperature_between_greedy_and_the_smallest_the_run_takes_is_ignored(raw):
    value = from_query("temperature", raw, RANGES)
    assert value is None or value == 0.0  # "-0.0" is greedy


@settings(max_examples=200, deadline=None)
@given(st.floats(allow_nan=True, allow_infinity=True))
def test_every_temperature_a_link_can_set_is_one_the_run_accepts(temperature):
    value = from_query("temperature", repr(temperature), RANGES)
    if value is not None:
        SamplingPolicy(value, 0, 1.0)  # raises SpecvizError for a temperature the Run refuses


def test_the_range_says_what_it_takes():
    assert WIDGET_TEMPERATURE.contains(0.0) and WIDGET_TEMPERATURE.contains(MIN_TEMPERATURE)
    with pytest.raises(SpecvizError, match=r"temperature must be a number in \[0, 2\], 0 or at least 0.001"):
        WIDGET_TEMPERATURE.check(1e-300)
