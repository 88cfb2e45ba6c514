"""Coupled verification: draft and target draw with the same noise, so the seed alone fixes the text.

Daliri, Musco and Suresh, "Coupling without Communication and Drafter-Invariant
Speculative Decoding" (arXiv 2408.07978). Every token of a run is a Gumbel-max draw
with noise keyed by (seed, absolute position) (specviz/core/sampling.py): the draft
samples its proposal x_i with the noise of x_i's position, the target draws its own
token y_i there with the same noise, and a proposal is kept while x_i = y_i.

Terminology as in token.py: accepted while x_i equals y_i; at the first mismatch y_i
is emitted (the correction's place, a draw from p, not from a residual); when all k
match, the bonus is the target's draw after x_k, with that position's noise.

Why it is exact, and more: every emitted token is the target's own Gumbel-max draw
at its position, so the text is exactly what the target alone writes with the same
seed, whatever drafted, whatever k and schedule. The price: a proposal survives with
P(x = y) >= (1 - TV) / (1 + TV) instead of the token rule's 1 - TV.

Departure from the paper: the paper's drafter-invariance assumes the drafter samples
with the shared noise; a copied token (prompt lookup) is judged against the target's
draw all the same, and survives with p(x_i).
"""

from __future__ import annotations

from fractions import Fraction

import torch

from specviz.core.sampling import GumbelSampler, NoiseKey, coupled_agreement
from specviz.core.verifiers.base import Verdict, VerdictFacts, VerifyResult, proposal_probabilities, register_verifier


def agreement_given_proposal(
    target_probs: torch.Tensor,  # [k, vocab] p at each proposed position
    draft_probs: torch.Tensor,  # [k, vocab] q each proposal was drawn from
    draft_tokens: torch.Tensor,  # [k] int64 proposed token ids
) -> torch.Tensor:
    """P(the target's draw is x_i | the draft drew x_i with the same noise), per position: [k].

    x wins both races with probability 1 / Σ_j max(p_j / p_x, q_j / q_x) (sampling.coupled_agreement);
    divided by q_x, the chance the draft drew x at all. A one-hot q (a copied token) gives p_x.
    """
    rows = torch.arange(draft_tokens.shape[0])
    p_x = target_probs[rows, draft_tokens].double()[:, None]  # [k, 1]
    q_x = draft_probs[rows, draft_tokens].double()[:, None]
    ratios = torch.maximum(target_probs.double() / p_x.clamp_min(1e-300),
                           draft_probs.double() / q_x.clamp_min(1e-300))  # [k, vocab]
    chance = 1.0 / (ratios.sum(-1) * q_x[:, 0].clamp_min(1e-300))
    both = (p_x[:, 0] > 0) & (q_x[:, 0] > 0)  # a token either cannot draw never agrees
    return torch.where(both, chance, torch.zeros_like(chance)).clamp(max=1.0)


