"""Drafters: whatever proposes tokens for the target to verify (see base.py for the interface)."""

from specviz.engine.drafters import broken, hybrid, model, ngram, target_only, tli  # noqa: F401 - importing registers them
from specviz.engine.drafters.base import (
    DRAFTERS,
    Drafter,
    DraftSetup,
    Proposal,
    drafter_class,
    empty_proposal,
    register_drafter,
)
from specviz.engine.drafters.model import ModelDrafter, draft_confidence


def exact_drafters() -> tuple[str, ...]:
    """What the pickers, `generate --drafter` and `bench --drafter` offer, the default first."""
    return DRAFTERS.listed()


__all__ = ["DRAFTERS", "exact_drafters", "Drafter", "DraftSetup", "ModelDrafter", "Proposal", "draft_confidence",
           "drafter_class", "empty_proposal", "register_drafter"]
