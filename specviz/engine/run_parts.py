"""The typed parts of a run's record: what it was asked for (`Settings`), what it counted (`Totals`) and how
long it took (`Timing`), with the checks that read them back from a trace's JSON.

Each part is written as a JSON object of its fields. Reading one takes the fields it
knows, each checked for its type; a field an older trace did not write reads as its
default (None: not recorded), and one a newer trace wrote that this version does not
know is left out, so traces of every readable version load.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, fields
from typing import TypeVar

from specviz.errors import SpecvizError

LARGEST = 2.0**53  # beyond this, integers stop being exact as floats


def is_integer(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and abs(value) <= LARGEST


def is_number(value) -> bool:
    """A finite number no larger than any measurement or id can be (JSON allows 10**400 and 1e999)."""
    return is_integer(value) or (isinstance(value, float) and math.isfinite(value) and abs(value) <= LARGEST)


def is_text(value) -> bool:
    """A string any encoder can write (a lone surrogate such as '\\ud800' cannot be)."""
    if not isinstance(value, str):
        return False
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


CHECKS = {
    int: is_integer,
    float: is_number,
    str: is_text,
    bool: lambda v: isinstance(v, bool),
    "count": lambda v: is_integer(v) and v >= 0,  # a whole number of at least 0
    "ints": lambda v: isinstance(v, list) and all(is_integer(x) for x in v),
    "floats": lambda v: isinstance(v, list) and all(is_number(x) for x in v),
    "strs": lambda v: isinstance(v, list) and all(is_text(x) for x in v),
    dict: lambda v: isinstance(v, dict),
}


@dataclass
class Settings:
    """What the run was asked for (its DecodeConfig, less the policy) and what it found. None: not recorded."""

    k: int | None = None
    k_max: int | None = None
    schedule: str | None = None
    confidence: float | None = None
    max_new_tokens: int | None = None
    seed: int | None = None
    stop_strings: list[str] = field(default_factory=list)
    top_n: int | None = None
    trace_detail: str | None = None
    compare_verifiers: bool | None = None
    drafter: str | None = None
    verifier: str | None = None
    ngram_max: int | None = None
    ngram_min: int | None = None
    chat: bool | None = None
    speculative: bool | None = None
    intersection: int | None = None  # drafting across vocabularies: the tokens both vocabularies share


@dataclass
class Totals:
    """Counts over the run."""

    cycles: int = 0
    generated: int = 0
    proposed: int = 0
    accepted: int = 0
    acceptance_rate: float | None = None  # None: nothing was proposed
    acceptance_by_position: list[float] = field(default_factory=list)  # of the cycles that checked position i
    checked_by_position: list[int] = field(default_factory=list)  # cycles that checked position i
    mean_tokens_per_cycle: float = 0.0
    target_forward_passes: int | None = None
    draft_forward_passes: int | None = None


@dataclass
class Timing:
    """The run's own time (inside its cycles) and its parts, in milliseconds, and the rates they give."""

    wall_ms: float = 0.0
    draft_ms: float = 0.0
    verify_ms: float = 0.0
    overhead_ms: float = 0.0
    draft_ms_per_token: float | None = None
    verify_ms_per_cycle: float | None = None
    ms_per_token: float | None = None
    tokens_per_s: float = 0.0
    ttft_ms: float | None = None  # until the first token: reading the prompt included
    peak_memory_bytes: int | None = None  # on a GPU; None on a CPU


# What each field must hold when read back (None is allowed wherever the field's default is None).
_TYPES = {
    Settings: {"k": "count", "k_max": "count", "schedule": str, "confidence": float, "max_new_tokens": "count",
               "seed": "count", "stop_strings": "strs", "top_n": "count", "trace_detail": str,
               "compare_verifiers": bool, "drafter": str, "verifier": str, "ngram_max": "count",
               "ngram_min": "count", "chat": bool, "speculative": bool, "intersection": "count"},
    Totals: {"cycles": "count", "generated": "count", "proposed": "count", "accepted": "count",
             "acceptance_rate": float, "acceptance_by_position": "floats", "checked_by_position": "ints",
             "mean_tokens_per_cycle": float, "target_forward_passes": "count", "draft_forward_passes": "count"},
    Timing: {"wall_ms": float, "draft_ms": float, "verify_ms": float, "overhead_ms": float,
             "draft_ms_per_token": float, "verify_ms_per_cycle": float, "ms_per_token": float,
             "tokens_per_s": float, "ttft_ms": float, "peak_memory_bytes": "count"},
}
Part = TypeVar("Part", Settings, Totals, Timing)


def part_from_dict(kind: type[Part], data, where: str) -> Part:
    """A `kind` from its JSON object: known fields checked, missing ones at their default, unknown ones left out."""
    if not isinstance(data, dict):
        raise SpecvizError(f"{where} must be a JSON object")
    values = {}
    for f in fields(kind):
        if f.name not in data:
            continue
        value, may_be_none = data[f.name], f.default is None
        expected = _TYPES[kind][f.name]
        if not ((value is None and may_be_none) or CHECKS[expected](value)):
            wanted = "must be a whole number of at least 0" if expected == "count" else "has the wrong type or size"
            raise SpecvizError(f"{where}: {f.name!r} {wanted}, got {str(value)[:40]!r}")
        values[f.name] = value
    return kind(**values)
