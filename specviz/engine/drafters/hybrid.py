"""Hybrid drafting: copy when the text offers a match, ask the draft model, or let the target write alone,
whichever has been fastest in this run (llama.cpp combines draft-free and draft-model speculation; the
choice per cycle is a departure: see ``source_choice``).

A copy is possible only when at least ``min_copy_match`` (2) tokens match: a
single repeated token (" the", " =") says little about what follows. (Measured
on the edit prompts at k = 8, copying on 1-token matches made hybrid 9% slower
than prompt lookup alone.) A larger ``ngram_min`` still applies.

Each cycle's proposal comes from one source only, and the record says which
(``Proposal.drafted_by``) and why (``Proposal.choice``). All stay exact: a copy
has a one-hot q, a model proposal the q it was sampled from, and no proposal
leaves the target alone. The draft model's cache simply catches up on the text
written while it sat out (it feeds what it has not seen).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace

import torch

from specviz.core.policy import SamplingPolicy
from specviz.engine.drafters.base import DraftSetup, Proposal, empty_proposal, register_drafter
from specviz.engine.drafters.model import ModelDrafter
from specviz.engine.drafters.ngram import NgramDrafter
from specviz.engine.drafters.source_choice import SourceChoice
from specviz.limits import K


@dataclass
class Cycle:
    """The cycle under way, as the choice of source will be told about it."""

    source: str
    started: float  # time.perf_counter() when it was proposed
    timed: bool  # False if its time includes reading the prompt
    draft_ms: float = 0.0


@register_drafter
class HybridDrafter:
    """Prompt lookup, the draft model or the target alone: per cycle, the fastest so far in this run."""

    name = "hybrid"
    needs_model = True
    max_tokens = K.high
    exact = True
    min_copy_match = 2  # the shortest match worth copying; shorter ones go to the model
    probe_tokens = 2  # the proposal of a model probed again after losing

    def __init__(self, setup: DraftSetup):
        self.setup = setup
        shortest = max(setup.ngram_min, min(self.min_copy_match, setup.ngram_max))
        self.copier = NgramDrafter(replace(setup, ngram_min=shortest))
        self.model = ModelDrafter(setup)
        self.choice = SourceChoice()
        self.last: Cycle | None = None  # the cycle under way
        self.written = 0  # tokens the last cycle wrote

    @property
    def forward_passes(self) -> int:
        return self.model.forward_passes

    @property
    def cache_length(self) -> int:
        return self.model.cache_length

    def propose(self, k: int, policy: SamplingPolicy, generator: torch.Generator,
                stop_below: float | None = None) -> Proposal:
        now = time.perf_counter()
        self._time_last_cycle(now)
        copy = self.copier.propose(k, policy, generator, stop_below)  # free: a lookup, no model runs
        source, reason = self.choice.choose(can_copy=bool(copy.tokens))
        self.choice.filled(source)
        # The run's first cycle reads the prompt into the target, the model's first into the draft: not timed.
        reads_prompt = self.last is None or (source == "model" and self.model.forward_passes == 0)
        self.last = Cycle(source, now, timed=not reads_prompt)
        if source == "copy":
            proposal = copy
        elif source == "model":
            # A probe of a model that has been losing proposes few tokens: it costs little when it loses again.
            length = min(k, self.probe_tokens) if reason == "probe" else k
            proposal = self.model.propose(length, policy, generator, stop_below)
            proposal.drafted_by = [self.model.name] * len(proposal.tokens)
            self.last.draft_ms = sum(proposal.ms_per_token)
        else:
            proposal = empty_proposal(self.setup)
        proposal.choice = f"{source}.{reason}"
        return proposal

    def _time_last_cycle(self, now: float) -> None:
        """Tell the choice what the cycle that just ended wrote and how long it took, proposal to proposal."""
        if self.last is not None and self.last.timed:
            self.choice.timed(self.last.source, self.written, 1000.0 * (now - self.last.started), self.last.draft_ms)

    def update(self, accepted: int, emitted: list[int]) -> None:
        self.written = len(emitted)
        self.copier.update(accepted, emitted)
        self.model.update(accepted, emitted)