@register_verifier
class CoupledVerifier:
    """Keep each proposal while it equals the target's Gumbel-max draw with the same positional noise."""

    name = "coupled"
    exact = True
    order = 3
    label = ("coupled draws", "estrazioni accoppiate")
    help = ("Coupled draws: draft and target draw with the same noise at each position of the text (keyed by the "
            "seed and the position); a proposal is kept while it equals the target's own draw, so the seed alone "
            "fixes the text, whoever drafts.",
            "Estrazioni accoppiate: draft e target estraggono con lo stesso rumore in ogni posizione del testo "
            "(dato dal seme e dalla posizione); una proposta è tenuta finché coincide con l'estrazione del target, "
            "quindi il seme da solo fissa il testo, chiunque proponga.")
    bar_label = "P(y = x)"  # the chance the target's draw with the same noise is the proposal
    chart_key = "frame.3.coupled.chart"
    compares_draws = False  # u is the proposal's own noise, not a number compared with the bar
    texts = {
        "frame.3.coupled.all": (
            "Coupled draws: with the same noise, the target drew every one of the {n} proposals itself.",
            "Estrazioni accoppiate: con lo stesso rumore, il target ha estratto da sé ognuna delle {n} proposte."),
        "frame.3.coupled.stopped": (
            "Coupled draws kept {accepted}: at position {position} the target, drawing with the same noise as the "
            "draft, got another token; that token is the next one. Bars: the chance the target's draw is the "
            "proposal.",
            "Estrazioni accoppiate ne ha tenuti {accepted}: in posizione {position} il target, estraendo con lo "
            "stesso rumore del draft, ha ottenuto un altro token; quel token è il successivo. Barre: la "
            "probabilità che l'estrazione del target sia la proposta."),
        "frame.3.coupled.chart": (
            "Bars: the chance the target's draw with the same noise is the proposal",
            "Barre: la probabilità che l'estrazione del target con lo stesso rumore sia la proposta"),
        "verifiers.coupled.all": (
            "**Coupled draws** keeps all {k}: the target's own draws with the seed's noise equal every proposal.",
            "**Estrazioni accoppiate**: tiene tutti i {k}: le estrazioni del target con il rumore del seme "
            "coincidono con ogni proposta."),
        "verifiers.coupled.stop": (
            "**Coupled draws** keeps {n} of {k}: at position {position} the target's draw with the seed's noise is "
            "{drawn}, not the proposed {proposed} (its draws are its own, from the seed and the position, not u).",
            "**Estrazioni accoppiate**: tiene {n} su {k}: in posizione {position} l'estrazione del target con il "
            "rumore del seme è {drawn}, non il proposto {proposed} (le sue estrazioni sono sue, dal seme e dalla "
            "posizione, non u)."),
        "verifiers.threshold.coupled": (
            "chance the target's draw with the same noise is x_i",
            "probabilità che l'estrazione del target con lo stesso rumore sia x_i"),
    }

    @staticmethod
    def sampler(seed: int, device: torch.device) -> GumbelSampler:
        """Every token of the run, draft's and target's, is a Gumbel-max draw keyed by (seed, position)."""
        return GumbelSampler(seed, torch.Generator(device=device).manual_seed(seed))

    @classmethod
    def explain_checks(cls, k: int, accepted: int, kept_all: bool, say) -> str:
        if kept_all:
            return say("frame.3.coupled.all", n=k)
        return say("frame.3.coupled.stopped", accepted=accepted, position=accepted + 1)

    @classmethod
    def explain_verdict(cls, verdict, k: int, facts: VerdictFacts, say) -> str:
        n = verdict.accepted
        if n == k:
            return say("verifiers.coupled.all", k=k)
        return say("verifiers.coupled.stop", n=n, k=k, position=n + 1, drawn=facts.drawn, proposed=facts.proposed)

    @staticmethod
    def acceptance_by_position(p: list[Fraction], q: list[Fraction], n: int) -> list[Fraction]:
        """P(at least i kept), i = 1..n, for i.i.d. positions whose draft draws with the shared noise."""
        agreement = coupled_agreement(p, q)
        return [agreement ** i for i in range(1, n + 1)]

    def _target_draws(self, target_probs: torch.Tensor, draft_tokens: torch.Tensor, sampler: GumbelSampler,
                      position: int) -> list[int]:
        """Steps 1-2: the target's draws y_1.. up to and including the first that differs from the proposal."""
        k, drawn = draft_tokens.shape[0], []
        for i in range(k + 1):
            # Step 1: the target's own Gumbel-max draw at x_i's position, with the noise the draft read there.
            drawn.append(sampler.draw(target_probs[i], position + i))
            # Step 2: keep x_i while it is that token; the first mismatch ends the block.
            if i == k or drawn[-1] != int(draft_tokens[i]):
                break
        return drawn

    def judge(
        self,
        target_probs: torch.Tensor,  # [k + 1, vocab]
        draft_probs: torch.Tensor,  # [k, vocab]
        draft_tokens: torch.Tensor,  # [k] int64
        uniforms: torch.Tensor,  # [k] unused: this rule's draws come from the seed and the positions
        key: NoiseKey | None = None,
    ) -> Verdict:
        assert key is not None, "coupled verification needs the run's seed and the proposal's position"
        k = draft_tokens.shape[0]
        sampler = self.sampler(key.seed, torch.device("cpu"))  # the run's noise, rebuilt: k + 1 rows of hashes
        sampler.begin_cycle(key.position)
        drawn = self._target_draws(target_probs, draft_tokens, sampler, key.position)
        chances = agreement_given_proposal(target_probs[:k], draft_probs, draft_tokens)
        return Verdict(self.name, len(drawn) - 1, chances.tolist(), target_draws=drawn[:k])

    def verify(
        self,
        target_probs: torch.Tensor,  # [k + 1, vocab] p at each proposed position and one after
        draft_probs: torch.Tensor,  # [k, vocab] q each proposal was drawn from
        draft_tokens: torch.Tensor,  # [k] int64 proposed token ids
        sampler: GumbelSampler,  # the run's positional noise (made by `sampler` above)
        position: int = 0,  # the absolute position of x_1
    ) -> VerifyResult:
        k = draft_tokens.shape[0]
        p_x, q_x = proposal_probabilities(target_probs, draft_probs, draft_tokens)
        drawn = self._target_draws(target_probs, draft_tokens, sampler, position)  # steps 1-2
        n = len(drawn) - 1
        # Step 3: the emitted block: the kept proposals, then the target's draw (mismatch or bonus).
        kind = "bonus" if n == k else "correction"
        checked = min(n + 1, k)
        chances = agreement_given_proposal(target_probs[:k], draft_probs, draft_tokens)
        # Draws for the other rules' verdicts on this cycle (the Verifiers view); this rule's output never reads them.
        draws = torch.rand(k, generator=sampler.generator, dtype=torch.float64, device=draft_tokens.device)
        return VerifyResult(
            verifier=self.name,
            accepted=n,
            emitted=draft_tokens[:n].tolist() + [drawn[-1]],
            kind=kind,
            target_p=p_x[:checked].tolist(),
            draft_q=q_x[:checked].tolist(),
            accept_prob=chances[:checked].tolist(),
            uniforms=[sampler.uniform(position + i, int(draft_tokens[i])) for i in range(checked)],
            residual=target_probs[n] if kind == "correction" else None,  # the mismatch is a draw from p itself
            draws=draws.tolist(),
        )
