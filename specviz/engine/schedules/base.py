"""What every proposal-length schedule shares: its interface, its checks and the registry of schedules.

A schedule decides how many tokens the draft proposes next cycle. It has three
methods: ``next_k()``, ``stop_below()`` (a confidence under which the draft stops
early, or None) and ``update(cycle)``, called with each finished cycle's record
(its times included). Another schedule is one new class with ``@register_schedule``
(specviz/plugins.py says what it declares); the decoding loop never changes. Every
schedule is built the same way, ``cls(k=..., k_max=..., confidence=...)``.
"""

from __future__ import annotations

from typing import Protocol

from specviz.errors import SpecvizError
from specviz.limits import CONFIDENCE, K
from specviz.plugins import Registry


class Schedule(Protocol):
    name: str  # the registry key, written into every trace
    k: int  # the first cycle's k: the constant k, the heuristic's start, the dynamic maximum, the budget's first
    k_max: int  # the most it may propose (a host's max_k)
    confidence: float  # the dynamic schedule's threshold (the others ignore it)

    def next_k(self) -> int: ...

    def stop_below(self) -> float | None: ...

    def update(self, cycle) -> None: ...


SCHEDULES = Registry("schedule")
register_schedule = SCHEDULES.register


def check_schedule(name: str, k: int, k_max: int, confidence: float) -> None:
    """A one-line SpecvizError for an unknown name, a k out of range or above k_max, or a bad confidence."""
    SCHEDULES.get(name)
    K.check(k)
    if k > k_max:
        raise SpecvizError(f"k must be at most {k_max} here, got {k}")
    CONFIDENCE.check(confidence)


def make_schedule(name: str, k: int, k_max: int, confidence: float) -> Schedule:
    """The schedule called `name`, checked, ready for a run's first cycle."""
    check_schedule(name, k, k_max, confidence)
    return SCHEDULES.get(name)(k=k, k_max=k_max, confidence=confidence)
