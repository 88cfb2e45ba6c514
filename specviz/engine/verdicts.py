"""Every exact rule's verdicts over a recorded run, and the measured comparison of the rules in a benchmark report.

A full trace keeps, for each cycle, what every exact rule would have kept of the
same proposal with the same target pass and the same draws (``CycleRecord.verdicts``).
Counting them over a run compares the rules on identical evidence; the benchmark
report compares them end to end, each rule writing its own text.
"""

from __future__ import annotations

from dataclasses import dataclass

from specviz.bench.contracts import BenchReport
from specviz.engine.trace import RunRecord

VERIFIER_REPORT = "cpu-2core-intel-avx512-three-verifiers"  # the committed benchmark that runs every exact rule


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


@dataclass(frozen=True)
class MeasuredRule:
    """One rule (or Hugging Face's assisted generation) at one temperature, over every prompt of a report."""

    temperature: float
    rule: str  # a verifier name, or "hf" for Hugging Face's assisted generation
    tokens_per_cycle: float | None  # specviz rows only: HF's loop keeps no trace
    target_passes_per_100: float | None
    speedup: float | None  # ÷ the specviz target alone in the same run


def measured_rules(report: BenchReport) -> list[MeasuredRule]:
    """The speculative rows of a report over all its prompts, by temperature, rule by rule then HF."""
    measured = []
    for row in report.rows:
        if (row.prompt_set != "all" or not row.k or row.drafter is not None
                or row.implementation not in ("specviz", "hf-assisted")):
            continue
        passes = row.target_forward_passes if row.target_forward_passes is not None \
            else row.metered_target_forward_passes
        measured.append(MeasuredRule(
            temperature=row.temperature, rule=row.rule or "hf", tokens_per_cycle=row.mean_tokens_per_cycle,
            target_passes_per_100=100.0 * passes / row.tokens if passes is not None and row.tokens else None,
            speedup=row.speedup))
    return sorted(measured, key=lambda m: (m.temperature, m.rule == "hf"))
