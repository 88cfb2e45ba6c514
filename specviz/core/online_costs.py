"""What a run has measured so far, kept online for the choices made before each cycle.

The budget schedule (how many tokens to propose) and the hybrid drafter's choice of
source (copy, model or the target alone) both fill in the time-budget formula
(``specviz.core.budget``) from finished cycles only:

- ``PassTimes``: the target's pass over n rows (n - 1 proposals and the token after
  them), a running mean for each n timed, the newest weighing COST_WEIGHT; a row count
  not timed takes the nearest one timed (ties: the larger, which never costs less);
- ``FadedRate``: accepted over reached positions, both counts fading by a factor each
  time they are added to, so a run whose text changes adapts.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from specviz.core.budget import running_mean

COST_WEIGHT = 0.3  # weight of the newest time in each running mean


def mean_with(old: float | None, new: float) -> float:
    """A running mean after one more time (the first time is the mean)."""
    return running_mean(old, new, COST_WEIGHT)


@dataclass
class PassTimes:
    """The target's pass time for each number of rows timed, in milliseconds."""

    ms: dict[int, float] = field(default_factory=dict)  # rows -> running mean

    def add(self, rows: int, ms: float) -> None:
        self.ms[rows] = mean_with(self.ms.get(rows), ms)

    def timed(self, fewest: int = 1) -> list[int]:
        """The row counts timed, of at least `fewest` rows."""
        return [rows for rows in self.ms if rows >= fewest]

    def nearest(self, rows: int, fewest: int = 1) -> float | None:
        """The time of `rows` rows, or of the nearest row count timed (of at least `fewest`); None if none is."""
        timed = self.timed(fewest)
        if not timed:
            return None
        return self.ms[min(timed, key=lambda n: (abs(n - rows), -n))]

    def cheapest(self, fewest: int = 1) -> float | None:
        """The cheapest pass timed (of at least `fewest` rows): a single untimed step costs no more than it."""
        timed = self.timed(fewest)
        return min(self.ms[n] for n in timed) if timed else None


@dataclass
class FadedRate:
    """Accepted over reached positions, both counts fading each time the rate is added to."""

    passed: float = 0.0  # positions accepted
    reached: float = 0.0  # positions checked (every one before them accepted)

    def add(self, passed: float, reached: float, fade: float) -> None:
        self.passed = fade * self.passed + passed
        self.reached = fade * self.reached + reached

    def leaning(self, prior: float, weight: float) -> float:
        """The rate pulled towards `prior`, which counts as `weight` positions, while counts are few."""
        return (self.passed + weight * prior) / (self.reached + weight)
