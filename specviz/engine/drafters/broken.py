"""Drafters that are broken ON PURPOSE, for teaching. Never use them to generate text.

Each reproduces a mistake that has shipped in real speculative decoding code;
the exactness lab and the statistical tests run them to show that the output
distribution moves away from the target's. ``exact = False`` keeps them out of
every default.
"""

from __future__ import annotations

import torch

from specviz.core.policy import SamplingPolicy, logits_to_probs
from specviz.core.sampling import Sampler
from specviz.engine.drafters.base import DraftSetup, Proposal, register_drafter
from specviz.engine.drafters.hybrid import HybridDrafter
from specviz.engine.drafters.model import ModelDrafter
from specviz.engine.drafters.ngram import NgramDrafter
from specviz.engine.drafters.tli import TliDrafter


@register_drafter
class GreedyQDrafter(ModelDrafter):
    """Proposes the draft's most likely token but reports its sampling distribution as q.

    The acceptance ratio p/q then describes a choice that was never made: a
    token proposed with certainty is accepted as if it had been a lucky draw.
    The same mismatch broke assisted generation in a popular library when the
    assistant decoded greedily while the ratio used its sampling probabilities.
    """

    name = "greedy-q"
    exact = False

    def choose(self, logits: torch.Tensor, draft_probs: torch.Tensor, sampler: Sampler, position: int) -> int:
        return int(logits.argmax())  # broken on purpose: q does not describe this choice


@register_drafter
class RawQDrafter(ModelDrafter):
    """Samples from the filtered q (after top-k / top-p) but reports q computed from the unfiltered logits.

    The ratio p/q then uses a probability smaller than the one the token was
    really drawn with (the filter renormalised the kept tokens upwards), so
    proposals pass too often. A popular library shipped this: the assistant's
    probabilities came from its raw logits while its tokens were drawn after
    the top-k/top-p filters. Under greedy decoding, or with no filter, the two
    q coincide and nothing breaks: the bug needs top-k or top-p to show.
    """

    name = "raw-q"
    exact = False

    def reported_q(self, logits: torch.Tensor, draft_probs: torch.Tensor, policy: SamplingPolicy) -> torch.Tensor:
        unfiltered = SamplingPolicy(policy.temperature, top_k=0, top_p=1.0)
        return logits_to_probs(logits, unfiltered)  # broken on purpose: not the q the token was drawn from


@register_drafter
class FlatQNgramDrafter(NgramDrafter):
    """Copies like prompt lookup but reports a flat q = 1/V instead of the one-hot q of a copied token.

    A copied token was chosen with certainty, so its q(x) is 1 and it passes with
    probability p(x). Reporting a spread-out q instead (as code that borrows a
    model drafter's q for a copied token would) makes p/q large, so almost every
    copy passes and the copied text is written far more often than the target would.
    """

    name = "ngram-flat-q"
    exact = False

    def propose(self, k: int, policy: SamplingPolicy, sampler: Sampler,
                stop_below: float | None = None) -> Proposal:
        proposal = super().propose(k, policy, sampler, stop_below)
        proposal.draft_probs = torch.full_like(proposal.draft_probs, 1.0 / self.setup.vocab_size)  # broken on purpose
        return proposal


@register_drafter
class FlatQHybridDrafter(HybridDrafter):
    """Hybrid drafting whose copies report a flat q, as ``ngram-flat-q`` does (model proposals are right)."""

    name = "hybrid-flat-q"
    exact = False

    def __init__(self, setup: DraftSetup):
        super().__init__(setup)
        self.copier = FlatQNgramDrafter(setup)  # broken on purpose


@register_drafter
class DraftIdsTliDrafter(TliDrafter):
    """Drafts across vocabularies but writes q at the draft's own ids, as if both vocabularies numbered tokens alike.

    The proposal is the right target token, yet the q reported for it is the
    probability of whatever draft token has the same number: the mistake the
    article warns about, comparing ids of different tokenizers.
    """

    name = "tli-draft-ids"
    exact = False

    def q_row(self, q: torch.Tensor) -> torch.Tensor:
        row = torch.zeros(self.map.target_size, device=self.device)
        ids = self.map.draft_ids.to(self.device)
        inside = ids < self.map.target_size
        row[ids[inside]] = q.to(self.device)[inside]  # broken on purpose: draft ids are not target ids
        return row
