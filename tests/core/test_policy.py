"""Policy -> distribution: temperature, top-k, top-p and their tie rules."""

import pytest
import torch

from specviz.core.policy import SamplingPolicy, logits_to_probs, sample, sample_one
from specviz.errors import SpecvizError


def test_greedy_is_one_hot_and_ties_go_to_lowest_id():
    logits = torch.tensor([[1.0, 3.0, 3.0, 2.0], [5.0, 0.0, 5.0, 5.0]])
    probs = logits_to_probs(logits, SamplingPolicy(temperature=0))
    assert probs.tolist() == [[0, 1, 0, 0], [1, 0, 0, 0]]


def test_temperature_scales_logits():
    logits = torch.tensor([0.0, 1.0, 2.0])
    probs = logits_to_probs(logits, SamplingPolicy(temperature=0.5))
    assert torch.allclose(probs, torch.softmax(logits / 0.5, dim=-1))


def test_top_k_keeps_k_and_ties_with_the_kth():
    logits = torch.tensor([4.0, 3.0, 2.0, 2.0, 1.0])
    kept = logits_to_probs(logits, SamplingPolicy(temperature=1, top_k=2)) > 0
    assert kept.tolist() == [True, True, False, False, False]
    kept = logits_to_probs(logits, SamplingPolicy(temperature=1, top_k=3)) > 0
    assert kept.tolist() == [True, True, True, True, False]  # the tie at the 3rd place is kept


def test_top_p_keeps_the_token_that_crosses_the_threshold():
    probs_in = torch.tensor([0.5, 0.3, 0.15, 0.05])
    logits = probs_in.log()
    out = logits_to_probs(logits, SamplingPolicy(temperature=1, top_p=0.7))
    assert (out > 0).tolist() == [True, True, False, False]  # 0.5 < 0.7, 0.5 + 0.3 crosses
    assert torch.allclose(out[:2], torch.tensor([0.625, 0.375]))
    out = logits_to_probs(logits, SamplingPolicy(temperature=1, top_p=0.8))
    assert (out > 0).tolist() == [True, True, False, False]  # exactly 0.8 is reached: stop
    tiny = logits_to_probs(logits, SamplingPolicy(temperature=1, top_p=0.01))
    assert tiny.tolist() == [1.0, 0.0, 0.0, 0.0]  # the top token always survives


def test_filters_compose_and_rows_sum_to_one():
    logits = torch.randn(6, 50, generator=torch.Generator().manual_seed(0))
    probs = logits_to_probs(logits, SamplingPolicy(temperature=0.7, top_k=10, top_p=0.9))
    assert torch.allclose(probs.sum(-1), torch.ones(6))
    assert ((probs > 0).sum(-1) <= 10).all()


def test_sample_is_reproducible_with_a_seed():
    probs = torch.softmax(torch.randn(100), dim=-1)
    draws = [sample(probs.expand(20, -1), torch.Generator().manual_seed(7)).tolist() for _ in range(2)]
    assert draws[0] == draws[1]


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"temperature": -0.1}, "temperature"),
        ({"temperature": float("nan")}, "temperature"),
        ({"top_k": -1}, "top-k"),
        ({"top_k": 2.5}, "top-k"),
        ({"top_p": 0.0}, "top-p"),
        ({"top_p": 1.5}, "top-p"),
    ],
)
def test_bad_policies_are_refused(kwargs, message):
    with pytest.raises(SpecvizError, match=message):
        SamplingPolicy(**kwargs)


def _draws(sampler, probs, n=20_000, seed=7):
    generator = torch.Generator().manual_seed(seed)
    return torch.bincount(torch.tensor([sampler(probs, generator) for _ in range(n)]), minlength=probs.shape[0])


def _off_by_one(probs, generator):
    """Broken on purpose: the search without right=True puts u's mass one token early at ties of the sum."""
    cdf = probs.double().cumsum(0)
    u = torch.rand((), generator=generator, dtype=torch.float64) * cdf[-1]
    return max(int(torch.searchsorted(cdf, u)) - 1, 0)


def test_sample_one_follows_the_distribution_and_never_draws_a_zero():
    from stats import ALPHA, chi_square_pvalue

    probs = torch.tensor([0.5, 0.0, 0.3, 0.15, 0.05])
    counts = _draws(sample_one, probs)
    assert counts[1] == 0
    assert chi_square_pvalue(counts[probs > 0].tolist(), (probs[probs > 0]).tolist()) > ALPHA
    broken = _draws(_off_by_one, probs)
    assert chi_square_pvalue(broken.tolist(), probs.tolist()) < ALPHA or broken[1] > 0


def test_sample_one_is_reproducible_with_a_seed():
    probs = torch.softmax(torch.randn(1000, generator=torch.Generator().manual_seed(1)), 0)
    first = [sample_one(probs, torch.Generator().manual_seed(3)) for _ in range(5)]
    assert len(set(first)) == 1
    assert _draws(sample_one, probs, n=50, seed=3).tolist() == _draws(sample_one, probs, n=50, seed=3).tolist()
