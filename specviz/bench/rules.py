"""The verification rules compared end to end in a committed benchmark report (the Verifiers page's table)."""

from __future__ import annotations

from dataclasses import dataclass

from specviz.bench.contracts import BenchReport

# The committed benchmarks that compare the rules: token, block and match; then token, block and coupled draws.
VERIFIER_REPORTS = ("cpu-2core-intel-avx512-three-verifiers", "cpu-2core-amd-avx512-verifiers-coupled")


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
