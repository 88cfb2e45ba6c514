"""Hybrid drafting: copy when the text offers a match, else ask the draft model (as llama.cpp combines
draft-free and draft-model speculation).

A copy is proposed only when at least ``min_copy_match`` (2) tokens match: a
single repeated token (" the", " =") says little about what follows, and a
poor copy pre-empts a model that would have been right. (Measured on the edit
prompts at k = 8, copying on 1-token matches made hybrid 9% slower than prompt
lookup alone.) A larger ``ngram_min`` still applies.

Each cycle's proposal comes from one drafter only, and the record says which
(``Proposal.drafted_by``). Both stay exact: a copy has a one-hot q, a model
proposal the q it was sampled from. The draft model's cache simply catches up
on the text written while copies were proposed (it feeds what it has not seen).
"""

from __future__ import annotations

from dataclasses import replace

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
    min_copy_match = 2  # the shortest match worth copying; shorter ones go to the model

    def __init__(self, setup: DraftSetup):
        shortest = max(setup.ngram_min, min(self.min_copy_match, setup.ngram_max))
        self.copier = NgramDrafter(replace(setup, ngram_min=shortest))
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
