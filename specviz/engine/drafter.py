"""Drafters: whatever proposes tokens for the target to verify.

A drafter has two operations, so that another way of drafting (n-gram prompt
lookup, a different schedule) is a new class rather than a new branch:
- ``propose(k, ...)`` returns up to k tokens and the distribution q each was
  sampled from;
- ``update(accepted, emitted)`` tells it which of them survived and what the
  target added, so it can bring its own state (its KV cache) up to date.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

import torch

from specviz.core.policy import SamplingPolicy, logits_to_probs, sample_one
from specviz.engine.cached import CachedModel
from specviz.engine.timing import Clock

DRAFT_MODES = ("sample", "greedy-mismatch")


@dataclass
class Proposal:
    tokens: list[int]
    draft_probs: torch.Tensor  # [len(tokens), vocab] the q each token was sampled from
    ms_per_token: list[float] = field(default_factory=list)


class Drafter(Protocol):
    forward_passes: int

    def propose(self, k: int, policy: SamplingPolicy, generator: torch.Generator,
                stop_below: float | None = None) -> Proposal: ...

    def update(self, accepted: int, emitted: list[int]) -> None: ...


def draft_confidence(logits: torch.Tensor, draft_probs: torch.Tensor, token: int, policy: SamplingPolicy) -> float:
    """How sure the draft was of the token it proposed, for the dynamic schedule.

    logits: [vocab] the draft's raw logits; draft_probs: [vocab] the q it sampled from.
    As Hugging Face's ConfidenceCriteria: the softmax probability of the chosen
    token. Under greedy q is one-hot (always 1), so the confidence comes from the
    softmax of the raw logits instead: p_max = exp(logit_max - logsumexp).
    """
    if not policy.greedy:
        return float(draft_probs[token])
    logits = logits.float()
    return float(torch.exp(logits[token] - torch.logsumexp(logits, dim=-1)))


class ModelDrafter:
    """Drafts with a small language model that keeps its own KV cache.

    ``mode="greedy-mismatch"`` is a deliberately broken drafter for teaching: it
    proposes the argmax but reports the sampling distribution as q.
    """

    def __init__(self, model: CachedModel, prompt_ids: list[int], mode: str = "sample"):
        assert mode in DRAFT_MODES, f"mode must be one of {DRAFT_MODES}"
        self.model = model
        self.mode = mode
        self.tokens = list(prompt_ids)  # the confirmed text, prompt included
        self.clock = Clock(model.loaded.device)
        # No separate prefill: the first proposal step reads the whole prompt in one pass.

    @property
    def forward_passes(self) -> int:
        return self.model.forward_passes

    def propose(self, k: int, policy: SamplingPolicy, generator: torch.Generator,
                stop_below: float | None = None) -> Proposal:
        tokens: list[int] = []
        rows: list[torch.Tensor] = []
        times: list[float] = []
        feed = self.tokens[self.model.length:]  # confirmed tokens the cache has not seen yet
        for _ in range(k):
            start = self.clock.now_ms()
            logits = self.model.forward(feed, keep=1)[-1]  # [vocab]
            q = logits_to_probs(logits, policy)
            if self.mode == "greedy-mismatch":
                token = int(logits.argmax())  # broken on purpose: q does not describe this choice
            else:
                token = sample_one(q, generator)
            tokens.append(token)
            rows.append(q)
            times.append(self.clock.now_ms() - start)
            feed = [token]
            if stop_below is not None and draft_confidence(logits, q, token, policy) < stop_below:
                break  # dynamic schedule: the draft is unsure, let the target decide
        vocab = self.model.vocab_size
        draft_probs = torch.stack(rows) if rows else torch.empty(0, vocab, device=self.model.loaded.device)
        return Proposal(tokens, draft_probs, times)

    def update(self, accepted: int, emitted: list[int]) -> None:
        # The cache holds the old text plus the proposals fed so far; only the
        # accepted ones remain valid (the last proposal was never fed).
        self.model.crop(min(self.model.length, len(self.tokens) + accepted))
        self.tokens.extend(emitted)
