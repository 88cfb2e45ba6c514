"""Drafting with a small language model that shares the target's tokenizer."""

from __future__ import annotations

import torch

from specviz.core.policy import SamplingPolicy, logits_to_probs
from specviz.core.sampling import Sampler
from specviz.engine.cached import CachedModel
from specviz.engine.drafters.base import DraftSetup, Proposal, register_drafter
from specviz.engine.timing import Clock
from specviz.limits import K


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


@register_drafter
class ModelDrafter:
    """Drafts with a small language model that keeps its own KV cache."""

    order = 0  # the default
    hf_partner = "hf-assisted"  # Hugging Face's counterpart, run beside it by `specviz bench`
    label = ("draft model", "modello draft")
    help = ("Draft model: a small model proposes.", "Modello draft: propone un modello piccolo.")

    name = "model"
    needs_model = True
    max_tokens = K.high
    exact = True

    def __init__(self, setup: DraftSetup):
        assert setup.draft is not None, "the model drafter needs a draft model"
        self.model = CachedModel(setup.draft, setup.vocab_size)
        self.tokens = list(setup.prompt_ids)  # the confirmed text, prompt included
        self.clock = Clock(setup.draft.device)
        # No separate prefill: the first proposal step reads the whole prompt in one pass.

    @property
    def forward_passes(self) -> int:
        return self.model.forward_passes

    @property
    def cache_length(self) -> int:
        return self.model.length

    def choose(self, logits: torch.Tensor, draft_probs: torch.Tensor, sampler: Sampler, position: int) -> int:
        """The proposed token: a draw from q at absolute `position`.  logits, draft_probs: [vocab]."""
        return sampler.draw(draft_probs, position)

    def reported_q(self, logits: torch.Tensor, draft_probs: torch.Tensor, policy: SamplingPolicy) -> torch.Tensor:
        """The q handed to the verifier for a proposal: the distribution it was drawn from.  [vocab]."""
        return draft_probs

    def propose(self, k: int, policy: SamplingPolicy, sampler: Sampler,
                stop_below: float | None = None) -> Proposal:
        tokens: list[int] = []
        rows: list[torch.Tensor] = []
        times: list[float] = []
        feed = self.tokens[self.model.length:]  # confirmed tokens the cache has not seen yet
        for i in range(k):
            start = self.clock.now_ms()
            logits = self.model.forward(feed, keep=1)[-1]  # [vocab]
            q = logits_to_probs(logits, policy)  # [vocab]
            token = self.choose(logits, q, sampler, position=len(self.tokens) + i)
            tokens.append(token)
            rows.append(self.reported_q(logits, q, policy))
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
