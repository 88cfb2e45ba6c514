"""Every hard limit of specviz in one place.

The CLI, the decoding configuration, the schedules, the hosting configuration
and the pages all read these ranges, and all check values through them, so a
limit changes here or nowhere. A host may tighten some of them (see
specviz/serving/config.py) but never widen them.
"""

from __future__ import annotations

from dataclasses import dataclass

from specviz.errors import SpecvizError


@dataclass(frozen=True)
class Range:
    """An inclusive range of numbers (of integers only, unless `integer` is False), named for messages."""

    name: str
    low: float
    high: float
    integer: bool = True
    floor: float | None = None  # if set, values strictly between `low` and it are outside (temperature: 0 or >= 1e-3)

    def contains(self, value) -> bool:
        kinds = int if self.integer else (int, float)
        # value == value rules out NaN, which compares false with everything.
        return isinstance(value, kinds) and not isinstance(value, bool) and value == value \
            and self.low <= value <= self.high and not (self.floor is not None and self.low < value < self.floor)

    def check(self, value):
        """`value` if it lies in the range, else a one-line SpecvizError."""
        if not self.contains(value):
            what, span = ("an integer", f"{self.low}..{self.high}") if self.integer else \
                ("a number", f"[{self.low:g}, {self.high:g}]")
            span += f", {self.low:g} or at least {self.floor:g}" if self.floor is not None else ""
            raise SpecvizError(f"{self.name} must be {what} in {span}, got {value!r}")
        return value if self.integer else float(value)


def IntRange(name: str, low: int, high: int) -> Range:  # named like a type: it reads as one in the table below
    return Range(name, low, high)


def FloatRange(name: str, low: float, high: float) -> Range:
    return Range(name, low, high, integer=False)


# Decoding.
K = IntRange("k", 1, 32)  # tokens proposed per cycle
NGRAM = IntRange("n-gram length", 1, 8)  # prompt lookup: the n-grams looked up, longest first
GAMMA = IntRange("gamma", 1, 16)  # positions of the toy's exact per-verifier expectations
MAX_NEW_TOKENS = IntRange("max new tokens", 1, 4096)
SEED = IntRange("seed", 0, 2**63 - 1)
TOP_N = IntRange("top-n", 1, 100)  # tokens kept in the trace at a rejection
CONFIDENCE = FloatRange("confidence threshold", 0.0, 1.0)
MAX_TOKEN_ID = 2**24  # above any vocabulary's size (Gemma 3's is 262,144): a trace's token ids lie below it
MAX_TOKEN_TEXT = 1_000  # characters of one token's text in a trace (a real token's are a few)
TRACE_PROMPT_TOKENS = 32_768  # the longest prompt a trace may hold: the longest context of the registry's models
MIN_TEMPERATURE = 1e-3  # above 0 (greedy), a smaller temperature overflows logits / temperature

# What the app's widgets and shared links offer (inside the decoding limits above).
WIDGET_TEMPERATURE = Range("temperature", 0.0, 2.0, integer=False, floor=MIN_TEMPERATURE)  # what a Run accepts
WIDGET_TOP_K = IntRange("top-k", 0, 1000)
WIDGET_TOP_P = FloatRange("top-p", 0.05, 1.0)
WIDGET_SEED = IntRange("seed", 0, 2**31 - 1)

# What a host may configure (serving/config.py).
HOSTING = {
    "max_new_tokens": IntRange("hosting setting max_new_tokens", 1, MAX_NEW_TOKENS.high),
    "max_prompt_chars": IntRange("hosting setting max_prompt_chars", 1, 1_000_000),
    "max_k": IntRange("hosting setting max_k", 1, K.high),
    "max_mc_samples": IntRange("hosting setting max_mc_samples", 100, 10_000_000),
    "max_upload_mb": IntRange("hosting setting max_upload_mb", 1, 1024),
    "generation_slots": IntRange("hosting setting generation_slots", 1, 64),
    "queue_timeout_s": IntRange("hosting setting queue_timeout_s", 1, 86_400),
    "port": IntRange("hosting setting port", 1, 65535),
}

# The server's queue: places one browser may hold at once, running or waiting, over all its tabs.
JOBS_PER_BROWSER = 2

# Laboratory sizes.
MONTE_CARLO_SAMPLES = IntRange("samples", 1, 20_000)  # one toy verification step, repeated
EXACTNESS_RUNS = IntRange("runs", 100, 2000)  # seeded runs per side in the exactness lab

# The benchmark's command line.
BENCH_REPEATS = IntRange("repeats", 1, 1000)
BENCH_CONCURRENCY = IntRange("concurrency", 1, 64)
BENCH_PER_SET = IntRange("per-set", 0, 100_000)  # prompts per file; 0 takes them all

# The Benchmark page's own prompts: few and short, as each runs twice (speculative and target alone) in the queue.
OWN_PROMPTS = IntRange("own prompts", 1, 8)
OWN_PROMPT_TOKENS = 32  # new tokens per run at most (less where the host allows less)
