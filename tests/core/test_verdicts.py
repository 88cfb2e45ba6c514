"""Every exact rule judged on the same proposal, the same target pass and the same draws.

Hand-built probabilities force each verdict; random ones check that the rule
that decided a cycle would judge its own draws exactly as it decided.
"""

from __future__ import annotations

import pytest
import torch

from specviz.core.sampling import GumbelSampler, NoiseKey
from specviz.core.verifiers import exact_verifiers, get_verifier, judge_all, make_sampler

# Position 1: p/q = 0.5 for the proposal; position 2: p/q = 2 (the rescue of test_block_verification).
TARGET = torch.tensor([[0.25, 0.75], [0.8, 0.2], [0.5, 0.5]], dtype=torch.float64)  # [3, 2]
DRAFT = torch.tensor([[0.5, 0.5], [0.4, 0.6]], dtype=torch.float64)  # [2, 2]
TOKENS = torch.tensor([0, 0])
KEY = NoiseKey(seed=3, position=10)  # the coupled rule's own draws: the seed's noise at positions 10 and 11


def by_rule(draws):
    return {v.verifier: v for v in judge_all(exact_verifiers(), TARGET, DRAFT, TOKENS, draws, KEY)}


def test_with_a_draw_above_the_first_ratio_only_block_keeps_the_block():
    verdicts = by_rule([0.7, 0.9])
    assert verdicts["token"].accepted == 0  # u_1 = 0.7 ≥ min(1, 0.25/0.5)
    assert verdicts["token"].thresholds == pytest.approx([0.5, 1.0])
    assert verdicts["block"].accepted == 2  # h_2 = p_2 = 1: the whole block stands
    assert verdicts["block"].weights == pytest.approx([0.5, 1.0])
    assert verdicts["block"].thresholds[1] == pytest.approx(1.0)
    # The target's own draw at u_1 = 0.7 is token 1 (its CDF passes 0.7 there), not the proposed 0.
    assert (verdicts["match"].accepted, verdicts["match"].target_draws) == (0, [1])
    assert verdicts["match"].thresholds == pytest.approx([0.25, 0.8])


def test_with_small_draws_token_and_match_keep_more():
    verdicts = by_rule([0.1, 0.5])
    assert verdicts["token"].accepted == 2
    assert verdicts["block"].accepted == 2
    assert (verdicts["match"].accepted, verdicts["match"].target_draws) == (2, [0, 0])


@pytest.mark.parametrize("name", [*exact_verifiers(), "coupled-by-cycle"])
def test_the_deciding_rule_judges_its_own_draws_as_it_decided(name):
    generator = torch.Generator().manual_seed(7)
    for trial in range(200):
        k, vocab = 1 + trial % 5, 6
        target = torch.rand(k + 1, vocab, generator=generator).pow(3).softmax(-1)  # [k + 1, vocab]
        draft = torch.rand(k, vocab, generator=generator).pow(3).softmax(-1)  # [k, vocab]
        tokens = torch.multinomial(draft, 1, generator=generator).squeeze(1)  # [k]
        rule = get_verifier(name)
        sampler = make_sampler(rule, trial, torch.device("cpu"))
        sampler.begin_cycle(5)  # as a run does before each cycle
        result = rule.verify(target, draft, tokens, sampler, position=5)
        [verdict] = judge_all((name,), target, draft, tokens, result.draws, NoiseKey(trial, 5))
        assert verdict.accepted == result.accepted
        assert verdict.thresholds[: len(result.accept_prob)] == pytest.approx(result.accept_prob)


def test_the_coupled_rule_judges_with_the_seeds_noise_not_with_the_draws():
    gumbel = GumbelSampler(KEY.seed, torch.Generator())
    own = [gumbel.draw(TARGET[i], KEY.position + i) for i in range(2)]  # the target's draws at positions 10, 11
    for draws in ([0.7, 0.9], [0.1, 0.5], [0.0, 0.0]):  # the uniforms change nothing
        verdict = by_rule(draws)["coupled"]
        kept = 0 if own[0] != 0 else 1 if own[1] != 0 else 2
        assert verdict.accepted == kept
        assert verdict.target_draws == own[: kept + 1]
    # Its thresholds: P(the target draws x | the draft drew x, same noise) = 1 / (q_x Σ_j max(p_j/p_x, q_j/q_x)).
    # Position 1: x = 0, p = (1/4, 3/4), q = (1/2, 1/2): Σ = 1 + max(3, 1) = 4, so 1 / (1/2 · 4) = 1/2.
    # Position 2: x = 0, p = (0.8, 0.2), q = (0.4, 0.6): Σ = 1 + max(1/4, 3/2) = 5/2, so 1 / (0.4 · 5/2) = 1.
    assert by_rule([0.5, 0.5])["coupled"].thresholds == pytest.approx([0.5, 1.0])


def test_draws_must_match_the_proposal():
    with pytest.raises(AssertionError):
        judge_all(exact_verifiers(), TARGET, DRAFT, TOKENS, [0.5])
