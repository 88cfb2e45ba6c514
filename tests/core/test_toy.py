"""The exact one-position form: the article's worked example and random p, q."""

from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specviz.core import toy
from specviz.errors import SpecvizError

P = [F(5, 10), F(3, 10), F(2, 10)]
Q = [F(7, 10), F(2, 10), F(1, 10)]


def test_article_example_exact_numbers():
    result = toy.one_position(P, Q)
    assert result.accepted == [F(1, 2), F(1, 5), F(1, 10)]
    assert result.accepted_total == F(4, 5)  # 0.80 accepted, 20% rejected
    assert result.rejected_mass == F(1, 5)
    assert result.residual == [F(0), F(1, 10), F(1, 10)]
    assert result.correction == [F(0), F(1, 2), F(1, 2)]
    assert result.exact == [F(1, 2), F(3, 10), F(1, 5)]
    assert result.naive == [F(3, 5), F(13, 50), F(7, 50)]  # (0.60, 0.26, 0.14): wrong


def test_json_uses_fraction_strings():
    data = toy.one_position(P, Q).to_json()
    assert data["accepted_mass"] == "4/5"
    assert data["exact"] == ["1/2", "3/10", "1/5"]
    assert data["naive"] == ["3/5", "13/50", "7/50"]


def test_equal_distributions_never_reject():
    result = toy.one_position(P, P)
    assert result.rejected_mass == 0
    assert result.correction is None
    assert result.exact == P
    assert result.naive == P


def test_disjoint_supports_reject_always_and_still_give_p():
    p, q = [F(1, 2), F(1, 2), F(0)], [F(0), F(0), F(1)]
    result = toy.one_position(p, q)
    assert result.rejected_mass == 1
    assert result.exact == p


@pytest.mark.parametrize(
    "text, message",
    [
        ("0.5,0.6", "sums to 11/10"),
        ("-0.5,1.5", ">= 0"),
        ("0.5,abc", "not a probability"),
        ("1", "at least 2"),
        ("", "empty"),
        (",".join(["1/100"] * 100), "at most"),
    ],
)
def test_bad_distributions_are_refused(text, message):
    with pytest.raises(SpecvizError, match=message):
        toy.parse_distribution(text, "p")


def test_parse_accepts_decimals_and_fractions():
    assert toy.parse_distribution("1/3, 1/3,1/3") == [F(1, 3)] * 3
    assert toy.parse_distribution("0.5,0.3,0.2") == P


def test_length_mismatch_is_refused():
    with pytest.raises(SpecvizError, match="p has 3 tokens but q has 2"):
        toy.one_position(P, [F(1, 2), F(1, 2)])


@st.composite
def distributions(draw, size):
    weights = draw(st.lists(st.integers(0, 50), min_size=size, max_size=size).filter(lambda w: sum(w) > 0))
    return [F(w, sum(weights)) for w in weights]


@st.composite
def pairs(draw):
    size = draw(st.integers(2, 10))
    return draw(distributions(size)), draw(distributions(size))


@settings(max_examples=300, deadline=None)
@given(pairs())
def test_exact_rule_reproduces_p_for_any_pair(pq):
    p, q = pq
    result = toy.one_position(p, q)
    assert result.exact == p
    assert result.accepted_total + result.rejected_mass == 1
    assert sum(result.residual) == result.rejected_mass  # residual mass = rejection chance
    assert sum(result.naive) == 1
    if result.correction is not None:
        assert sum(result.correction) == 1
        # The correction only goes where the draft under-proposes.
        assert all(c == 0 for c, a, b in zip(result.correction, p, q) if b >= a)


@settings(max_examples=200, deadline=None)
@given(pairs())
def test_naive_rule_is_wrong_whenever_it_moves_mass(pq):
    """Naive = p exactly when min(p, q) = (1 - rejected) * p; otherwise it is biased."""
    p, q = pq
    result = toy.one_position(p, q)
    proportional = all(a == result.accepted_total * x for a, x in zip(result.accepted, p))
    assert (result.naive == p) == proportional
