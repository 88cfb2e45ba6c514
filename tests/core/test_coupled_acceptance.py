"""How often coupled draws agree: the exact formula, a Monte Carlo through the verifier's code, and the bounds.

With the same noise, the draws of p and q agree with probability
β = Σ_i 1 / Σ_j max(p_j / p_i, q_j / q_i), which lies between (1 - TV) / (1 + TV)
(Daliri, Musco and Suresh 2024) and 1 - TV (no coupling agrees more often).
The Monte Carlo is compared at the suite's ALPHA; a draft that does not share the
noise (it agrees with probability Σ p·q) must be caught by the same comparison.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest
import torch

from specviz.core import expected, toy
from specviz.core.sampling import (
    GumbelSampler,
    StreamSampler,
    coupled_agreement,
    coupled_agreement_rows,
    positional_uniforms,
    to_uniform,
)
from specviz.core.verifiers import get_verifier
from tests.stats import ALPHA

F = Fraction
PAIRS = {  # (p, q): the article's example, a skewed pair, disjoint-ish supports, identical distributions
    "article": ([F(1, 2), F(3, 10), F(1, 5)], [F(1, 5), F(3, 10), F(1, 2)]),
    "skewed": ([F(7, 10), F(1, 5), F(1, 10), F(0)], [F(1, 4), F(1, 4), F(1, 4), F(1, 4)]),
    "apart": ([F(9, 10), F(1, 10), F(0)], [F(1, 10), F(0), F(9, 10)]),
    "same": ([F(2, 5), F(2, 5), F(1, 5)], [F(2, 5), F(2, 5), F(1, 5)]),
}
TRIALS = 4000


def total_variation(p, q) -> Fraction:
    return sum((abs(a - b) for a, b in zip(p, q)), Fraction(0)) / 2


def agreement_rate(p, q, seed: int = 0, coupled: bool = True) -> float:
    """Share of TRIALS one-token cycles (positions 0..TRIALS-1) in which the coupled rule keeps the proposal."""
    rule = get_verifier("coupled")
    gumbel = GumbelSampler(seed, torch.Generator().manual_seed(seed))
    # Broken on purpose when coupled=False: the draft draws from its own stream, not with the shared noise.
    drafting = gumbel if coupled else StreamSampler(torch.Generator().manual_seed(seed + 1))
    target_probs = torch.tensor([[float(x) for x in p]] * 2, dtype=torch.float64)  # [2, vocab]
    draft_probs = torch.tensor([[float(x) for x in q]], dtype=torch.float64)  # [1, vocab]
    kept = 0
    for t in range(TRIALS):
        proposal = torch.tensor([drafting.draw(draft_probs[0], t)])
        kept += rule.verify(target_probs, draft_probs, proposal, gumbel, position=t).accepted
    return kept / TRIALS


def z_pvalue(rate: float, chance: float, n: int) -> float:
    """Two-sided p-value of a binomial share against its exact chance (normal approximation)."""
    if chance in (0.0, 1.0):
        return 1.0 if rate == chance else 0.0
    z = (rate - chance) / math.sqrt(chance * (1 - chance) / n)
    return math.erfc(abs(z) / math.sqrt(2))


@pytest.mark.parametrize("name", PAIRS)
def test_the_exact_agreement_lies_between_the_papers_bound_and_one_minus_tv(name):
    p, q = PAIRS[name]
    beta, tv = coupled_agreement(p, q), total_variation(p, q)
    assert isinstance(beta, Fraction)
    assert (1 - tv) / (1 + tv) <= beta <= 1 - tv


def test_the_article_pair_by_hand():
    # p = (1/2, 3/10, 1/5), q = (1/5, 3/10, 1/2): token 0 gives Σ_j max = 1 + max(3/5, 3/2) + max(2/5, 5/2) = 5,
    # token 1: max(5/3, 2/3) + 1 + max(2/3, 5/3) = 13/3, token 2: max(5/2, 2/5) + max(3/2, 3/5) + 1 = 5.
    p, q = PAIRS["article"]
    assert coupled_agreement(p, q) == F(1, 5) + F(3, 13) + F(1, 5)


@pytest.mark.parametrize("name", ["article", "skewed", "apart"])
def test_the_monte_carlo_through_the_verifier_agrees_with_the_formula(name):
    p, q = PAIRS[name]
    beta = float(coupled_agreement(p, q))
    assert z_pvalue(agreement_rate(p, q), beta, TRIALS) > ALPHA


@pytest.mark.parametrize("name", ["article", "skewed"])
def test_a_draft_that_does_not_share_the_noise_is_caught(name):
    p, q = PAIRS[name]
    beta = float(coupled_agreement(p, q))
    rate = agreement_rate(p, q, coupled=False)
    assert z_pvalue(rate, float(sum(a * b for a, b in zip(p, q))), TRIALS) > ALPHA  # it agrees with chance Σ p·q
    assert z_pvalue(rate, beta, TRIALS) < ALPHA  # and the comparison with the formula sees it


def test_the_toy_lists_coupled_beside_the_other_rules():
    p, q = PAIRS["article"]
    by_rule = expected.expected_accepted(p, q, 3)
    beta = coupled_agreement(p, q)
    assert by_rule["coupled"] == beta + beta ** 2 + beta ** 3
    assert by_rule["match"] < by_rule["coupled"] < by_rule["token"]  # shared noise beats none, below min(1, p/q)
    assert toy.one_position(p, q).accepted_total == 1 - total_variation(p, q)


def test_the_noise_depends_on_seed_position_and_token_only():
    ids = np.arange(1000)
    a = positional_uniforms(7, 12, ids)
    assert np.array_equal(a[100:200], positional_uniforms(7, 12, ids[100:200]))  # whoever asks for which ids
    assert not np.array_equal(a, positional_uniforms(7, 13, ids))  # another position
    assert not np.array_equal(a, positional_uniforms(8, 12, ids))  # another seed
    assert 0 < a.min() and a.max() < 1
    extremes = to_uniform(np.array([0, 2**64 - 1], dtype=np.uint64))  # the smallest and largest hashes
    assert 0 < extremes[0] and extremes[1] < 1  # the largest would round to 1 (log(-log u) = -inf) unclamped
    # Uniform: 100,000 values fall evenly in ten bins (chi-square at ALPHA).
    counts = np.bincount((positional_uniforms(3, 0, np.arange(100_000)) * 10).astype(int), minlength=10)
    statistic = ((counts - 10_000) ** 2 / 10_000).sum()
    assert statistic < 27.9  # the chi-square quantile 1 - ALPHA with 9 degrees of freedom


def test_the_fast_agreement_over_a_vocabulary_is_the_exact_one():
    generator = torch.Generator().manual_seed(0)
    for trial in range(100):
        vocab = 2 + trial % 7
        p, q = torch.rand(vocab, generator=generator).pow(3), torch.rand(vocab, generator=generator).pow(3)
        p[0] = 0.0 if trial % 3 == 0 else p[0]  # a token only the draft can draw
        q[-1] = 0.0 if trial % 4 == 0 else q[-1]  # and one only the target can
        p, q = p / p.sum(), q / q.sum()
        if trial % 5 == 0 and vocab > 2 and p[1] > 0 and p[2] > 0:  # two tokens whose ratios q/p tie
            q[2] = q[1] * p[2] / p[1]
            q = q / q.sum()
        exact = coupled_agreement([F(float(x)) for x in p.double()], [F(float(x)) for x in q.double()])
        assert float(coupled_agreement_rows(p[None], q[None])[0]) == pytest.approx(float(exact), abs=1e-12)
