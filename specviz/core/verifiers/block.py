"""Block verification (Sun, Mendlovic, Leviathan et al., "Block Verification Accelerates Speculative
Decoding", ICLR 2025, Algorithm 2).

The token rule judges each proposal on its own ratio p(x_i)/q(x_i) and stops at
the first failure. Block verification judges the block as a whole: a position
whose ratio is below 1 may be rescued by earlier positions whose ratio was above
1, because what matters is the probability of the whole prefix. It is exact, keeps
at least as many tokens as the token rule on average, and is optimal among
verifiers that see only the proposed path.

Terminology as in token.py (accepted, rejection, correction, bonus), plus:
- weight p_i: the running weight of the prefix x_1..x_i,
  p_0 = 1 and p_i = min(1, p_{i-1} · p(x_i) / q(x_i));
- block residual at i: max(p_i · p(· | x_≤i) − q(· | x_≤i), 0), of mass R_i;
- stop probability h_i = R_i / (R_i + 1 − p_i) for i < k, and h_k = p_k;
- τ: the largest i with u_i ≤ h_i (0 if none): x_1..x_τ are accepted.
Then, if τ < k, the correction is drawn from the block residual at τ normalised
(at τ = 0 it is the token rule's residual, since p_0 = 1); if τ = k, the bonus
is drawn from p after x_k. These h_i make P(τ ≥ i | x_≤i) = p_i, so the expected
number of accepted tokens is Σ_i E[p_i], never below the token rule's
Σ_i E[Π_j≤i min(1, p(x_j)/q(x_j))].

Departures from Algorithm 2, labelled where they happen:
- (a) if R_i + 1 − p_i = 0 (p_i = 1 and p = q at the next position), h_i is
  taken as 1; every later weight is then 1 in exact arithmetic, so it never
  decides the outcome;
- (b) as in token.py, a residual with zero mass (possible only through rounding)
  falls back to p itself.
"""

from __future__ import annotations

from fractions import Fraction

import torch

from specviz.core.sampling import NoiseKey, Sampler
from specviz.core.verifiers.base import Verdict, VerdictFacts, VerifyResult, proposal_probabilities, register_verifier
from specviz.errors import SpecvizError


def block_weights(
    target_probs: torch.Tensor,  # [k + 1, vocab] p at each proposed position and one after
    draft_probs: torch.Tensor,  # [k, vocab] q the draft sampled each proposal from
    draft_tokens: torch.Tensor,  # [k] int64 proposed token ids
) -> tuple[torch.Tensor, torch.Tensor]:
    """The weights p_1..p_k and the stop probabilities h_1..h_k of the block: two [k] tensors."""
    k = draft_tokens.shape[0]
    positions = torch.arange(k, device=draft_tokens.device)
    ratios = target_probs[positions, draft_tokens] / draft_probs[positions, draft_tokens]  # q(x_i) > 0
    weights, stops = [], []
    weight = torch.ones((), dtype=target_probs.dtype, device=target_probs.device)
    for i in range(k):
        # Step 1: the running weight of the prefix x_1..x_i.
        weight = torch.clamp(weight * ratios[i], max=1.0)
        weights.append(weight)
        if i == k - 1:
            stops.append(weight)  # h_k = p_k: keep the whole block with probability p_k
            continue
        # Step 2: the mass of the block residual at the next position, then the stop probability.
        mass = torch.clamp(weight * target_probs[i + 1] - draft_probs[i + 1], min=0.0).sum()
        denominator = mass + 1.0 - weight
        stops.append(mass / denominator if denominator > 0 else torch.ones_like(mass))  # [departure (a)]
    if not weights:
        empty = target_probs.new_zeros(0)
        return empty, empty
    return torch.stack(weights), torch.stack(stops)


MAX_WEIGHT_STATES = 200_000  # prefix weights carried at once by the exact expectation (the toy's stay far below)


