"""Prompt lookup: drafting by copying, with no draft model (n-gram drafting).

The last n tokens of the text so far (prompt included) are looked up earlier in
the same text; if they occurred before, the tokens that followed that earlier
occurrence are proposed. n goes from ``ngram_max`` down to ``ngram_min`` and
the most recent occurrence wins, as Hugging Face's prompt lookup and vLLM's
``ngram`` drafter do. It pays off when the answer repeats its input: editing
code, renaming, fixing a typo.

The proposal is not sampled, so its q is one-hot: q(x_i) = 1. The exact rule
then accepts x_i with probability min(1, p(x_i)/1) = p(x_i), and after a
rejection corrects from max(p − q, 0) normalised, which is p with x_i removed.
The output keeps the target's distribution exactly.
"""

from __future__ import annotations

import torch

from specviz.core.policy import SamplingPolicy
from specviz.engine.drafters.base import DraftSetup, Proposal, empty_proposal, register_drafter
from specviz.limits import K


def find_continuation(history: list[int], n_max: int, n_min: int) -> tuple[int, int] | None:
    """Where to copy from: (position after the matched n-gram's most recent earlier occurrence, n), or None.

    The n-gram is the last n tokens of `history`; longer n-grams are tried first,
    since a longer match predicts the continuation better.
    """
    for n in range(n_max, n_min - 1, -1):
        if len(history) <= n:
            continue
        suffix = history[-n:]
        for start in range(len(history) - n - 1, -1, -1):  # most recent first; the suffix itself excluded
            if history[start:start + n] == suffix:
                return start + n, n
    return None


@register_drafter
class NgramDrafter:
    """Proposes what followed the most recent earlier occurrence of the text's last n tokens."""

    name = "ngram"
    needs_model = False
    max_tokens = K.high
    exact = True
    forward_passes = 0  # no model runs
    cache_length = None

    def __init__(self, setup: DraftSetup):
        self.setup = setup
        self.tokens = list(setup.prompt_ids)  # the confirmed text, prompt included
        self.n_max, self.n_min = setup.ngram_max, setup.ngram_min

    def lookup(self, k: int) -> tuple[list[int], list[int]]:
        """Up to k tokens to propose, and for each the position in the text it is copied from."""
        found = find_continuation(self.tokens, self.n_max, self.n_min)
        if found is None:
            return [], []
        start, _ = found
        sources = list(range(start, min(start + k, len(self.tokens))))
        return [self.tokens[i] for i in sources], sources

    def propose(self, k: int, policy: SamplingPolicy, generator: torch.Generator,
                stop_below: float | None = None) -> Proposal:
        tokens, sources = self.lookup(k)
        if not tokens:
            return empty_proposal(self.setup)
        # Step 1 without sampling: q is one-hot on each copied token.
        draft_probs = torch.zeros(len(tokens), self.setup.vocab_size, device=self.setup.device)  # [m, vocab]
        draft_probs[torch.arange(len(tokens)), torch.tensor(tokens)] = 1.0
        return Proposal(tokens, draft_probs, [0.0] * len(tokens), sources=sources,
                        drafted_by=[self.name] * len(tokens))

    def update(self, accepted: int, emitted: list[int]) -> None:
        self.tokens.extend(emitted)
