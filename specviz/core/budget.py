"""Time budget of speculative decoding.

A cycle drafts k tokens (k * draft_ms), verifies them in one target pass
(verify_ms) and pays some overhead (sampling, cache bookkeeping: overhead_ms).
It emits the accepted prefix plus one token (correction or bonus), so with a
constant, independent acceptance probability alpha per position it emits on
average 1 + alpha + alpha^2 + ... + alpha^k tokens. With measured per-position
acceptance rates a_i = P(position i accepted | all before accepted) the same
expectation is 1 + a_1 + a_1 a_2 + ... + a_1 ... a_k.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

from specviz.errors import SpecvizError
from specviz.limits import K


@dataclass(frozen=True)
class Budget:
    """Costs in milliseconds and the acceptance assumed."""

    k: int
    draft_ms: float  # per proposed token
    verify_ms: float  # one target pass over a block of k
    overhead_ms: float  # everything else in a cycle
    baseline_ms: float  # one token from the target alone
    alpha: float  # acceptance probability per position

    def __post_init__(self) -> None:
        K.check(self.k)
        for name in ("draft_ms", "verify_ms", "overhead_ms"):
            value = getattr(self, name)
            if not value == value or value < 0:
                raise SpecvizError(f"{name.replace('_', '-')} must be >= 0, got {value}")
        if self.k * self.draft_ms + self.verify_ms + self.overhead_ms <= 0:
            raise SpecvizError("a cycle must take some time: draft-ms, verify-ms and overhead-ms cannot all be 0")
        if not self.baseline_ms == self.baseline_ms or self.baseline_ms <= 0:
            raise SpecvizError(f"baseline-ms must be > 0, got {self.baseline_ms}")
        if not self.alpha == self.alpha or not 0 <= self.alpha <= 1:
            raise SpecvizError(f"alpha must be in [0, 1], got {self.alpha}")


def tokens_per_cycle(alpha: float, k: int) -> float:
    """Expected tokens per cycle with constant acceptance alpha: sum of alpha^i, i = 0..k."""
    return sum(alpha**i for i in range(k + 1))


def tokens_per_cycle_positional(rates: list[float]) -> float:
    """Expected tokens per cycle from per-position acceptance rates a_1..a_k."""
    expected, survive = 1.0, 1.0
    for rate in rates:
        survive *= rate  # probability that positions 1..i were all accepted
        expected += survive
    return expected


def running_mean(old: float | None, new: float, weight: float) -> float:
    """A mean that gives the newest value `weight`; the first value starts it."""
    return new if old is None else (1 - weight) * old + weight * new


def cycle_ms(budget: Budget) -> float:
    return budget.k * budget.draft_ms + budget.verify_ms + budget.overhead_ms


def ms_per_token(budget: Budget) -> float:
    return cycle_ms(budget) / tokens_per_cycle(budget.alpha, budget.k)


def speedup(budget: Budget) -> float:
    """Baseline time per token over speculative time per token (> 1 is faster)."""
    return budget.baseline_ms / ms_per_token(budget)


def best_k(budget: Budget, k_max: int = K.high) -> int:
    """The k in 1..k_max with the highest speed-up, the verify cost held fixed."""
    speedups = {k: speedup(Budget(**{**asdict(budget), "k": k})) for k in range(1, k_max + 1)}
    return max(speedups, key=lambda k: (speedups[k], -k))  # ties go to the smaller k


def summary(budget: Budget) -> dict:
    return {
        "k": budget.k,
        "tokens_per_cycle": tokens_per_cycle(budget.alpha, budget.k),
        "cycle_ms": cycle_ms(budget),
        "ms_per_token": ms_per_token(budget),
        "speedup": speedup(budget),
        "best_k": best_k(budget),
    }
