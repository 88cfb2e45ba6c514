"""Verifiers that are broken ON PURPOSE, for teaching. Never use them to generate text.

Each one looks almost right and changes the output distribution. The app's
exactness lab and the statistical tests run them to show that the test
catches them; ``exact = False`` keeps them out of every default.
"""

from __future__ import annotations

import torch

from specviz.core.sampling import GumbelSampler
from specviz.core.verifiers.base import register_verifier
from specviz.core.verifiers.coupled import CoupledVerifier
from specviz.core.verifiers.token import TokenVerifier


@register_verifier
class NaiveVerifier(TokenVerifier):
    """The token-level checks, but after a rejection the correction is drawn from p itself.

    It sounds reasonable ("let the target pick instead"), yet tokens the draft
    over-proposes are then counted twice: once through acceptance and again
    through the resample. The correct rule draws only from what acceptance
    left uncovered, max(p - q, 0).
    """

    name = "naive"
    exact = False

    def correction_distribution(self, target_row: torch.Tensor, draft_row: torch.Tensor) -> torch.Tensor:
        return target_row  # broken on purpose: should be the normalised max(p - q, 0)


class CycleKeyedSampler(GumbelSampler):
    """Gumbel-max draws whose noise is keyed by the cycle's first position, not by each token's own."""

    scheme = "gumbel-splitmix64-v1-by-cycle"

    def __init__(self, seed: int, generator: torch.Generator):
        super().__init__(seed, generator)
        self.start = 0  # the absolute position of the cycle under way

    def begin_cycle(self, position: int) -> None:
        self.start = position

    def key(self, position: int) -> int:
        return self.start  # broken on purpose: every position of a cycle reads the same noise


@register_verifier
class CycleKeyedVerifier(CoupledVerifier):
    """Coupled verification with noise keyed by the cycle instead of the position.

    The target alone (one token per cycle) still draws exactly, but a speculative
    cycle gives all its positions one noise: consecutive tokens are drawn with
    the same noise (their pairs are no longer the target's), and the text changes
    with k and with the drafter, which the shared-noise promise forbids.
    """

    name = "coupled-by-cycle"
    exact = False

    @staticmethod
    def sampler(seed: int, device: torch.device) -> GumbelSampler:
        return CycleKeyedSampler(seed, torch.Generator(device=device).manual_seed(seed))
