"""The sampling policy applied to both models, or to one only: what each does to one verification step.

Temperature, top-k and top-p change the distribution a token is drawn from. Speculative
sampling reproduces whatever distribution the verifier is given as p, from any q the draft
really samples from. So the policy must shape both: the target's p (the distribution the
output must follow) and the draft's q (what it proposes from, and reports).

- both: the output follows the policy's p; acceptance is Σ min(p', q').
- target only: the output still follows the policy's p (any q works), but the draft proposes
  from another distribution, tokens the policy removed included: acceptance changes (with
  top-k = 2 on the page's default logits it falls from 0.80 to 0.69).
- draft only: the verifier checks against the raw p, so the output follows the raw p, not the
  distribution the user asked for.
"""

from __future__ import annotations

from dataclasses import dataclass

import torch

from specviz.core.policy import SamplingPolicy, logits_to_probs

CASES = ("both", "target_only", "draft_only")


@dataclass(frozen=True)
class PolicyCase:
    name: str  # one of CASES
    target_probs: list[float]  # p the verifier checks against
    draft_probs: list[float]  # q the draft samples from (and reports)
    output: list[float]  # the distribution of the token one verification step emits
    acceptance: float  # probability that the draft's token is accepted: Σ min(p, q)
    distance: float  # total variation between `output` and the policy's p (what was asked for)


@dataclass(frozen=True)
class PolicyView:
    raw_p: list[float]
    raw_q: list[float]
    policy_p: list[float]
    policy_q: list[float]
    cases: tuple[PolicyCase, ...]


def one_step_output(target_probs: list[float], draft_probs: list[float]) -> tuple[list[float], float]:
    """(output distribution, acceptance) of one verification step: accepted min(p, q), then the residual."""
    accepted = [min(p, q) for p, q in zip(target_probs, draft_probs)]
    acceptance = sum(accepted)
    residual = [max(p - q, 0.0) for p, q in zip(target_probs, draft_probs)]
    mass = sum(residual)
    if mass <= 0:  # p = q: every proposal is accepted
        return list(target_probs), acceptance
    return [a + (1 - acceptance) * r / mass for a, r in zip(accepted, residual)], acceptance


def policy_view(target_logits: list[float], draft_logits: list[float], policy: SamplingPolicy) -> PolicyView:
    """Raw and policy-shaped p and q over a small vocabulary, and the three ways of applying the policy."""
    assert len(target_logits) == len(draft_logits), "one logit per token for each model"
    raw = SamplingPolicy(1.0, 0, 1.0)

    def probs(logits: list[float], chosen: SamplingPolicy) -> list[float]:
        return logits_to_probs(torch.tensor(logits, dtype=torch.float64), chosen).tolist()  # [vocab]

    raw_p, raw_q = probs(target_logits, raw), probs(draft_logits, raw)
    policy_p, policy_q = probs(target_logits, policy), probs(draft_logits, policy)
    cases = []
    for name, target_probs, draft_probs in (("both", policy_p, policy_q), ("target_only", policy_p, raw_q),
                                            ("draft_only", raw_p, policy_q)):
        output, acceptance = one_step_output(target_probs, draft_probs)
        distance = 0.5 * sum(abs(a - b) for a, b in zip(output, policy_p))
        cases.append(PolicyCase(name, target_probs, draft_probs, output, acceptance, distance))
    return PolicyView(raw_p, raw_q, policy_p, policy_q, tuple(cases))
