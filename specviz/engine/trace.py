"""The trace: plain records of every cycle and of the whole run, JSON in and out.

Every view of the app and every benchmark reads these records. Probabilities
are stored only where a viewer needs them: p(x), q(x), the acceptance
probability and the uniform draw at each checked position, and the top-N of
p, q and the normalised residual at the rejection (never whole vocabularies).
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, fields

from specviz.errors import SpecvizError

SCHEMA_VERSION = 1


@dataclass
class TopTokens:
    """The N most likely tokens of p at the rejection position, with q and the residual there."""

    ids: list[int]
    texts: list[str]
    target_p: list[float]
    draft_q: list[float]
    residual: list[float]  # normalised max(p - q, 0)


@dataclass
class CycleRecord:
    index: int
    k: int  # proposal length in force (the dynamic schedule may propose fewer)
    proposed: list[int]
    proposed_texts: list[str]
    target_p: list[float]  # p(x_i) at each checked position
    draft_q: list[float]  # q(x_i)
    accept_prob: list[float]  # min(1, p/q)
    uniforms: list[float]
    accepted: int
    kind: str  # "correction", "bonus", or "target" (target-only decoding)
    emitted: list[int]  # accepted tokens then the correction/bonus, cut at a stop
    emitted_texts: list[str]
    top: TopTokens | None = None
    draft_ms_per_token: list[float] = field(default_factory=list)
    draft_ms: float = 0.0
    verify_ms: float = 0.0
    overhead_ms: float = 0.0

    @property
    def cycle_ms(self) -> float:
        return self.draft_ms + self.verify_ms + self.overhead_ms


@dataclass
class RunRecord:
    prompt: str
    prompt_ids: list[int]
    draft: str | None  # None for target-only decoding
    target: str
    device: str
    dtype: str
    policy: dict
    settings: dict  # k, schedule, seed, max_new_tokens, stop strings, top_n, rule
    text: str = ""
    token_ids: list[int] = field(default_factory=list)
    cycles: list[CycleRecord] = field(default_factory=list)
    totals: dict = field(default_factory=dict)
    timing: dict = field(default_factory=dict)
    stop_reason: str = ""  # "eos", "stop-string", "max-new-tokens", "context", "cancelled"
    schema_version: int = SCHEMA_VERSION

    def to_json(self) -> str:
        return json.dumps(asdict(self), ensure_ascii=False)


def run_from_dict(data: dict) -> RunRecord:
    """Rebuild a RunRecord from its JSON form; SpecvizError if it is not one."""
    if not isinstance(data, dict):
        raise SpecvizError("a trace must be a JSON object")
    version = data.get("schema_version")
    if version != SCHEMA_VERSION:
        raise SpecvizError(f"trace schema version {version!r} is not supported (this version reads {SCHEMA_VERSION})")
    try:
        cycles = [_cycle_from_dict(c) for c in data["cycles"]]
        values = {f.name: data[f.name] for f in fields(RunRecord) if f.name != "cycles"}
    except (KeyError, TypeError, AttributeError) as error:
        raise SpecvizError(f"not a specviz trace: missing or malformed field {error}") from None
    return RunRecord(cycles=cycles, **values)


def _cycle_from_dict(data: dict) -> CycleRecord:
    top = data.get("top")
    values = {f.name: data[f.name] for f in fields(CycleRecord) if f.name != "top"}
    return CycleRecord(top=TopTokens(**top) if top is not None else None, **values)


def run_from_json(text: str) -> RunRecord:
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise SpecvizError(f"not valid JSON: {str(error).splitlines()[0][:120]}") from None
    return run_from_dict(data)


def totals(cycles: list[CycleRecord], generated: int) -> dict:
    """Counts over a run: proposed, accepted, acceptance by position, tokens per cycle."""
    proposed = sum(len(c.proposed) for c in cycles)
    accepted = sum(c.accepted for c in cycles)
    reached: list[int] = []  # reached[i]: cycles whose position i was checked
    passed: list[int] = []  # passed[i]: cycles whose position i was accepted
    for cycle in cycles:
        for i in range(len(cycle.accept_prob)):
            if i == len(reached):
                reached.append(0)
                passed.append(0)
            reached[i] += 1
            passed[i] += i < cycle.accepted
    return {
        "cycles": len(cycles),
        "generated": generated,
        "proposed": proposed,
        "accepted": accepted,
        "acceptance_rate": accepted / proposed if proposed else None,
        "acceptance_by_position": [p / r for p, r in zip(passed, reached)],
        "checked_by_position": reached,
        "mean_tokens_per_cycle": generated / len(cycles) if cycles else 0.0,
    }
