"""Verifiers that are broken ON PURPOSE, for teaching. Never use them to generate text.

Each one looks almost right and changes the output distribution. The app's
exactness lab and the statistical tests run them to show that the test
catches them; ``exact = False`` keeps them out of every default.
"""

from __future__ import annotations

import torch

from specviz.core.verifiers.base import register_verifier
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
