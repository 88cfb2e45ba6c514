"""The verification step of speculative sampling (Leviathan et al. 2023, Alg. 1).

Terminology (used the same way in the engine, the trace and the app):
- proposal: the k tokens x_1..x_k the draft sampled, one by one, from q;
- accepted: a proposed token that passed its check, u_i < min(1, p(x_i)/q(x_i));
  the accepted prefix is every token before the first rejection;
- rejection: the first position whose check fails; the rest of the proposal is
  discarded (its target states assumed a past that will not happen);
- correction (also called "recovered" token): drawn at the rejection position
  from the residual max(p - q, 0), normalised over the whole vocabulary;
- bonus: when all k pass, one more token drawn from the target's distribution
  after x_k, which the same target forward pass already computed.

Tensors are named for the model that produced them, never "p"/"q" alone:
``target_probs`` is p, ``draft_probs`` is q.

Departures from Algorithm 1, labelled where they happen:
- (a) the uniforms u_1..u_k are drawn up front, one per position, so a seeded
  run is reproducible whatever the outcome;
- (b) if the residual has zero mass (p == q at that position, which makes a
  rejection impossible in exact arithmetic but not in floating point) the
  correction is drawn from p itself;
- (c) ``rule="naive"`` replaces the residual by p: the wrong rule, kept so the
  app and the tests can show that it breaks the output distribution.
"""

from __future__ import annotations

from dataclasses import dataclass

import torch

from specviz.core.policy import sample_one

RULES = ("exact", "naive")


@dataclass
class VerifyResult:
    """Everything a viewer needs about one verification step, as plain data."""

    accepted: int  # n: how many proposed tokens were kept
    emitted: list[int]  # the n accepted tokens, then the correction or bonus
    kind: str  # "correction" after a rejection, "bonus" when all passed
    target_p: list[float]  # p(x_i) for each checked position
    draft_q: list[float]  # q(x_i) for each checked position
    accept_prob: list[float]  # min(1, p(x_i) / q(x_i))
    uniforms: list[float]  # u_i, the draw compared with accept_prob
    residual: torch.Tensor | None  # [vocab] normalised residual at the rejection, else None


def verify(
    target_probs: torch.Tensor,  # [k + 1, vocab] p at each proposed position and one after
    draft_probs: torch.Tensor,  # [k, vocab] q the draft actually sampled from
    draft_tokens: torch.Tensor,  # [k] int64 proposed token ids
    generator: torch.Generator | None = None,
    rule: str = "exact",
) -> VerifyResult:
    """Accept a prefix of the proposal, then draw the correction or the bonus."""
    k = draft_tokens.shape[0]
    assert draft_probs.shape[0] == k and target_probs.shape[0] == k + 1, (
        f"shapes: target_probs {tuple(target_probs.shape)}, "
        f"draft_probs {tuple(draft_probs.shape)}, draft_tokens {tuple(draft_tokens.shape)}"
    )
    assert target_probs.shape[1] == draft_probs.shape[1], "vocabularies differ"
    assert rule in RULES, f"rule must be one of {RULES}"
    positions = torch.arange(k, device=draft_tokens.device)

    # Step 1: p(x_i) and q(x_i) for every proposed token.
    p_x = target_probs[positions, draft_tokens]
    q_x = draft_probs[positions, draft_tokens]
    # Step 2: acceptance probability min(1, p/q); q(x_i) > 0 for a sampled token.
    accept_prob = torch.clamp(p_x / q_x, max=1.0)
    # Step 3: one uniform per position, drawn up front [departure (a)].
    uniforms = torch.rand(k, generator=generator, device=draft_tokens.device)
    rejected = uniforms >= accept_prob
    # Step 4: n = index of the first rejection, or k if every check passed.
    n = int(rejected.to(torch.int64).argmax()) if bool(rejected.any()) else k

    residual = None
    if n < k:
        # Step 5a: correction from max(p - q, 0), normalised over the vocabulary.
        if rule == "naive":
            residual = target_probs[n]  # [departure (c)]: the wrong rule
        else:
            residual = torch.clamp(target_probs[n] - draft_probs[n], min=0.0)
            mass = residual.sum()
            # [departure (b)]: nothing to normalise when p == q here.
            residual = residual / mass if mass > 0 else target_probs[n]
        last = sample_one(residual, generator)
        kind = "correction"
    else:
        # Step 5b: every proposal passed; the bonus comes from p after x_k.
        last = sample_one(target_probs[k], generator)
        kind = "bonus"

    checked = min(n + 1, k)  # positions whose check was actually used
    return VerifyResult(
        accepted=n,
        emitted=draft_tokens[:n].tolist() + [int(last)],
        kind=kind,
        target_p=p_x[:checked].tolist(),
        draft_q=q_x[:checked].tolist(),
        accept_prob=accept_prob[:checked].tolist(),
        uniforms=uniforms[:checked].tolist(),
        residual=residual,
    )