@register_verifier
class BlockVerifier:
    """Keep the longest prefix whose stop draw passes, weighing the block as a whole."""

    name = "block"
    exact = True
    order = 1
    label = ("block verification", "verifica a blocchi")
    help = ("Block verification: the whole prefix is weighed at once, so a high ratio p/q early can make up "
            "for a low one later; it keeps at least as much as the token rule on average.",
            "Verifica a blocchi: il prefisso è pesato tutto insieme, così un rapporto p/q alto all'inizio può "
            "compensarne uno basso dopo; in media tiene almeno quanto la regola token per token.")
    bar_label = "h"  # each draw u is compared with the stop probability h_i
    chart_key = "frame.3.block.chart"  # the title of the cycle view's third chart
    compares_draws = True
    texts = {  # the sentences it uses, besides its label and help
        "frame.3.block.all": (
            "Block verification kept the whole block: u_{k} fell below h_{k} = p_{k}, the weight of the full "
            "prefix.",
            "La verifica a blocchi ha tenuto tutto il blocco: u_{k} è sotto h_{k} = p_{k}, il peso dell'intero "
            "prefisso."),
        "frame.3.block.stopped": (
            "Block verification kept {accepted}: position {accepted} is the last where u ≤ h (bars); a draw above "
            "its bar earlier does not stop the block. The correction comes from the block residual there.",
            "La verifica a blocchi ne ha tenuti {accepted}: la posizione {accepted} è l'ultima in cui u ≤ h "
            "(barre); un'estrazione sopra la sua barra prima di lì non ferma il blocco. La correzione viene dal "
            "residuo del blocco in quel punto."),
        "frame.3.block.none": (
            "Block verification kept none: u > h at every position, so the correction comes from the residual "
            "max(p − q, 0) at position 1, as in the token rule.",
            "La verifica a blocchi non ne ha tenuto nessuno: u > h in ogni posizione, quindi la correzione viene "
            "dal residuo max(p − q, 0) in posizione 1, come nella regola token per token."),
        "frame.3.block.chart": (
            "Bars: stop probability h_i · line: weight p_i · black lines: u",
            "Barre: probabilità di fermarsi h_i · linea: peso p_i · linee nere: u"),
        "verifiers.block.sentence": (
            "**Block verification** keeps {n} of {k}: the weights along the block are {weights}; it keeps up to "
            "the last position where u ≤ h (h = {stops}).",
            "**Verifica a blocchi**: tiene {n} su {k}: i pesi lungo il blocco sono {weights}; tiene fino "
            "all'ultima posizione in cui u ≤ h (h = {stops})."),
        "verifiers.block.none": (
            "**Block verification** keeps none of {k}: u > h at every position (h = {stops}; weights {weights}).",
            "**Verifica a blocchi**: non ne tiene nessuno su {k}: u > h in ogni posizione (h = {stops}; pesi "
            "{weights})."),
        "verifiers.threshold.block": (
            "h_i (stop probability)",
            "h_i (probabilità di fermarsi)"),
    }

    @classmethod
    def explain_checks(cls, k: int, accepted: int, kept_all: bool, say) -> str:
        """The cycle view's third frame: where the block stopped."""
        key = "frame.3.block.all" if kept_all else "frame.3.block.stopped" if accepted else "frame.3.block.none"
        return say(key, k=k, accepted=accepted)

    @classmethod
    def explain_verdict(cls, verdict, k: int, facts: VerdictFacts, say) -> str:
        """The Verifiers page: the prefix weights and stop probabilities that decided the block."""
        key = "verifiers.block.sentence" if verdict.accepted else "verifiers.block.none"
        return say(key, n=verdict.accepted, k=k, weights=facts.weights, stops=facts.thresholds)

    @staticmethod
    def acceptance_by_position(p: list[Fraction], q: list[Fraction], n: int) -> list[Fraction]:
        """P(at least i kept) = E[p_i], i = 1..n: the prefix weight's distribution carried exactly, one position
        at a time, with p_i = min(1, p_{i-1} · p(x_i)/q(x_i)) and p_0 = 1."""
        steps = [(b, a / b) for a, b in zip(p, q) if b > 0]  # (q(x), p(x)/q(x)) for every token the draft proposes
        weights = {Fraction(1): Fraction(1)}  # weight value -> its probability; p_0 = 1
        means = []
        for _ in range(n):
            following: dict[Fraction, Fraction] = {}
            for weight, chance in weights.items():
                for q_x, ratio in steps:
                    after = min(Fraction(1), weight * ratio)
                    following[after] = following.get(after, Fraction(0)) + chance * q_x
            if len(following) > MAX_WEIGHT_STATES:
                raise SpecvizError(f"too many distinct block weights ({len(following)}): use fewer positions")
            weights = following
            means.append(sum(weight * chance for weight, chance in weights.items()))
        return means

    def judge(
        self,
        target_probs: torch.Tensor,  # [k + 1, vocab] p at each proposed position and one after
        draft_probs: torch.Tensor,  # [k, vocab] q the draft actually sampled from
        draft_tokens: torch.Tensor,  # [k] int64 proposed token ids
        uniforms: torch.Tensor,  # [k] u_1..u_k
        key: NoiseKey | None = None,  # unused: this rule's draws are the uniforms
    ) -> Verdict:
        """Steps 1, 2 and 4: τ for these draws, with the weights and stop probabilities behind it."""
        # Steps 1-2: weights and stop probabilities along the block.
        weights, stops = block_weights(target_probs, draft_probs, draft_tokens)
        # Step 4: τ = the last position whose draw falls under its stop probability (0 if none).
        passed = (uniforms <= stops).nonzero()
        n = int(passed[-1]) + 1 if passed.numel() else 0
        return Verdict(self.name, n, stops.tolist(), weights=weights.tolist())

    def verify(
        self,
        target_probs: torch.Tensor,  # [k + 1, vocab] p at each proposed position and one after
        draft_probs: torch.Tensor,  # [k, vocab] q the draft actually sampled from
        draft_tokens: torch.Tensor,  # [k] int64 proposed token ids
        sampler: Sampler,  # the run's draws (specviz/core/sampling.py)
        position: int = 0,  # the absolute position of x_1 in the text
    ) -> VerifyResult:
        k = draft_tokens.shape[0]
        p_x, q_x = proposal_probabilities(target_probs, draft_probs, draft_tokens)
        # Step 3: one uniform per position, drawn up front (as Algorithm 2 does).
        uniforms = torch.rand(k, generator=sampler.generator, device=draft_tokens.device)
        verdict = self.judge(target_probs, draft_probs, draft_tokens, uniforms)  # steps 1, 2, 4
        n = verdict.accepted

        residual = None
        if n < k:
            # Step 5a: the correction, from the block residual at τ (p_0 = 1: the token rule's residual).
            weight = verdict.weights[n - 1] if n > 0 else 1.0
            residual = torch.clamp(weight * target_probs[n] - draft_probs[n], min=0.0)
            mass = residual.sum()
            residual = residual / mass if mass > 0 else target_probs[n]  # [departure (b)]
            last = sampler.draw(residual, position + n)
            kind = "correction"
        else:
            # Step 5b: the whole block is kept; the bonus comes from p after x_k.
            last = sampler.draw(target_probs[k], position + k)
            kind = "bonus"

        return VerifyResult(
            verifier=self.name,
            accepted=n,
            emitted=draft_tokens[:n].tolist() + [int(last)],
            kind=kind,
            target_p=p_x.tolist(),
            draft_q=q_x.tolist(),
            accept_prob=verdict.thresholds,  # for this rule: the stop probabilities h_i, compared with u_i
            uniforms=uniforms.tolist(),
            residual=residual,
            weights=verdict.weights,
            draws=uniforms.tolist(),
        )
