"""The verification step: forced outcomes, then its output distribution."""

from fractions import Fraction

import numpy as np
import pytest
import torch
from hypothesis import given, settings
from hypothesis import strategies as st

from specviz.core import toy
from specviz.core.sampling import StreamSampler
from specviz.core.verifiers import get_verifier
from tests.stats import ALPHA, chi_square_pvalue

RULES = {"exact": "token", "naive": "naive"}  # the token-level rule and the broken one, by registry name


def verify(target_probs, draft_probs, draft_tokens, generator=None, rule="exact"):
    return get_verifier(RULES[rule]).verify(target_probs, draft_probs, draft_tokens,
                                            StreamSampler(generator or torch.Generator()))


def one_hot(index: int, vocab: int = 4) -> torch.Tensor:
    return torch.nn.functional.one_hot(torch.tensor(index), vocab).float()


def test_all_accepted_draws_the_bonus_from_the_extra_position():
    draft = torch.stack([one_hot(1), one_hot(2)])
    target = torch.stack([one_hot(1), one_hot(2), one_hot(3)])
    result = verify(target, draft, torch.tensor([1, 2]), torch.Generator().manual_seed(0))
    assert (result.accepted, result.emitted, result.kind) == (2, [1, 2, 3], "bonus")
    assert result.accept_prob == [1.0, 1.0]
    assert result.residual is None


def test_first_rejection_discards_the_rest_and_corrects_from_the_residual():
    # Position 2 proposes token 0, which the target gives probability 0: it must be rejected.
    draft = torch.stack([one_hot(1), one_hot(0), one_hot(2)])
    target = torch.stack([one_hot(1), torch.tensor([0.0, 0.0, 0.5, 0.5]), one_hot(2), one_hot(3)])
    result = verify(target, draft, torch.tensor([1, 0, 2]), torch.Generator().manual_seed(0))
    assert result.accepted == 1 and result.kind == "correction"
    assert result.emitted[0] == 1 and result.emitted[1] in (2, 3)
    assert len(result.accept_prob) == 2  # positions after the rejection are not reported
    assert result.accept_prob[1] == 0.0
    assert torch.allclose(result.residual, torch.tensor([0.0, 0.0, 0.5, 0.5]))


def test_acceptance_uses_the_uniform_draw():
    draft = torch.tensor([[0.5, 0.5]])
    target = torch.tensor([[0.25, 0.75], [1.0, 0.0]])
    result = verify(target, draft, torch.tensor([0]), torch.Generator().manual_seed(3))
    assert result.accept_prob == [0.5]
    assert (result.uniforms[0] < 0.5) == (result.accepted == 1)


def test_equal_distributions_accept_everything():
    probs = torch.softmax(torch.randn(5, 30, generator=torch.Generator().manual_seed(1)), dim=-1)
    tokens = torch.multinomial(probs[:4], 1).squeeze(1)
    result = verify(probs, probs[:4], tokens, torch.Generator().manual_seed(2))
    assert result.accepted == 4 and result.kind == "bonus"


def test_shape_mismatch_is_caught():
    with pytest.raises(AssertionError, match="shapes"):
        verify(torch.ones(2, 3) / 3, torch.ones(2, 3) / 3, torch.tensor([0, 1]))


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(0, 20), min_size=3, max_size=8), st.lists(st.integers(1, 20), min_size=3, max_size=8))
def test_float_residual_matches_the_exact_rational_correction(p_weights, q_weights):
    size = min(len(p_weights), len(q_weights))
    p_weights, q_weights = p_weights[:size], q_weights[:size]
    if sum(p_weights) == 0:
        p_weights[0] = 1
    p = [Fraction(w, sum(p_weights)) for w in p_weights]
    q = [Fraction(w, sum(q_weights)) for w in q_weights]
    exact = toy.one_position(p, q)
    if exact.correction is None:
        return
    target = torch.tensor([[float(x) for x in p]] * 2, dtype=torch.float64)
    draft = torch.tensor([[float(x) for x in q]], dtype=torch.float64)
    # Propose a token the target gives no more than the draft, then force its rejection.
    token = max(range(size), key=lambda i: float(q[i] - p[i]))
    for seed in range(50):
        result = verify(target, draft, torch.tensor([token]), torch.Generator().manual_seed(seed))
        if result.kind == "correction":
            assert np.allclose(result.residual.numpy(), [float(c) for c in exact.correction])
            return


# --- the output distribution, by Monte Carlo -------------------------------------

P0 = torch.tensor([0.5, 0.3, 0.2])  # the article's target
Q0 = torch.tensor([0.7, 0.2, 0.1])  # the article's draft
P1 = torch.tensor([0.1, 0.2, 0.7])
Q1 = torch.tensor([0.3, 0.3, 0.4])


def simulate(rule: str, n: int, seed: int) -> np.ndarray:
    """Counts of the first two emitted tokens over n seeded cycles with k = 2."""
    generator = torch.Generator().manual_seed(seed)
    draft_probs = torch.stack([Q0, Q1])  # [2, 3]
    target_probs = torch.stack([P0, P1, P0])  # [3, 3]
    counts = np.zeros((3, 3))
    for _ in range(n):
        tokens = torch.multinomial(draft_probs, 1, generator=generator).squeeze(1)
        first = verify(target_probs, draft_probs, tokens, generator, rule=rule)
        if len(first.emitted) >= 2:
            a, b = first.emitted[:2]
        else:
            # Rejected at position 1: the next cycle proposes position 2 afresh (same toy p, q).
            a = first.emitted[0]
            nxt = torch.multinomial(Q1, 1, generator=generator)
            b = verify(torch.stack([P1, P0]), Q1[None], nxt, generator, rule=rule).emitted[0]
        counts[a, b] += 1
    return counts


EXPECTED_JOINT = (P0[:, None] * P1[None, :]).numpy()  # toy contexts: position 2 does not depend on 1


def test_exact_rule_gives_the_target_distribution():
    counts = simulate("exact", 20_000, seed=11)
    assert chi_square_pvalue(counts.sum(1), P0.numpy()) > ALPHA
    assert chi_square_pvalue(counts.ravel(), EXPECTED_JOINT.ravel()) > ALPHA


def test_naive_rule_is_caught_by_the_same_test():
    counts = simulate("naive", 20_000, seed=11)
    assert chi_square_pvalue(counts.sum(1), P0.numpy()) < ALPHA
    assert chi_square_pvalue(counts.ravel(), EXPECTED_JOINT.ravel()) < ALPHA
