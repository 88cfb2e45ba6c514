"""Proposal-length schedules: how many tokens the draft proposes next cycle.

- constant: k every cycle;
- heuristic: as Hugging Face's assisted generation, k grows by 2 after a fully
  accepted proposal and shrinks by 1 otherwise, within [1, k_max];
- dynamic: up to k tokens, but the draft stops early once its probability for
  the token it just proposed falls below a confidence threshold (the drafter
  applies it; under greedy the probability comes from the softmax of its logits);
- budget: before each cycle, the k (0 = the target alone) with the most expected
  tokens per millisecond, from the run's own measured costs and acceptance
  (specviz/engine/budget_schedule.py).

Every schedule has the same three methods: ``next_k()``, ``stop_below()`` and
``update(cycle)``, called with each finished cycle's record (its times included).
"""

from __future__ import annotations

from dataclasses import dataclass

from specviz.engine.budget_schedule import BudgetSchedule
from specviz.engine.trace import CycleRecord
from specviz.errors import SpecvizError
from specviz.limits import CONFIDENCE, K

SCHEDULES = ("constant", "heuristic", "dynamic", "budget")


@dataclass
class Schedule:
    name: str = "constant"
    k: int = 4  # the constant k, the heuristic's starting k, the dynamic maximum, the budget's first k
    k_max: int = K.high
    confidence: float = 0.4  # dynamic: stop proposing when the draft's probability of its token falls below this

    def __post_init__(self) -> None:
        if self.name not in SCHEDULES:
            raise SpecvizError(f"unknown schedule {self.name!r} (use {', '.join(SCHEDULES)})")
        K.check(self.k)
        if self.k > self.k_max:
            raise SpecvizError(f"k must be at most {self.k_max} here, got {self.k}")
        CONFIDENCE.check(self.confidence)
        self.current = self.k

    def next_k(self) -> int:
        return self.current

    def stop_below(self) -> float | None:
        """Confidence under which the draft stops early (dynamic only)."""
        return self.confidence if self.name == "dynamic" else None

    def update(self, cycle: CycleRecord) -> None:
        if self.name == "heuristic":
            grown = self.current + 2 if cycle.accepted == len(cycle.proposed) else self.current - 1
            self.current = max(1, min(self.k_max, grown))


def make_schedule(name: str, k: int, k_max: int = K.high, confidence: float = 0.4):
    """The schedule called `name`, checked: a `Schedule`, or a `BudgetSchedule` for "budget"."""
    checked = Schedule(name, k, k_max, confidence)
    return BudgetSchedule(k, k_max) if name == "budget" else checked
