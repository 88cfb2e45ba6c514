"""The time budget fed with measurements instead of assumptions.

From a speculative run and a target-only run of the same prompt and policy:
the measured draft ms per token, verify ms per cycle, overhead per cycle and
target ms per token, the acceptance observed at each position, the speed-up
the budget formula predicts from them, and the speed-up that really happened.
"""

from __future__ import annotations

from specviz.core.budget import tokens_per_cycle_positional
from specviz.engine.trace import RunRecord


def decode_cycles(record: RunRecord) -> list:
    """The cycles after the first: the first also reads the prompt, a cost that is not per token."""
    return record.cycles[1:] if len(record.cycles) > 1 else record.cycles


def measured_budget(speculative: RunRecord, baseline: RunRecord) -> dict:
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
    rates = speculative.totals["acceptance_by_position"]
    predicted_tokens = tokens_per_cycle_positional(rates)
    predicted_ms_per_token = (mean_k * draft_ms_per_token + verify_ms + overhead_ms) / predicted_tokens
    generated_spec = len(speculative.token_ids)
    generated_base = len(baseline.token_ids)
    decoding = decode_cycles(speculative)
    actual_spec = sum(c.cycle_ms for c in decoding) / max(sum(len(c.emitted) for c in decoding), 1)
    actual_base = sum(c.cycle_ms for c in base_cycles) / max(sum(len(c.emitted) for c in base_cycles), 1)
    return {
        "draft_ms_per_token": draft_ms_per_token,
        "verify_ms_per_cycle": verify_ms,
        "overhead_ms_per_cycle": overhead_ms,
        "target_ms_per_token": target_ms_per_token,
        "cost_ratio_c": draft_ms_per_token / target_ms_per_token,
        "verify_ratio": verify_ms / target_ms_per_token,
        "mean_k": mean_k,
        "acceptance_by_position": rates,
        "alpha_mean": speculative.totals["acceptance_rate"],
        "predicted_tokens_per_cycle": predicted_tokens,
        "observed_tokens_per_cycle": speculative.totals["mean_tokens_per_cycle"],
        "predicted_speedup": target_ms_per_token / predicted_ms_per_token,
        # Decode-loop time only (the first cycle, which reads the prompt, excluded) so
        # prediction and outcome measure the same thing.
        "actual_speedup": actual_base / actual_spec,
        "wall_speedup": baseline.timing["wall_ms"] / speculative.timing["wall_ms"] * generated_spec / generated_base,
    }
