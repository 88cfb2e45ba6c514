"""The budget schedule: the time-budget formula applied online, one decision per cycle.

Before each cycle it picks the proposal length k, 0 included (a cycle of the
target alone), with the highest expected rate

    rate(k) = (1 + a_1 + a_1 a_2 + ... + a_1 ... a_k) / (k * draft_ms + verify_ms(k) + overhead_ms)

from what this run has measured so far:

- a_i, the acceptance rate at position i among cycles that reached it (counts
  fade by FADE per proposing cycle, so a run that moves from code to prose adapts;
  a position with few counts leans on the rate over all positions);
- draft_ms, the draft's mean time per proposed token;
- verify_ms(k), the target's time for a pass over k + 1 rows, for each k tried
  (k = 0: one row, i.e. one step of the target alone);
- overhead_ms, the rest of a cycle (sampling, cache bookkeeping).

Cycle 0 reads the prompt, so its times are left out. Until a cycle at k = 0 has
been timed, a single target step is assumed to cost as little as the cheapest
verify pass timed (a pass over more rows never costs less), which favours k = 0:
if k = 0 can win, it is tried and timed rather than ruled out. The schedule
considers k up to GROWTH more than the largest k it has timed, so k grows a few
steps at a time. While k = 0 wins it still proposes every PROBE_EVERY-th cycle,
so acceptance is measured again and the run can return to speculation when the
text becomes predictable.

The choice depends only on cycles already finished, never on the tokens about to
be proposed, so each cycle's output still has exactly the target's distribution.
Measured times vary, so under sampling a seeded run need not repeat its text.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from specviz.core.budget import tokens_per_cycle_positional
from specviz.core.online_costs import FadedRate, PassTimes, mean_with
from specviz.engine.schedules.base import register_schedule
from specviz.engine.trace import CycleRecord
from specviz.limits import K

FADE = 0.95  # weight left to earlier acceptance counts after each proposing cycle (~20 cycles of memory)
PROBE_EVERY = 8  # while k = 0 wins: cycles between two proposing cycles
PRIOR = (0.5, 1.0)  # pseudo-counts (accepted, reached) of the pooled rate: with no counts it is 1/2
POOL_WEIGHT = 2.0  # pseudo-counts of the pooled rate in each position's estimate
GROWTH = 2  # how far beyond the largest k timed the next choice may go


@register_schedule
@dataclass
class BudgetSchedule:
    name: ClassVar[str] = "budget"
    exact: ClassVar[bool] = True  # it decides from finished cycles only
    reads_clock: ClassVar[bool] = True  # its k follows measured times: the same run need not repeat its cycles
    order: ClassVar[int] = 3
    label: ClassVar[tuple[str, str]] = ("budget (k from measured times)", "budget (k dai tempi misurati)")
    help: ClassVar[tuple[str, str]] = (
        "budget: before each cycle, the k (0 = the target alone) with the most tokens per second expected from "
        "this run's measured times and acceptance.",
        "budget: prima di ogni ciclo, il k (0 = il target da solo) con più token al secondo attesi in base ai "
        "tempi e alle accettazioni misurati in questa generazione.")

    k: int  # the first proposals' length (its default is DecodeConfig's)
    k_max: int = K.high
    confidence: float | None = None  # unused: it stops no proposal early
    positions: list[FadedRate] = field(default_factory=list)  # [i]: faded counts of cycles that checked position i
    times: PassTimes = field(default_factory=PassTimes)  # the target's pass, by rows (k + 1)
    draft_ms: float | None = None  # running mean per proposed token
    overhead_ms: float | None = None
    cycles_seen: int = 0
    since_proposal: int = 0  # cycles in a row at k = 0
    best_positive: int = 0  # the best k >= 1 at the last decision
    rates: dict[int, float] = field(default_factory=dict)  # the last decision's expected tokens per ms, by k

    def __post_init__(self) -> None:
        self.best_positive = self.k
        self.current = self.k

    @property
    def reached(self) -> list[float]:
        """reached[i]: the faded count of cycles that checked position i."""
        return [position.reached for position in self.positions]

    @property
    def passed(self) -> list[float]:
        """passed[i]: the faded count of those that accepted it."""
        return [position.passed for position in self.positions]

    @property
    def verify_ms(self) -> dict[int, float]:
        """The target's pass time by the k it verified (k + 1 rows)."""
        return {rows - 1: ms for rows, ms in self.times.ms.items()}

    def next_k(self) -> int:
        return self.current

    def stop_below(self) -> float | None:
        return None

    def update(self, cycle: CycleRecord) -> None:
        """Take in the cycle just finished, then decide the next k."""
        proposed = len(cycle.proposed)
        if self.cycles_seen > 0:  # cycle 0 also read the prompt: its times say little about the rest
            self._time(proposed, cycle)
        if proposed:
            self._count(cycle)
        self.cycles_seen += 1
        self.since_proposal = 0 if proposed else self.since_proposal + 1
        self.current = self._decide()

    def _time(self, proposed: int, cycle: CycleRecord) -> None:
        self.times.add(proposed + 1, cycle.verify_ms)
        self.overhead_ms = mean_with(self.overhead_ms, cycle.overhead_ms)
        if proposed:
            self.draft_ms = mean_with(self.draft_ms, cycle.draft_ms / proposed)

    def _count(self, cycle: CycleRecord) -> None:
        reached = min(cycle.accepted + 1, len(cycle.proposed))  # positions reached: all before them kept
        self.positions += [FadedRate() for _ in range(reached - len(self.positions))]
        for i, position in enumerate(self.positions):  # every count fades; the positions reached count once more
            position.add(float(i < cycle.accepted), float(i < reached), FADE)

    def acceptance(self, k: int) -> list[float]:
        """Estimated a_1..a_k, each pulled towards the rate over all positions while it has few counts.

        A position seldom reached (the far end of a long proposal) borrows from the
        pooled rate instead of a fixed 1/2, and one never reached takes the pooled rate.
        """
        pooled = (sum(self.passed) + PRIOR[0]) / (sum(self.reached) + PRIOR[1])
        rates = [(p + POOL_WEIGHT * pooled) / (r + POOL_WEIGHT) for p, r in zip(self.passed, self.reached)]
        return (rates + [pooled] * k)[:k]

    def cost_ms(self, k: int) -> float | None:
        """Expected cycle time at k, or None while a cost it needs is unmeasured."""
        if self.overhead_ms is None or (k and self.draft_ms is None):
            return None
        if k + 1 in self.times.ms:
            verify = self.times.ms[k + 1]
        elif k:
            verify = self.times.nearest(k + 1, fewest=2)  # the nearest k timed
        else:
            verify = self.times.cheapest(fewest=2)  # untimed single step: at most the cheapest pass
        if verify is None:
            return None
        return k * (self.draft_ms or 0.0) + verify + self.overhead_ms

    def _decide(self) -> int:
        if not self.times.ms:
            return self.k  # cycle 0 read the prompt: nothing timed yet
        largest = max(self.times.ms) - 1  # the largest k timed
        self.rates = {}
        for k in range(0, min(self.k_max, max(largest, self.k) + GROWTH) + 1):
            cost = self.cost_ms(k)
            if cost:
                self.rates[k] = tokens_per_cycle_positional(self.acceptance(k)) / cost
        positive = {k: rate for k, rate in self.rates.items() if k > 0}
        if positive:
            self.best_positive = max(positive, key=lambda k: (positive[k], -k))
        if not self.rates:
            return self.k
        best = max(self.rates, key=lambda k: (self.rates[k], -k))
        if best == 0 and self.since_proposal + 1 >= PROBE_EVERY:
            return self.best_positive  # probe: has the text become predictable again?
        return best

