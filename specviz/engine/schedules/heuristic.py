"""The heuristic schedule, as Hugging Face's assisted generation: k grows by 2 after a fully accepted proposal
and shrinks by 1 otherwise, within [1, k_max]."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from specviz.engine.schedules.base import register_schedule
from specviz.engine.schedules.constant import ConstantSchedule


@register_schedule
@dataclass
class HeuristicSchedule(ConstantSchedule):
    name: ClassVar[str] = "heuristic"
    order: ClassVar[int] = 1
    label: ClassVar[tuple[str, str]] = ("heuristic (as Hugging Face)", "euristica (come Hugging Face)")
    help: ClassVar[tuple[str, str]] = (
        "heuristic: k grows by 2 after a fully accepted proposal and shrinks by 1 otherwise.",
        "euristica: k cresce di 2 dopo una proposta accettata per intero e cala di 1 altrimenti.")

    def update(self, cycle) -> None:
        grown = self.current + 2 if cycle.accepted == len(cycle.proposed) else self.current - 1
        self.current = max(1, min(self.k_max, grown))
