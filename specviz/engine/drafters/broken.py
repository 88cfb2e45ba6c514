"""Drafters that are broken ON PURPOSE, for teaching. Never use them to generate text.

Each reproduces a mistake that has shipped in real speculative decoding code;
the exactness lab and the statistical tests run them to show that the output
distribution moves away from the target's. ``exact = False`` keeps them out of
every default.
"""

from __future__ import annotations

import torch

from specviz.engine.drafters.base import register_drafter
from specviz.engine.drafters.model import ModelDrafter


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

    def choose(self, logits: torch.Tensor, draft_probs: torch.Tensor, generator: torch.Generator) -> int:
        return int(logits.argmax())  # broken on purpose: q does not describe this choice
