"""The token-level verifier of speculative sampling (Leviathan et al. 2023, Algorithm 1).

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
  correction is drawn from p itself.
"""

from __future__ import annotations

from fractions import Fraction

import torch

from specviz.core.sampling import NoiseKey, Sampler
from specviz.core.verifiers.base import Verdict, VerdictFacts, VerifyResult, proposal_probabilities, register_verifier


@register_verifier
class TokenVerifier:
    """Accept each proposal with probability min(1, p/q); correct from the residual."""

    name = "token"
    exact = True
    order = 0  # the default
    label = ("token rule", "regola token per token")
    help = ("Token rule: each proposal is kept with probability min(1, p/q), up to the first rejection.",
            "Regola token per token: ogni proposta è tenuta con probabilità min(1, p/q), fino al primo rifiuto.")
    bar_label = "min(1, p/q)"  # what each draw u is compared with (the cycle view's bars)
    chart_key = "frame.3.chart"  # the title of the cycle view's third chart
    compares_draws = True
    texts = {  # the sentences it uses, besides its label and help
        "frame.3.all": (
            "Every one of the {n} proposals passed: u fell below min(1, p/q) at each position.",
            "Tutte le {n} proposte sono passate: u è rimasto sotto min(1, p/q) in ogni posizione."),
        "frame.3.stopped": (
            "{count} proposals passed; at position {position} u was above min(1, p/q), so it was rejected and "
            "nothing after it is checked.",
            "{count} proposte sono passate; in posizione {position} u era sopra min(1, p/q), quindi è stata "
            "rifiutata e ciò che segue non viene controllato."),
        "frame.3.stopped.one": (
            "1 proposal passed; at position {position} u was above min(1, p/q), so it was rejected and nothing "
            "after it is checked.",
            "1 proposta è passata; in posizione {position} u era sopra min(1, p/q), quindi è stata rifiutata e ciò "
            "che segue non viene controllato."),
        "frame.3.stopped.zero": (
            "No proposal passed: at position {position} u was above min(1, p/q), so it was rejected and nothing "
            "after it is checked.",
            "Nessuna proposta è passata: in posizione {position} u era sopra min(1, p/q), quindi è stata rifiutata "
            "e ciò che segue non viene controllato."),
        "frame.3.chart": (
            "Bars: min(1, p/q) · black lines: the uniform draw u",
            "Barre: min(1, p/q) · linee nere: l'estrazione uniforme u"),
        "verifiers.token.all": (
            "**Token rule** keeps all {k}: every u_i fell below its min(1, p/q).",
            "**Regola token per token**: tiene tutti i {k}: ogni u_i è sotto il suo min(1, p/q)."),
        "verifiers.token.stop": (
            "**Token rule** keeps {n} of {k}: at position {position}, u = {u:.2f} is not below min(1, p/q) = "
            "{threshold:.2f}, so the rest is discarded.",
            "**Regola token per token**: tiene {n} su {k}: in posizione {position}, u = {u:.2f} non è sotto min(1, "
            "p/q) = {threshold:.2f}, quindi il resto viene scartato."),
        "verifiers.threshold.token": (
            "min(1, p/q)",
            "min(1, p/q)"),
    }

    @classmethod
    def explain_checks(cls, k: int, accepted: int, kept_all: bool, say) -> str:
        """The cycle view's third frame: how far the checks went."""
        return say("frame.3.all", n=k) if kept_all else say("frame.3.stopped", count=accepted, position=accepted + 1)

    @classmethod
    def explain_verdict(cls, verdict, k: int, facts: VerdictFacts, say) -> str:
        """The Verifiers page: what this rule keeps of a cycle's proposal, and the number that decided it."""
        n = verdict.accepted
        if n == k:
            return say("verifiers.token.all", k=k)
        return say("verifiers.token.stop", n=n, k=k, position=n + 1, u=facts.u, threshold=verdict.thresholds[n])

    @staticmethod
    def acceptance_by_position(p: list[Fraction], q: list[Fraction], n: int) -> list[Fraction]:
        """P(at least i kept), i = 1..n, for i.i.d. positions: each survives with α = Σ min(p, q)."""
        alpha = sum(min(a, b) for a, b in zip(p, q))
        return [alpha ** i for i in range(1, n + 1)]

    def judge(
        self,
        target_probs: torch.Tensor,  # [k + 1, vocab] p at each proposed position and one after
        draft_probs: torch.Tensor,  # [k, vocab] q the draft actually sampled from
        draft_tokens: torch.Tensor,  # [k] int64 proposed token ids
        uniforms: torch.Tensor,  # [k] u_1..u_k
        key: NoiseKey | None = None,  # unused: this rule's draws are the uniforms
    ) -> Verdict:
        """Steps 1, 2 and 4: how many proposals pass their check for these draws."""
        k = draft_tokens.shape[0]
        # Step 1: p(x_i) and q(x_i) for every proposed token (shapes checked there).
        p_x, q_x = proposal_probabilities(target_probs, draft_probs, draft_tokens)
        # Step 2: acceptance probability min(1, p/q); q(x_i) > 0 for a sampled token.
        accept_prob = torch.clamp(p_x / q_x, max=1.0)
        # Step 4: n = index of the first rejection, or k if every check passed.
        rejected = uniforms >= accept_prob
        n = int(rejected.to(torch.int64).argmax()) if bool(rejected.any()) else k
        return Verdict(self.name, n, accept_prob.tolist())

    def verify(
        self,
        target_probs: torch.Tensor,  # [k + 1, vocab] p at each proposed position and one after
        draft_probs: torch.Tensor,  # [k, vocab] q the draft actually sampled from
        draft_tokens: torch.Tensor,  # [k] int64 proposed token ids
        sampler: Sampler,  # the run's draws (specviz/core/sampling.py)
        position: int = 0,  # the absolute position of x_1 in the text
    ) -> VerifyResult:
        """Accept a prefix of the proposal, then draw the correction or the bonus."""
        k = draft_tokens.shape[0]
        p_x, q_x = proposal_probabilities(target_probs, draft_probs, draft_tokens)
        # Step 3: one uniform per position, drawn up front [departure (a)].
        uniforms = torch.rand(k, generator=sampler.generator, device=draft_tokens.device)
        verdict = self.judge(target_probs, draft_probs, draft_tokens, uniforms)  # steps 1, 2, 4
        n = verdict.accepted

        residual = None
        if n < k:
            # Step 5a: the correction, from the residual at the rejected position.
            residual = self.correction_distribution(target_probs[n], draft_probs[n])
            last = sampler.draw(residual, position + n)
            kind = "correction"
        else:
            # Step 5b: every proposal passed; the bonus comes from p after x_k.
            last = sampler.draw(target_probs[k], position + k)
            kind = "bonus"

        checked = min(n + 1, k)  # positions whose check was actually used
        return VerifyResult(
            verifier=self.name,
            accepted=n,
            emitted=draft_tokens[:n].tolist() + [int(last)],
            kind=kind,
            target_p=p_x[:checked].tolist(),
            draft_q=q_x[:checked].tolist(),
            accept_prob=verdict.thresholds[:checked],
            uniforms=uniforms[:checked].tolist(),
            residual=residual,
            draws=uniforms.tolist(),
        )

    def correction_distribution(
        self,
        target_row: torch.Tensor,  # [vocab] p at the rejected position
        draft_row: torch.Tensor,  # [vocab] q at the rejected position
    ) -> torch.Tensor:
        """max(p - q, 0), normalised over the whole vocabulary: [vocab]."""
        residual = torch.clamp(target_row - draft_row, min=0.0)
        mass = residual.sum()
        # [departure (b)]: nothing to normalise when p == q here.
        return residual / mass if mass > 0 else target_row
