"""Sample-and-match verification, as llama.cpp's server and vLLM's "strict" mode verify a draft.

At each position the target draws its own token y_i from p; the proposal x_i is
kept if it is that same token, and the first mismatch ends the block with y_i.
Every emitted token is a draw from p, so the rule is exact whatever q is, and it
never reads q at all. The price: a proposal is kept with probability p(x_i)
instead of min(1, p(x_i)/q(x_i)), so under sampling it accepts less than the
token rule (under greedy decoding both keep exactly the target's argmax).

Terminology as in token.py: the mismatching y_i plays the correction's role (it
is drawn from p, not from a residual), and when all k match the bonus is drawn
from p after x_k.
"""

from __future__ import annotations

from fractions import Fraction

import torch

from specviz.core.policy import draw_at
from specviz.core.sampling import NoiseKey, Sampler
from specviz.core.verifiers.base import Verdict, VerdictFacts, VerifyResult, proposal_probabilities, register_verifier


@register_verifier
class MatchVerifier:
    """Keep each proposal only while it equals the target's own draw."""

    name = "match"
    exact = True
    order = 2
    label = ("sample and match", "estrai e confronta")
    help = ("Sample and match: the target draws its own token at each position and a proposal is kept only "
            "while it matches.",
            "Estrai e confronta: il target estrae il proprio token in ogni posizione e una proposta è tenuta solo "
            "finché coincide.")
    bar_label = "p(x)"  # the chance the target draws the proposed token
    chart_key = "frame.3.match.chart"  # the title of the cycle view's third chart
    compares_draws = False  # u is read through p's inverse CDF, not against a bar
    texts = {  # the sentences it uses, besides its label and help
        "frame.3.match.all": (
            "Sample and match: the target's own draw equalled every one of the {n} proposals.",
            "Estrai e confronta: l'estrazione del target coincideva con ognuna delle {n} proposte."),
        "frame.3.match.stopped": (
            "Sample and match kept {accepted}: at position {position} the target drew its own token, which was not "
            "the proposal; that draw is the next token. Bars: p(x_i), the chance the target draws the proposal.",
            "Estrai e confronta ne ha tenuti {accepted}: in posizione {position} il target ha estratto il proprio "
            "token, diverso dalla proposta; quell'estrazione è il token successivo. Barre: p(x_i), la probabilità "
            "che il target estragga la proposta."),
        "frame.3.match.chart": (
            "Bars: p(x_i), the chance the target draws the proposal",
            "Barre: p(x_i), la probabilità che il target estragga la proposta"),
        "verifiers.match.all": (
            "**Sample and match** keeps all {k}: the target's own draws equal every proposal.",
            "**Estrai e confronta**: tiene tutti i {k}: le estrazioni del target coincidono con ogni proposta."),
        "verifiers.match.stop": (
            "**Sample and match** keeps {n} of {k}: at position {position} the target's own draw at u = {u:.2f} is "
            "{drawn}, not the proposed {proposed}.",
            "**Estrai e confronta**: tiene {n} su {k}: in posizione {position} l'estrazione del target con u = "
            "{u:.2f} è {drawn}, non il proposto {proposed}."),
        "verifiers.threshold.match": (
            "p(x_i): chance the target draws x_i",
            "p(x_i): probabilità che il target estragga x_i"),
    }

    @classmethod
    def explain_checks(cls, k: int, accepted: int, kept_all: bool, say) -> str:
        """The cycle view's third frame: where the target's own draw first differed."""
        if kept_all:
            return say("frame.3.match.all", n=k)
        return say("frame.3.match.stopped", accepted=accepted, position=accepted + 1)

    @classmethod
    def explain_verdict(cls, verdict, k: int, facts: VerdictFacts, say) -> str:
        """The Verifiers page: the target's own draw where it first differed from the proposal."""
        n = verdict.accepted
        if n == k:
            return say("verifiers.match.all", k=k)
        return say("verifiers.match.stop", n=n, k=k, position=n + 1, u=facts.u, drawn=facts.drawn,
                   proposed=facts.proposed)

    @staticmethod
    def acceptance_by_position(p: list[Fraction], q: list[Fraction], n: int) -> list[Fraction]:
        """P(at least i kept), i = 1..n, for i.i.d. positions: each survives when the target draws the same
        token, with β = Σ p·q."""
        beta = sum(a * b for a, b in zip(p, q))
        return [beta ** i for i in range(1, n + 1)]

    def judge(
        self,
        target_probs: torch.Tensor,  # [k + 1, vocab] p at each proposed position and one after
        draft_probs: torch.Tensor,  # [k, vocab] q (unused by this rule; kept for the record)
        draft_tokens: torch.Tensor,  # [k] int64 proposed token ids
        uniforms: torch.Tensor,  # [k] u_1..u_k
        key: NoiseKey | None = None,  # unused: this rule's draws are the uniforms
    ) -> Verdict:
        """Steps 2-3: keep proposals while they equal the target's own draws at these u."""
        p_x, _ = proposal_probabilities(target_probs, draft_probs, draft_tokens)
        k, drawn = draft_tokens.shape[0], []
        for i in range(k):
            # Step 2: the target's own token at position i, by the inverse CDF of p at u_i.
            drawn.append(draw_at(target_probs[i], uniforms[i]))
            # Step 3: keep the proposal if it is that token; else the target's draw ends the block.
            if drawn[-1] != int(draft_tokens[i]):
                return Verdict(self.name, i, p_x.tolist(), target_draws=drawn)
        return Verdict(self.name, k, p_x.tolist(), target_draws=drawn)

    def verify(
        self,
        target_probs: torch.Tensor,  # [k + 1, vocab] p at each proposed position and one after
        draft_probs: torch.Tensor,  # [k, vocab] q (unused by this rule; kept for the record)
        draft_tokens: torch.Tensor,  # [k] int64 proposed token ids
        sampler: Sampler,  # the run's draws (specviz/core/sampling.py)
        position: int = 0,  # the absolute position of x_1 in the text
    ) -> VerifyResult:
        k = draft_tokens.shape[0]
        p_x, q_x = proposal_probabilities(target_probs, draft_probs, draft_tokens)
        # Step 1: one uniform per position, drawn up front (as token.py does), so a seeded run is reproducible.
        uniforms = torch.rand(k, generator=sampler.generator, dtype=torch.float64, device=draft_tokens.device)
        verdict = self.judge(target_probs, draft_probs, draft_tokens, uniforms)  # steps 2-3
        n = verdict.accepted
        if n < k:
            last, kind = verdict.target_draws[n], "correction"  # the target's own draw at the mismatch
        else:
            # Step 4: every proposal matched; the bonus comes from p after x_k.
            last, kind = sampler.draw(target_probs[k], position + k), "bonus"
        checked = min(n + 1, k)
        return VerifyResult(
            verifier=self.name,
            accepted=n,
            emitted=draft_tokens[:n].tolist() + [int(last)],
            kind=kind,
            target_p=p_x[:checked].tolist(),
            draft_q=q_x[:checked].tolist(),
            accept_prob=p_x[:checked].tolist(),  # for this rule: P(the target draws x_i) = p(x_i)
            uniforms=uniforms[:checked].tolist(),  # u_i, read through p's inverse CDF
            residual=target_probs[n] if kind == "correction" else None,  # the mismatch is a draw from p itself
            draws=uniforms.tolist(),
        )
