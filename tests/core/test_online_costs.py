"""The online cost model shared by the budget schedule and the hybrid's choice of source."""

import pytest

from specviz.core.online_costs import COST_WEIGHT, FadedRate, PassTimes


def test_an_untimed_row_count_takes_the_nearest_timed_one_the_larger_on_a_tie():
    times = PassTimes()
    assert times.nearest(3) is None and times.cheapest() is None
    times.add(2, 100.0)
    times.add(4, 140.0)
    assert times.nearest(3) == 140.0  # 2 and 4 are as near: the larger never costs less
    assert times.nearest(1) == 100.0 and times.nearest(9) == 140.0
    times.add(1, 60.0)
    assert times.cheapest() == 60.0 and times.cheapest(fewest=2) == 100.0
    assert times.nearest(1, fewest=2) == 100.0


def test_a_time_is_a_running_mean_and_counts_fade():
    times = PassTimes()
    times.add(3, 100.0)
    times.add(3, 200.0)
    assert times.ms[3] == pytest.approx(100.0 + COST_WEIGHT * 100.0)
    rate = FadedRate()
    rate.add(3, 4, fade=0.5)
    rate.add(1, 2, fade=0.5)
    assert (rate.passed, rate.reached) == (2.5, 4.0)
    assert rate.leaning(prior=0.5, weight=2.0) == pytest.approx((2.5 + 1.0) / (4.0 + 2.0))
