"""The constant schedule: k proposals every cycle (a seed then fixes a sampled text)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from specviz.engine.schedules.base import register_schedule
from specviz.limits import K


@register_schedule
@dataclass
class ConstantSchedule:
    name: ClassVar[str] = "constant"
    exact: ClassVar[bool] = True  # every schedule keeps the target's distribution: it decides before proposing
    order: ClassVar[int] = 0
    label: ClassVar[tuple[str, str]] = ("constant k", "k costante")
    help: ClassVar[tuple[str, str]] = ("constant: k proposals every cycle.", "costante: k proposte a ogni ciclo.")

    k: int  # the first cycle's k (its default is DecodeConfig's)
    k_max: int = K.high
    confidence: float | None = None  # the dynamic schedule's threshold; unused here

    def __post_init__(self) -> None:
        self.current = self.k

    def next_k(self) -> int:
        return self.current

    def stop_below(self) -> float | None:
        return None

    def update(self, cycle) -> None:
        pass
