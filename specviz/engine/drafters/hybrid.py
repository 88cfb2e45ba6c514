"""Hybrid drafting: copy when the text offers a match, ask the draft model, or let the target write alone,
whichever this run's measurements say will write the most tokens per millisecond (llama.cpp combines
draft-free and draft-model speculation; the choice per cycle is a departure: see ``source_choice``).

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
from specviz.engine.drafters.ngram import NgramDrafter, matched_length
from specviz.engine.drafters.source_choice import CHOICES, Decision, SourceChoice
from specviz.limits import K


@dataclass
class Cycle:
    """The cycle under way, as the choice of source will be told about it."""

    decision: Decision
    started: float  # time.perf_counter() when it was proposed
    timed: bool  # False if its time includes reading the prompt
    draft_ms: float = 0.0
    draft_ms_per_token: float | None = None  # the model's cost per proposed token, reading the prompt left out
    accepted: int = 0


@register_drafter
class HybridDrafter:
    """Prompt lookup, the draft model or the target alone: per cycle, the one expected to be fastest."""

    name = "hybrid"
    needs_model = True
    max_tokens = K.high
    exact = True
    recorded_choices = CHOICES  # each cycle records why its source was chosen

    def __init__(self, setup: DraftSetup):
        self.setup = setup
        self.copier = NgramDrafter(setup)
        self.model = ModelDrafter(setup)
        self.choice = SourceChoice()
        self.last: Cycle | None = None  # the cycle under way

    @property
    def forward_passes(self) -> int:
        return self.model.forward_passes

    @property
    def cache_length(self) -> int:
        return self.model.cache_length

    def propose(self, k: int, policy: SamplingPolicy, generator: torch.Generator,
                stop_below: float | None = None) -> Proposal:
        now = time.perf_counter()
        self._finish_last_cycle(now)
        copy = self.copier.propose(k, policy, generator, stop_below)  # free: a lookup, no model runs
        match = matched_length(self.copier.tokens, copy.sources[0]) if copy.tokens else 0
        if k == 0:  # nothing may be proposed (the run's last token, or a schedule's cycle of the target alone)
            decision = Decision("alone", "", 0)  # no choice made, none recorded
        else:
            decision = self.choice.choose(k, len(copy.tokens), match)
        # The run's first cycle reads the prompt into the target, the model's first into the draft: not timed.
        reads_prompt = self.last is None or (decision.source == "model" and self.model.forward_passes == 0)
        self.last = Cycle(decision, now, timed=not reads_prompt)
        if decision.source == "copy":
            proposal = copy
        elif decision.source == "model":
            proposal = self.model.propose(decision.length, policy, generator, stop_below)
            proposal.drafted_by = [self.model.name] * len(proposal.tokens)
            self.last.draft_ms = sum(proposal.ms_per_token)
            # Per token, catching up on text written while the model sat out included: a model that drafts
            # now and then pays it each time. Only reading the prompt, once, is left out (the first token).
            counted = proposal.ms_per_token[1:] if reads_prompt else proposal.ms_per_token
            self.last.draft_ms_per_token = sum(counted) / len(counted) if counted else None
        else:
            proposal = empty_proposal(self.setup)
        proposal.choice = decision.choice
        self.last.decision = replace(decision, length=len(proposal.tokens))  # a model may stop early
        return proposal

    def _finish_last_cycle(self, now: float) -> None:
        """Tell the choice how the cycle that just ended went and, if timed, how long it took."""
        if self.last is None:
            return
        cycle_ms = 1000.0 * (now - self.last.started) if self.last.timed else None
        self.choice.finished(self.last.decision, self.last.accepted, cycle_ms, self.last.draft_ms,
                             self.last.draft_ms_per_token)

    def update(self, accepted: int, emitted: list[int]) -> None:
        if self.last is not None:
            self.last.accepted = accepted
        self.copier.update(accepted, emitted)
        self.model.update(accepted, emitted)
