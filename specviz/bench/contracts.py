"""What the benchmark passes between its parts and writes to disk: prompts, rows and the report.

The JSON form of a report is ``BenchReport.to_dict()``; ``BenchReport.from_dict``
reads every report this project has written (version 1). A row's optional
figures are left out of the JSON where a configuration has none (the target
alone has no acceptance, Hugging Face's rows have no trace).
"""

from __future__ import annotations

from dataclasses import dataclass, fields

REPORT_VERSION = 1


@dataclass(frozen=True)
class Prompt:
    id: str
    set: str
    text: str


@dataclass
class BenchRow:
    """One configuration's figures over the prompts of one set ("all": every prompt)."""

    config: str
    implementation: str
    k: int
    schedule: str | None  # None for the target alone
    temperature: float
    runs: int
    tokens: int
    tokens_per_s: float
    ms_per_token_p50: float | None
    ms_per_token_p95: float | None
    latency_ms_p50: float | None
    latency_ms_p95: float | None
    ttft_ms_p50: float | None
    peak_memory_bytes: int
    prompt_set: str = "all"
    verifier: str | None = None  # specviz's verification rule where it speculates (None: target alone or HF)
    drafter: str | None = None  # who proposed, where one did and it was not the draft model ("ngram")
    # From specviz traces.
    mean_tokens_per_cycle: float | None = None
    draft_forward_passes: int | None = None
    target_forward_passes: int | None = None
    draft_ms_per_cycle: float | None = None
    verify_ms_per_cycle: float | None = None
    overhead_ms_per_cycle: float | None = None
    # The measured budget against the baseline of the same prompt and repeat.
    acceptance_by_position: list[float] | None = None
    cost_ratio_c: float | None = None
    analytic_speedup: float | None = None
    decode_speedup: float | None = None
    bound_attained: float | None = None
    # Forward calls counted by hooks, for every implementation alike.
    metered_target_forward_passes: int | None = None
    metered_draft_forward_passes: int | None = None
    forward_ms_per_run: float | None = None
    outside_forward_ms_per_run: float | None = None
    target_ms_per_pass: float | None = None
    draft_ms_per_pass: float | None = None
    # Against the specviz baseline and against Hugging Face.
    speedup: float | None = None  # tokens/s ÷ the baseline's tokens/s in the same run
    greedy_matches_baseline: bool | None = None
    recording_overhead: float | None = None  # counters-only tokens/s ÷ full-trace tokens/s - 1
    speedup_paired_median: float | None = None
    vs_hf_paired_median: float | None = None
    vs_hf_paired_range: list[float] | None = None  # [min, max]
    vs_hf_paired_faster: list[int] | None = None  # [pairs specviz won, pairs]
    vs_hf_paired_geomean: float | None = None
    vs_hf_paired_geomean_ci95: list[float] | None = None

    @property
    def metered(self) -> bool:
        return self.forward_ms_per_run is not None

    def to_dict(self) -> dict:
        always = _ALWAYS_WRITTEN + (("target_ms_per_pass", "draft_ms_per_pass") if self.metered else ())
        return {f.name: getattr(self, f.name) for f in fields(BenchRow)
                if f.name in always or getattr(self, f.name) is not None}

    @classmethod
    def from_dict(cls, data: dict) -> BenchRow:
        known = {f.name for f in fields(cls)}
        return cls(**{key: value for key, value in data.items() if key in known})

    @property
    def rule(self) -> str | None:
        """The verification rule of a speculative specviz row (None for the target alone and for HF)."""
        if self.verifier is not None or not (self.implementation.startswith("specviz") and self.k):
            return self.verifier
        # Reports written before rows named their rule: a rule other than the token rule ends the name.
        last = self.config.rsplit(" ", 1)[-1]
        return "token" if last.startswith("T=") else last


# Written even when None (a metered row writes its per-pass times too: None where a model ran no pass).
_ALWAYS_WRITTEN = ("config", "implementation", "k", "schedule", "temperature", "runs", "tokens", "tokens_per_s",
                   "ms_per_token_p50", "ms_per_token_p95", "latency_ms_p50", "latency_ms_p95", "ttft_ms_p50",
                   "peak_memory_bytes", "prompt_set")


@dataclass
class ConcurrencyRow:
    """Several requests in flight at once against one loaded pair."""

    config: str
    concurrency: int
    requests: int
    aggregate_tokens_per_s: float
    latency_ms_p50: float | None
    latency_ms_p95: float | None
    aggregate_speedup: float | None = None  # ÷ the target alone at the same concurrency

    def to_dict(self) -> dict:
        data = {f.name: getattr(self, f.name) for f in fields(self)}
        if data["aggregate_speedup"] is None:
            del data["aggregate_speedup"]
        return data

    @classmethod
    def from_dict(cls, data: dict) -> ConcurrencyRow:
        return cls(**{f.name: data.get(f.name) for f in fields(cls)})


@dataclass(frozen=True)
class ReportModels:
    draft: str
    target: str
    device: str
    dtype: str  # the target's
    draft_dtype: str  # what the draft computes in ("int8" for int8 linear layers)
    kernels: str = "default"  # the target's linear layers
    draft_kernels: str = "default"


@dataclass
class BenchReport:
    machine: dict  # platform, CPU, torch: descriptive, printed as found
    models: ReportModels
    plan: dict  # the plan that ran (ks, schedules, temperatures, tokens, repeats, ...)
    prompts: list[Prompt]
    rows: list[BenchRow]
    concurrency: list[ConcurrencyRow]
    samples: list[dict]  # every timed run, one line each, so the figures can be recomputed
    seconds: float
    report_version: int = REPORT_VERSION

    def to_dict(self) -> dict:
        return {
            "report_version": self.report_version,
            "machine": self.machine,
            "models": {f.name: getattr(self.models, f.name) for f in fields(self.models)},
            "plan": self.plan,
            "prompts": [{"id": p.id, "set": p.set} for p in self.prompts],
            "rows": [row.to_dict() for row in self.rows],
            "concurrency": [row.to_dict() for row in self.concurrency],
            "samples": self.samples,
            "seconds": self.seconds,
        }

    @classmethod
    def from_dict(cls, data: dict) -> BenchReport:
        models = {f.name: data["models"][f.name] for f in fields(ReportModels) if f.name in data["models"]}
        return cls(machine=data.get("machine", {}), models=ReportModels(**models), plan=data["plan"],
                   prompts=[Prompt(p["id"], p["set"], "") for p in data["prompts"]],
                   rows=[BenchRow.from_dict(r) for r in data["rows"]],
                   concurrency=[ConcurrencyRow.from_dict(c) for c in data.get("concurrency", [])],
                   samples=data.get("samples", []), seconds=data["seconds"],
                   report_version=data["report_version"])
