"""Hybrid drafting: copy when the text offers a match, else ask the draft model (as llama.cpp combines
draft-free and draft-model speculation).

Each cycle's proposal comes from one drafter only, and the record says which
(``Proposal.drafted_by``). Both stay exact: a copy has a one-hot q, a model
proposal the q it was sampled from. The draft model's cache simply catches up
on the text written while copies were proposed (it feeds what it has not seen).
"""

from __future__ import annotations

import torch

from specviz.core.policy import SamplingPolicy
from specviz.engine.drafters.base import DraftSetup, Proposal, register_drafter
from specviz.engine.drafters.model import ModelDrafter
from specviz.engine.drafters.ngram import NgramDrafter
from specviz.limits import K


@register_drafter
class HybridDrafter:
    """Prompt lookup when the last n-gram occurred before; the draft model otherwise."""

    name = "hybrid"
    needs_model = True
    max_tokens = K.high
    exact = True

    def __init__(self, setup: DraftSetup):
        self.copier = NgramDrafter(setup)
        self.model = ModelDrafter(setup)

    @property
    def forward_passes(self) -> int:
        return self.model.forward_passes

    @property
    def cache_length(self) -> int:
        return self.model.cache_length

    def propose(self, k: int, policy: SamplingPolicy, generator: torch.Generator,
                stop_below: float | None = None) -> Proposal:
        proposal = self.copier.propose(k, policy, generator, stop_below)  # free: no model runs
        if proposal.tokens:
            return proposal
        proposal = self.model.propose(k, policy, generator, stop_below)
        proposal.drafted_by = [self.model.name] * len(proposal.tokens)
        return proposal

    def update(self, accepted: int, emitted: list[int]) -> None:
        self.copier.update(accepted, emitted)
        self.model.update(accepted, emitted)
