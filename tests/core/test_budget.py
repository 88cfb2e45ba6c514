"""Time budget formulas against the article's numbers and basic identities."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from specviz.core import budget
from specviz.errors import SpecvizError


def article(alpha: float, k: int = 4) -> budget.Budget:
    return budget.Budget(k=k, draft_ms=3, verify_ms=50, overhead_ms=2, baseline_ms=40, alpha=alpha)


def test_article_cycle_costs_64_ms():
    assert budget.cycle_ms(article(0.8)) == 64


@pytest.mark.parametrize("alpha, tokens, ms", [(0.8, 3.3616, 19.04), (0.2, 1.2496, 51.22)])
def test_article_ms_per_token(alpha, tokens, ms):
    plan = article(alpha)
    assert budget.tokens_per_cycle(alpha, 4) == pytest.approx(tokens, abs=1e-12)
    assert round(budget.ms_per_token(plan), 2) == ms


def test_speedup_and_break_even():
    assert budget.speedup(article(0.8)) == pytest.approx(40 / (64 / 3.3616))
    assert budget.speedup(article(0.2)) < 1  # the same correct scheme slows down


def test_best_k_beats_every_other_k():
    plan = article(0.8)
    best = budget.best_k(plan)
    speeds = {k: budget.speedup(article(0.8, k)) for k in range(1, 33)}
    assert speeds[best] == max(speeds.values())
    assert budget.best_k(article(0.2)) == 1


@given(st.floats(0, 1), st.integers(1, 32))
def test_positional_form_matches_constant_alpha(alpha, k):
    assert budget.tokens_per_cycle_positional([alpha] * k) == pytest.approx(budget.tokens_per_cycle(alpha, k))


def test_positional_form_by_hand():
    # 1 + 0.9 + 0.9 * 0.5 + 0.9 * 0.5 * 0.2
    assert budget.tokens_per_cycle_positional([0.9, 0.5, 0.2]) == pytest.approx(2.44)


@pytest.mark.parametrize(
    "field, value, message",
    [("k", 0, "k must be"), ("k", 33, "k must be"), ("alpha", 1.5, "alpha"), ("draft_ms", -1, "draft-ms"),
     ("baseline_ms", 0, "baseline-ms"), ("alpha", float("nan"), "alpha")],
)
def test_bad_budget_values(field, value, message):
    values = dict(k=4, draft_ms=3, verify_ms=50, overhead_ms=2, baseline_ms=40, alpha=0.8)
    values[field] = value
    with pytest.raises(SpecvizError, match=message):
        budget.Budget(**values)
