"""Which models a run loads, checked before either loads: one rule for the Live page, `generate` and `bench`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from specviz.engine.drafters import DRAFTERS
from specviz.models.pairing import check_registry_pair


@dataclass(frozen=True)
class PairPlan:
    """The target, and the draft model where the run's drafter needs one (None: the target alone, or a copy)."""

    target: str
    draft: str | None


def plan_pair(drafter: str, draft: str, target: str, speculative: bool = True,
              allowed: Callable[[str], str] = str.strip) -> PairPlan:
    """The models of a run, each passed through `allowed` (a host's allow-list) and the two able to pair.

    A drafter across vocabularies (tli) pairs any two models; every other drafter with a model needs the
    target's vocabulary, refused from the registry before minutes of loading (SpecvizError, one line).
    """
    kind = DRAFTERS.get(drafter)
    if not (speculative and kind.needs_model):
        return PairPlan(allowed(target), None)
    draft, target = allowed(draft), allowed(target)  # the draft first: the picker above the target's
    if not getattr(kind, "across_vocabularies", False):
        check_registry_pair(draft, target)
    return PairPlan(target, draft)
