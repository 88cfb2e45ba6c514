"""What every drafter shares: its proposal type, its interface and the registry of drafters.

A drafter proposes tokens for the target to verify. It has two operations:
- ``propose(k, policy, sampler)`` returns up to k tokens and the distribution q
  each was sampled from, each drawn by ``sampler.draw(q, position)`` at its absolute
  position in the text (the coupled verifier's shared noise is keyed by it);
- ``update(accepted, emitted)`` tells it which of them survived and what the
  target added, so it can bring its own state (a KV cache) up to date.
Another way of drafting is one new class with ``@register_drafter``; the
decoding loop never changes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

import torch

from specviz.core.policy import SamplingPolicy
from specviz.core.sampling import Sampler
from specviz.models.loader import LoadedModel
from specviz.models.vocab_map import VocabularyMap
from specviz.plugins import Registry


@dataclass
class Proposal:
    tokens: list[int]
    draft_probs: torch.Tensor  # [len(tokens), vocab] the q each token was sampled from
    ms_per_token: list[float] = field(default_factory=list)
    sources: list[int] = field(default_factory=list)  # copying drafters: where in the text each token was copied from
    drafted_by: list[str] = field(default_factory=list)  # which drafter proposed each token (hybrid drafting)
    choice: str = ""  # hybrid drafting: "<source>.<reason>", which source filled the cycle and why (source_choice)


@dataclass(frozen=True)
class FrameNote:
    """What a drafter says in the cycle view's first frame about one of its cycles, besides the proposal."""

    before: str = ""  # said before the frame's own sentence
    after: str = ""  # said after it
    instead: str | None = None  # said in place of the frame's sentence and chart


@dataclass(frozen=True)
class DraftSetup:
    """What a drafter is given when a generation starts."""

    draft: LoadedModel | None  # the draft model, for drafters that use one
    vocab_size: int  # the columns of q (shared with the target's p)
    prompt_ids: list[int]  # the prompt, already tokenized
    device: torch.device  # where q must live (the target's device)
    ngram_max: int = 3  # prompt lookup: the longest n-gram looked up, then shorter ones
    ngram_min: int = 1
    target_tokenizer: object = None  # drafting across vocabularies: the text is read again in the draft's tokens
    vocab_map: VocabularyMap | None = None  # and proposals are mapped through the intersection


class Drafter(Protocol):
    name: str  # the registry key, written into every trace
    needs_model: bool  # True if it drafts with the draft model
    max_tokens: int  # the most it can propose per cycle; 0: the target decodes alone
    exact: bool  # False for the drafters kept to show how exactness breaks
    # Optional, False if absent: True for a draft model with another tokenizer (it gets `vocab_map`).
    across_vocabularies: bool
    # Optional, none if absent: the `drafter_choice` values its cycles may record (hybrid: why a source).
    recorded_choices: frozenset[str]
    # What the pickers show (specviz/plugins.py): its place, its name and one sentence, each (English, Italian).
    order: int
    label: tuple[str, str]
    help: tuple[str, str]

    # Optional: what it adds to the cycle view's first frame (`FrameNote`), from a cycle's record.
    @classmethod
    def frame_note(cls, cycle, say: Callable[..., str]) -> FrameNote: ...

    # Optional: a sentence about a whole run of it, shown above the run's text (a RunRecord, a language).
    @classmethod
    def run_note(cls, record, lang: str) -> str | None: ...

    def __init__(self, setup: DraftSetup) -> None: ...

    @property
    def forward_passes(self) -> int: ...

    @property
    def cache_length(self) -> int | None:
        """Tokens whose states the drafter's KV cache holds (None without a cache)."""

    def propose(self, k: int, policy: SamplingPolicy, sampler: Sampler,
                stop_below: float | None = None) -> Proposal:
        """Up to k tokens; a drafter that samples draws each with `sampler` at the token's absolute position."""

    def update(self, accepted: int, emitted: list[int]) -> None: ...


DRAFTERS = Registry("drafter")
register_drafter = DRAFTERS.register
drafter_class = DRAFTERS.get


def recorded_choices() -> frozenset[str]:
    """Every `drafter_choice` a registered drafter may record: what a trace's cycles are checked against."""
    return frozenset().union(*(getattr(cls, "recorded_choices", frozenset()) for _, cls in DRAFTERS.items()))


def frame_note(drafter: str, cycle, say: Callable[..., str]) -> FrameNote:
    """What drafter `drafter` says about `cycle` (nothing for a drafter this install does not have)."""
    cls = DRAFTERS.find(drafter)
    return cls.frame_note(cycle, say) if hasattr(cls, "frame_note") else FrameNote()


def run_note(drafter: str, record, lang: str) -> str | None:
    """What drafter `drafter` says about a whole run of it (None: nothing, or a drafter this install lacks)."""
    cls = DRAFTERS.find(drafter)
    return cls.run_note(record, lang) if hasattr(cls, "run_note") else None


def empty_proposal(setup: DraftSetup) -> Proposal:
    return Proposal([], torch.empty(0, setup.vocab_size, device=setup.device))
