"""Drafters: whatever proposes tokens for the target to verify (see base.py for the interface)."""

from specviz.engine.drafters import broken, model, target_only  # noqa: F401 - importing registers them
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

__all__ = ["DRAFTERS", "Drafter", "DraftSetup", "ModelDrafter", "Proposal", "draft_confidence", "drafter_class",
           "empty_proposal", "register_drafter"]
