"""Speed figures from run records: one definition of each, used by every page and the benchmark.

- ``decode_ms_per_token``: decode-loop time per generated token. The first cycle
  also reads the prompt, a cost that is not per token, so it is left out
  whenever a later cycle exists; the running figure mid-run and the final
  figure are the same function applied to the cycles done so far.
- ``speedup``: the target alone's decode ms per token ÷ the speculative run's.
- ``MeasuredBudget``: the time budget fed with measurements instead of
  assumptions: the measured draft ms per token, verify ms per cycle, overhead
  per cycle and target ms per token, the acceptance observed at each position,
  the speed-up the budget formula predicts from them, and the one that happened.
"""

from __future__ import annotations

from dataclasses import dataclass

from specviz.core.budget import tokens_per_cycle_positional
from specviz.engine.trace import CycleRecord, RunRecord


def decode_cycles(record: RunRecord) -> list[CycleRecord]:
    """The cycles after the first: the first also reads the prompt, a cost that is not per token."""
    return record.cycles[1:] if len(record.cycles) > 1 else record.cycles


def decode_ms_per_token(record: RunRecord) -> float | None:
    """Decode-loop milliseconds per generated token (None before any token)."""
    cycles = decode_cycles(record)
    emitted = sum(len(c.emitted) for c in cycles)
    return sum(c.cycle_ms for c in cycles) / emitted if emitted else None


def speedup(speculative: RunRecord, baseline: RunRecord) -> float | None:
    """How many times faster the speculative run decodes than the target alone (None if unknown)."""
    spec, base = decode_ms_per_token(speculative), decode_ms_per_token(baseline)
    return base / spec if spec and base else None


def comparable(record: RunRecord, baseline: RunRecord | None) -> bool:
    """Whether `baseline` is a target-only run of the same prompt and policy as `record`."""
    return (baseline is not None and baseline.drafter == "none" and baseline.prompt == record.prompt
            and baseline.policy == record.policy and baseline.target == record.target)


@dataclass(frozen=True)
class MeasuredBudget:
    draft_ms_per_token: float
    verify_ms_per_cycle: float
    overhead_ms_per_cycle: float
    target_ms_per_token: float
    cost_ratio_c: float  # draft ms per token ÷ target ms per token
    verify_ratio: float  # verify ms per cycle ÷ target ms per token
    mean_k: float  # tokens proposed per cycle, on average
    acceptance_by_position: list[float]
    alpha_mean: float | None
    predicted_tokens_per_cycle: float
    observed_tokens_per_cycle: float
    predicted_speedup: float  # the budget formula fed with the measurements above
    actual_speedup: float  # `speedup()`: decode-loop time, the same span the prediction covers
    wall_speedup: float  # whole-request time per token, prompt reading included


def has_measured_budget(speculative: RunRecord, baseline: RunRecord | None) -> bool:
    """Whether `measured_budget` has what it needs: a comparable baseline and a decode cycle that proposed."""
    return comparable(speculative, baseline) and bool(baseline.cycles) \
        and any(c.proposed for c in decode_cycles(speculative))


def measured_budget(speculative: RunRecord, baseline: RunRecord) -> MeasuredBudget:
    spec_cycles = [c for c in decode_cycles(speculative) if c.proposed]
    assert spec_cycles, "the speculative run proposed nothing"
    assert baseline.draft is None and baseline.cycles, "the baseline must be a target-only run"
    proposed = sum(len(c.proposed) for c in spec_cycles)
    draft_ms_per_token = sum(c.draft_ms for c in spec_cycles) / proposed
    verify_ms = sum(c.verify_ms for c in spec_cycles) / len(spec_cycles)
    overhead_ms = sum(c.overhead_ms for c in spec_cycles) / len(spec_cycles)
    base_cycles = decode_cycles(baseline)
    target_ms_per_token = sum(c.cycle_ms for c in base_cycles) / len(base_cycles)
    mean_k = proposed / len(spec_cycles)
    rates = speculative.totals.acceptance_by_position
    predicted_tokens = tokens_per_cycle_positional(rates)
    predicted_ms_per_token = (mean_k * draft_ms_per_token + verify_ms + overhead_ms) / predicted_tokens
    generated_spec = len(speculative.token_ids)
    generated_base = len(baseline.token_ids)
    return MeasuredBudget(
        draft_ms_per_token=draft_ms_per_token,
        verify_ms_per_cycle=verify_ms,
        overhead_ms_per_cycle=overhead_ms,
        target_ms_per_token=target_ms_per_token,
        cost_ratio_c=draft_ms_per_token / target_ms_per_token,
        verify_ratio=verify_ms / target_ms_per_token,
        mean_k=mean_k,
        acceptance_by_position=rates,
        alpha_mean=speculative.totals.acceptance_rate,
        predicted_tokens_per_cycle=predicted_tokens,
        observed_tokens_per_cycle=speculative.totals.mean_tokens_per_cycle,
        predicted_speedup=target_ms_per_token / predicted_ms_per_token,
        actual_speedup=speedup(speculative, baseline),
        wall_speedup=baseline.timing.wall_ms / speculative.timing.wall_ms * generated_spec / generated_base,
    )
