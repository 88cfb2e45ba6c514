"""Every exact rule's verdicts over a recorded run.

A full trace keeps, for each cycle, what every exact rule would have kept of the
same proposal with the same target pass and the same draws (``CycleRecord.verdicts``).
Counting them over a run compares the rules on identical evidence; the benchmark
report (specviz/bench/rules.py) compares them end to end, each rule writing its own text.
"""

from __future__ import annotations

from dataclasses import dataclass

from specviz.engine.trace import RunRecord


@dataclass(frozen=True)
class RuleTally:
    """One rule over the judged cycles of a run."""

    verifier: str
    cycles: int  # cycles with a proposal and verdicts
    kept: int  # proposals the rule keeps, over those cycles
    proposed: int
    more: int  # cycles where it keeps more than the token rule
    fewer: int  # cycles where it keeps fewer

    @property
    def tokens_per_cycle(self) -> float:
        """Kept proposals plus the correction or bonus each cycle writes."""
        return self.kept / self.cycles + 1 if self.cycles else 0.0


def judged_cycles(record: RunRecord) -> list[int]:
    """Indexes of the cycles that hold every rule's verdict."""
    return [c.index for c in record.cycles if c.verdicts]


def tally(record: RunRecord, reference: str = "token") -> list[RuleTally]:
    """Each rule's verdicts summed over the run, compared cycle by cycle with `reference`."""
    judged = [c for c in record.cycles if c.verdicts]
    if not judged:
        return []
    names = [v.verifier for v in judged[0].verdicts]
    tallies = []
    for name in names:
        kept = more = fewer = 0
        for cycle in judged:
            by_rule = {v.verifier: v.accepted for v in cycle.verdicts}
            kept += by_rule[name]
            more += by_rule[name] > by_rule.get(reference, by_rule[name])
            fewer += by_rule[name] < by_rule.get(reference, by_rule[name])
        tallies.append(RuleTally(name, len(judged), kept, sum(len(c.proposed) for c in judged), more, fewer))
    return tallies
