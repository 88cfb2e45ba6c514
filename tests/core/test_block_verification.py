"""Block verification and sample-and-match: forced outcomes, exact expectations, and Monte Carlo through the code.

Monte-Carlo checks use |z| < 4 (two-sided level about 6e-5 per comparison), and
each is paired with a deliberately broken block rule that the same check must
catch.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
import torch
from hypothesis import given, settings
from hypothesis import strategies as st

from specviz.core.expected import acceptance_by_position, expected_accepted
from specviz.core.sampling import StreamSampler
from specviz.core.verifiers import get_verifier
from specviz.core.verifiers.block import BlockVerifier

Z_LIMIT = 4.0



def stream(seed: int) -> StreamSampler:
    """A run's draws from a seeded generator (what the token, block and match rules draw with)."""
    return StreamSampler(torch.Generator().manual_seed(seed))

def rows(distribution, count):
    return torch.tensor([distribution] * count, dtype=torch.float64)


def test_a_later_ratio_above_one_rescues_an_earlier_one_below_one():
    # Position 1: the proposal has p/q = 0.5; position 2: p/q = 2. The token rule keeps x_1 half of the time;
    # block verification weighs the prefix: p_1 = 0.5, p_2 = min(1, 0.5 · 2) = 1, so it keeps both, always.
    target_probs = torch.tensor([[0.25, 0.75], [0.8, 0.2], [0.5, 0.5]], dtype=torch.float64)
    draft_probs = torch.tensor([[0.5, 0.5], [0.4, 0.6]], dtype=torch.float64)
    tokens = torch.tensor([0, 0])
    block, token = get_verifier("block"), get_verifier("token")
    kept_by_block = [block.verify(target_probs, draft_probs, tokens, stream(s)).accepted
                     for s in range(200)]
    kept_by_token = [token.verify(target_probs, draft_probs, tokens, stream(s)).accepted
                     for s in range(200)]
    assert kept_by_block == [2] * 200
    assert 60 < sum(n >= 1 for n in kept_by_token) < 140  # about half
    result = block.verify(target_probs, draft_probs, tokens, stream(0))
    assert result.weights == pytest.approx([0.5, 1.0]) and result.kind == "bonus"


def test_block_and_token_agree_on_a_single_proposal():
    target_probs = rows([0.5, 0.3, 0.2], 2)
    draft_probs = rows([0.7, 0.2, 0.1], 1)
    for seed in range(50):
        a, b = (get_verifier(name).verify(target_probs, draft_probs, torch.tensor([0]), stream(seed))
                for name in ("block", "token"))
        assert (a.accepted, a.emitted) == (b.accepted, b.emitted)


def test_match_keeps_a_proposal_only_when_the_target_draws_it():
    target_probs = torch.tensor([[0.0, 1.0], [1.0, 0.0]], dtype=torch.float64)  # the target always draws 1
    draft_probs = torch.tensor([[0.5, 0.5]], dtype=torch.float64)
    for seed in range(20):
        kept = get_verifier("match").verify(target_probs, draft_probs, torch.tensor([1]), stream(seed))
        refused = get_verifier("match").verify(target_probs, draft_probs, torch.tensor([0]), stream(seed))
        assert (kept.accepted, kept.emitted) == (1, [1, 0])
        assert (refused.accepted, refused.emitted) == (0, [1])


def test_the_articles_example_keeps_more_tokens_with_the_block_rule():
    p = [Fraction(5, 10), Fraction(3, 10), Fraction(2, 10)]
    q = [Fraction(7, 10), Fraction(2, 10), Fraction(1, 10)]
    expected = expected_accepted(p, q, 4)
    assert expected["token"] == Fraction(1476, 625)  # α + α² + α³ + α⁴ with α = 4/5
    assert expected["block"] == Fraction(6733, 2500) and expected["match"] == Fraction(72859501, 100000000)


distributions = st.lists(st.integers(0, 6), min_size=2, max_size=4).filter(lambda w: sum(w) > 0)


@settings(max_examples=60, deadline=None)
@given(distributions, distributions, st.integers(1, 5))
def test_block_keeps_at_least_as_many_as_token_which_keeps_at_least_as_many_as_match(p_weights, q_weights, n):
    size = min(len(p_weights), len(q_weights))
    p = [Fraction(w, sum(p_weights[:size]) or 1) for w in p_weights[:size]]
    q = [Fraction(w, sum(q_weights[:size]) or 1) for w in q_weights[:size]]
    if sum(p) != 1 or sum(q) != 1:
        return  # a truncated list lost all its weight
    expected = expected_accepted(p, q, n)
    alpha = sum(min(a, b) for a, b in zip(p, q))
    assert expected["token"] == sum(alpha ** i for i in range(1, n + 1))
    assert expected["block"] >= expected["token"] >= expected["match"]
    by_position = acceptance_by_position(p, q, n)["block"]
    assert all(a >= b for a, b in zip(by_position, by_position[1:]))  # keeping i+1 needs keeping i


class StopAtWeightBlock(BlockVerifier):
    """Broken on purpose: stops with probability p_i at every position, ignoring the block residual's mass."""

    def verify(self, target_probs, draft_probs, draft_tokens, sampler, position=0):
        from specviz.core.verifiers import block

        real = block.block_weights

        def naive_stops(*args):
            weights, _ = real(*args)
            return weights, weights

        block.block_weights = naive_stops
        try:
            return super().verify(target_probs, draft_probs, draft_tokens, sampler, position)
        finally:
            block.block_weights = real


def monte_carlo_mean(verifier, p, q, n, trials=4000, seed=0):
    """Mean accepted proposals per cycle through the verifier's own code, and its standard error."""
    generator = torch.Generator().manual_seed(seed)
    target_probs, draft_probs = rows([float(x) for x in p], n + 1), rows([float(x) for x in q], n)
    counts = []
    for _ in range(trials):
        tokens = torch.multinomial(draft_probs[0], n, replacement=True, generator=generator)
        counts.append(verifier.verify(target_probs, draft_probs, tokens, StreamSampler(generator)).accepted)
    values = torch.tensor(counts, dtype=torch.float64)
    return float(values.mean()), float(values.std() / trials ** 0.5)


def tenths(*values):
    return [Fraction(v, 10) for v in values]


CASES = {
    "article": (tenths(5, 3, 2), tenths(7, 2, 1), 4),
    "skewed": (tenths(1, 6, 3), tenths(5, 1, 4), 3),
    "four": ([Fraction(1, 4)] * 4, [Fraction(1, 2), Fraction(1, 4), Fraction(1, 8), Fraction(1, 8)], 5),
}


@pytest.mark.parametrize("case", CASES, ids=CASES)
@pytest.mark.parametrize("name", ["token", "block", "match"])
def test_each_exact_value_is_what_the_verifier_code_keeps_on_average(case, name):
    p, q, n = CASES[case]
    mean, error = monte_carlo_mean(get_verifier(name), p, q, n)
    assert abs(mean - float(expected_accepted(p, q, n)[name])) < Z_LIMIT * error


def test_the_monte_carlo_check_catches_a_broken_block_rule():
    p, q, n = CASES["article"]
    mean, error = monte_carlo_mean(StopAtWeightBlock(), p, q, n)
    assert abs(mean - float(expected_accepted(p, q, n)["block"])) > Z_LIMIT * error
