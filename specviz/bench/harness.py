"""Run every configuration on every prompt, interleaved (A B A B), then summarise.

Interleaving means each repeat runs all configurations back to back on the same
prompt, so slow drift of a noisy machine hits every configuration alike. The order
changes from prompt to prompt as a balanced Latin square (Williams design): over a
full cycle of orders each configuration runs first equally often and follows every
other configuration equally often, so whatever one run leaves behind for the next
(allocator state, a warm cache) is shared out evenly too. Ratios are taken against
the baseline of the same run.
"""

from __future__ import annotations

import json
import math
import random
import statistics
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from specviz.bench.contracts import BenchReport, BenchRow, ConcurrencyRow, Prompt, ReportModels
from specviz.bench.runners import Config, Request, Sample, hf_config, hf_partner, run_one
from specviz.engine.measured import measured_budget
from specviz.errors import SpecvizError
from specviz.models.loader import LoadedModel

# What the forward hooks measured, kept for every timed run.
METERED = ("forward_ms", "target_forward_ms", "draft_forward_ms", "target_forward_passes", "draft_forward_passes")


@dataclass
class Plan:
    ks: tuple[int, ...] = (4,)
    schedules: tuple[str, ...] = ("constant", "dynamic")
    temperatures: tuple[float, ...] = (0.0,)
    max_new_tokens: int = 128
    repeats: int = 1
    concurrency: tuple[int, ...] = (1,)
    with_hf: bool = True
    record_overhead: bool = True  # also run the first k and schedule with counters only
    verifiers: tuple[str, ...] = ("token",)  # specviz's verification rules, each a configuration of its own
    drafters: tuple[str, ...] = ("model",)  # specviz's drafters, each a configuration of its own
    ngram_max: int = 3  # prompt lookup's longest n-gram, specviz's and Hugging Face's
    seed: int = 0

    def configs(self) -> list[Config]:
        configs = []
        for temperature in self.temperatures:
            configs.append(Config("specviz-baseline", temperature=temperature))
            if self.with_hf:
                configs.append(Config("hf-target", temperature=temperature))
            for k in self.ks:
                for schedule in self.schedules:
                    if schedule == "budget" and k != self.ks[0]:
                        continue  # the budget schedule chooses k itself: one run, starting from the first k
                    for verifier in self.verifiers:
                        for drafter in self.drafters:
                            configs.append(Config("specviz", k, schedule, temperature, verifier, drafter,
                                                  self.ngram_max))
                    hf = [hf_config(drafter, k, schedule, temperature, self.ngram_max) for drafter in self.drafters]
                    configs += [config for config in hf if self.with_hf and config is not None]
            if self.record_overhead and self.ks:
                configs.append(Config("specviz-counters", self.ks[0], self.schedules[0], temperature))
        return configs


def load_prompts(paths: list[str], per_set: int | None = None) -> list[Prompt]:
    prompts: list[Prompt] = []
    for path in paths:
        try:
            lines = Path(path).read_text(encoding="utf-8-sig").splitlines()  # a byte-order mark is not content
        except OSError as error:
            raise SpecvizError(f"cannot read prompts {path}: {error.strerror}") from None
        except UnicodeDecodeError:
            raise SpecvizError(f"{path} is not UTF-8 text: prompts are JSON lines with id and prompt") from None
        chosen = []
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                item = json.loads(line)
                chosen.append(Prompt(str(item["id"]), str(item.get("set", Path(path).stem)), str(item["prompt"])))
            except (ValueError, KeyError, TypeError, RecursionError):  # RecursionError: nested too deep to read
                raise SpecvizError(f"{path}:{number}: each line must be a JSON object with id and prompt") from None
        prompts.extend(chosen[:per_set] if per_set else chosen)
    if not prompts:
        raise SpecvizError("no prompts to run")
    return prompts


@dataclass
class Progress:
    total: int
    done: int = 0
    started: float = field(default_factory=time.perf_counter)

    def step(self, label: str) -> None:
        self.done += 1
        elapsed = time.perf_counter() - self.started
        left = elapsed / self.done * (self.total - self.done)
        width = 30
        filled = int(width * self.done / self.total)
        print(f"\r[{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total} {elapsed:5.0f}s "
              f"(~{left:4.0f}s left) {label[:50]:<50}", end="", file=sys.stderr, flush=True)
        if self.done == self.total:
            print(file=sys.stderr)


def balanced_order(n: int, row: int) -> list[int]:
    """Row `row` of a Williams design for n configurations: a permutation of range(n).

    Rows 0, 1, 2, ... cycle with a period of n (n even) or 2n (n odd); over one period every
    configuration holds every position once per n rows, and every ordered pair (a, then b)
    stands next to each other equally often.
    """
    # The first row zig-zags 0, 1, n-1, 2, n-2, ...; the others add a constant modulo n.
    first = [0] + [(j + 1) // 2 if j % 2 else n - j // 2 for j in range(1, n)]
    order = [(value + row) % n for value in first]
    # For odd n the pairs balance only together with the mirrored rows.
    return order[::-1] if n % 2 and (row // n) % 2 else order


def plan_samples(plan: Plan, target: LoadedModel, draft: LoadedModel, prompts: list[Prompt]) -> Iterator[Sample]:
    """Single-request samples, interleaved, one per item; prompt after prompt, the order follows `balanced_order`."""
    configs = plan.configs()
    # Warm-up, not recorded: the first forward passes of a process pay for page-ins and allocations.
    for config in configs:
        warm_up = Prompt("warm-up", "", prompts[0].text)
        run_one(config, target, draft, Request(warm_up, 0, min(8, plan.max_new_tokens), plan.seed))
    for repeat in range(plan.repeats):
        for number, prompt in enumerate(prompts):
            for index in balanced_order(len(configs), repeat * len(prompts) + number):
                request = Request(prompt, repeat, plan.max_new_tokens, plan.seed + repeat)
                yield run_one(configs[index], target, draft, request, meter=True)


def run_plan(plan: Plan, target: LoadedModel, draft: LoadedModel, prompts: list[Prompt],
             quiet: bool = False) -> list[Sample]:
    """Every sample of `plan_samples`, with a progress line on stderr unless `quiet`."""
    progress = None if quiet else Progress(len(plan.configs()) * len(prompts) * plan.repeats)
    samples = []
    for sample in plan_samples(plan, target, draft, prompts):
        samples.append(sample)
        if progress:
            progress.step(f"{sample.config.name} · {sample.prompt_id}")
    return samples


def run_concurrent(plan: Plan, target: LoadedModel, draft: LoadedModel, prompts: list[Prompt], level: int,
                   config: Config) -> ConcurrencyRow:
    """`level` requests in flight at once against one loaded pair (threads, batch size 1 each)."""
    jobs = [prompts[i % len(prompts)] for i in range(level * max(1, plan.repeats))]
    start = time.perf_counter()
    with ThreadPoolExecutor(max_workers=level) as pool:
        futures = [pool.submit(run_one, config, target, draft, Request(p, 0, plan.max_new_tokens, plan.seed),
                               trace_detail="counters") for p in jobs]
        samples = [f.result() for f in futures]
    wall = time.perf_counter() - start
    latencies = [s.wall_ms for s in samples]
    return ConcurrencyRow(config=config.name, concurrency=level, requests=len(samples),
                          aggregate_tokens_per_s=sum(s.tokens for s in samples) / wall,
                          latency_ms_p50=percentile(latencies, 50), latency_ms_p95=percentile(latencies, 95))


def percentile(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    position = (len(ordered) - 1) * q / 100
    low, high = int(position), min(int(position) + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def summarise(samples: list[Sample], plan: Plan, prompt_set: str = "all") -> list[BenchRow]:
    """One row per configuration (per temperature), with ratios to the specviz baseline of the same run."""
    rows = []
    by_config: dict[Config, list[Sample]] = {}
    for sample in samples:
        by_config.setdefault(sample.config, []).append(sample)
    # Rows in the plan's order, whichever configuration ran first.
    by_config = {config: by_config[config] for config in plan.configs() if config in by_config}
    baselines = {c.temperature: s for c, s in by_config.items() if c.implementation == "specviz-baseline"}
    for config, group in by_config.items():
        tokens = sum(s.tokens for s in group)
        wall = sum(s.wall_ms for s in group)
        row = BenchRow(
            config=config.name, implementation=config.implementation, k=config.k,
            schedule=config.schedule if config.k else None, temperature=config.temperature,
            runs=len(group), tokens=tokens,
            tokens_per_s=1000.0 * tokens / wall if wall else 0.0,
            ms_per_token_p50=percentile([s.wall_ms / max(s.tokens, 1) for s in group], 50),
            ms_per_token_p95=percentile([s.wall_ms / max(s.tokens, 1) for s in group], 95),
            latency_ms_p50=percentile([s.wall_ms for s in group], 50),
            latency_ms_p95=percentile([s.wall_ms for s in group], 95),
            ttft_ms_p50=percentile([s.ttft_ms for s in group if s.ttft_ms is not None], 50),
            peak_memory_bytes=max(s.peak_memory_bytes for s in group),
            prompt_set=prompt_set,
            verifier=config.verifier if config.implementation.startswith("specviz") and config.k else None,
            drafter=config.drafter if config.k and config.drafter != "model" else None,
        )
        _add_trace_figures(row, group, baselines.get(config.temperature))
        _add_metered_figures(row, group)
        base = baselines.get(config.temperature)
        if base:
            base_rate = sum(s.tokens for s in base) / sum(s.wall_ms for s in base)
            row.speedup = (tokens / wall) / base_rate
        rows.append(row)
    _add_agreement(rows, by_config)
    _add_recording_overhead(rows)
    _add_paired_ratios(rows, by_config)
    return rows


def _rate(sample: Sample) -> float:
    return sample.tokens / sample.wall_ms if sample.wall_ms > 0 else 0.0


def _paired(group: list[Sample], other: list[Sample]) -> list[float]:
    """tokens/s of each sample ÷ tokens/s of `other`'s sample of the same prompt and repeat.

    Runs of one prompt and repeat are back to back, so a slow spell of a noisy
    machine mostly hits both sides of a pair; the median of such ratios is
    steadier than the ratio of totals.
    """
    partner = {(s.prompt_id, s.repeat): s for s in other}
    return [_rate(s) / _rate(partner[(s.prompt_id, s.repeat)]) for s in group
            if (s.prompt_id, s.repeat) in partner and _rate(partner[(s.prompt_id, s.repeat)]) > 0]


def _add_paired_ratios(rows: list[BenchRow], by_config: dict[Config, list[Sample]]) -> None:
    """Median paired ratios: each configuration against the baseline, and specviz against HF's same schedule."""
    for row, (config, group) in zip(rows, by_config.items()):
        base = by_config.get(Config("specviz-baseline", temperature=config.temperature))
        if base and config.implementation != "specviz-baseline":
            ratios = _paired(group, base)
            if ratios:
                row.speedup_paired_median = statistics.median(ratios)
        if config.implementation == "specviz" and hf_partner(config.drafter):  # any rule: HF has the token rule
            hf = by_config.get(hf_config(config.drafter, config.k, config.schedule, config.temperature,
                                         config.ngram_max))
        elif config.implementation == "specviz-baseline":
            hf = by_config.get(Config("hf-target", temperature=config.temperature))
        else:
            hf = None
        ratios = _paired(group, hf) if hf else []
        if ratios:
            row.vs_hf_paired_median = statistics.median(ratios)
            row.vs_hf_paired_range = [min(ratios), max(ratios)]
            # How many pairs specviz won, out of how many: a sign test's raw counts.
            row.vs_hf_paired_faster = [sum(r > 1 for r in ratios), len(ratios)]
            row.vs_hf_paired_geomean, row.vs_hf_paired_geomean_ci95 = geomean_interval(ratios)


def geomean_interval(ratios: list[float], resamples: int = 10_000, seed: int = 0) -> tuple[float, list[float]]:
    """Geometric mean of paired ratios and its 95% bootstrap interval (pairs resampled, percentile method).

    Pairs are the unit: a prompt's two runs share a spell of the machine's
    speed, different prompts mostly do not. Seeded, so a report recomputes exactly.
    """
    logs = [math.log(r) for r in ratios]
    draw = random.Random(seed)
    means = sorted(statistics.fmean(draw.choices(logs, k=len(logs))) for _ in range(resamples))
    low, high = means[int(0.025 * resamples)], means[int(0.975 * resamples) - 1]
    return math.exp(statistics.fmean(logs)), [math.exp(low), math.exp(high)]


def _add_recording_overhead(rows: list[BenchRow]) -> None:
    """On the full-trace row that has a counters-only twin: how much slower recording made it."""
    counters = {(r.k, r.schedule, r.temperature): r for r in rows if r.implementation == "specviz-counters"}
    for row in rows:
        twin = counters.get((row.k, row.schedule, row.temperature))
        if row.implementation == "specviz" and twin and row.tokens_per_s:
            row.recording_overhead = twin.tokens_per_s / row.tokens_per_s - 1


def _add_trace_figures(row: BenchRow, group: list[Sample], baseline: list[Sample] | None) -> None:
    """Acceptance, passes, time split and the analytic bound, from specviz traces."""
    records = [s.trace for s in group if s.trace is not None]
    if not records:
        return
    cycles = [c for r in records for c in r.cycles]
    row.mean_tokens_per_cycle = sum(len(c.emitted) for c in cycles) / len(cycles)
    row.draft_forward_passes = sum(r.totals.draft_forward_passes for r in records)
    row.target_forward_passes = sum(r.totals.target_forward_passes for r in records)
    row.draft_ms_per_cycle = statistics.fmean(c.draft_ms for c in cycles)
    row.verify_ms_per_cycle = statistics.fmean(c.verify_ms for c in cycles)
    row.overhead_ms_per_cycle = statistics.fmean(c.overhead_ms for c in cycles)
    if any(c.proposed for c in cycles) and baseline:
        by_prompt = {(s.prompt_id, s.repeat): s.trace for s in baseline if s.trace is not None}
        bounds = [measured_budget(s.trace, by_prompt[(s.prompt_id, s.repeat)]) for s in group
                  if s.trace is not None and (s.prompt_id, s.repeat) in by_prompt]
        if bounds:
            row.acceptance_by_position = _mean_lists([b.acceptance_by_position for b in bounds])
            row.cost_ratio_c = statistics.fmean(b.cost_ratio_c for b in bounds)
            row.analytic_speedup = statistics.fmean(b.predicted_speedup for b in bounds)
            row.decode_speedup = statistics.fmean(b.actual_speedup for b in bounds)
            row.bound_attained = row.decode_speedup / row.analytic_speedup


def _add_metered_figures(row: BenchRow, group: list[Sample]) -> None:
    """Forward calls counted by hooks, for every implementation alike, and the wall time outside them."""
    metered = [s.metered for s in group if s.metered]
    if len(metered) != len(group):
        return
    row.metered_target_forward_passes = sum(m["target_forward_passes"] for m in metered)
    row.metered_draft_forward_passes = sum(m["draft_forward_passes"] for m in metered)
    row.forward_ms_per_run = statistics.fmean(m["forward_ms"] for m in metered)
    row.outside_forward_ms_per_run = statistics.fmean(m["outside_forward_ms"] for m in metered)
    # What one forward pass costs, per model: equal for two engines running the same modules.
    row.target_ms_per_pass = _per_pass(metered, "target")
    row.draft_ms_per_pass = _per_pass(metered, "draft")


def _per_pass(metered: list[dict], role: str) -> float | None:
    passes = sum(m[f"{role}_forward_passes"] for m in metered)
    return sum(m[f"{role}_forward_ms"] for m in metered) / passes if passes else None


def _mean_lists(lists: list[list[float]]) -> list[float]:
    length = max(len(values) for values in lists)
    return [statistics.fmean(v[i] for v in lists if i < len(v)) for i in range(length)]


def _add_agreement(rows: list[BenchRow], by_config: dict[Config, list[Sample]]) -> None:
    """For greedy rows: does each configuration give the specviz baseline's tokens on every prompt?"""
    reference = {(s.prompt_id, s.repeat): s.token_ids for c, g in by_config.items()
                 if c.implementation == "specviz-baseline" and c.temperature == 0 for s in g}
    for row, (config, group) in zip(rows, by_config.items()):
        if config.temperature == 0 and reference:
            row.greedy_matches_baseline = all(reference.get((s.prompt_id, s.repeat)) == s.token_ids
                                                 for s in group)


def sample_table(samples: list[Sample]) -> list[dict]:
    """Every timed run, one line each, so that the figures can be recomputed from the report."""
    return [{"config": s.config.name, "prompt_id": s.prompt_id, "repeat": s.repeat, "tokens": s.tokens,
             "wall_ms": s.wall_ms, **{key: s.metered.get(key) for key in METERED}} for s in samples]


def report(plan: Plan, target: LoadedModel, draft: LoadedModel, prompts: list[Prompt], rows: list[BenchRow],
           concurrency: list[ConcurrencyRow], machine: dict, seconds: float, samples: list[Sample] = ()) -> BenchReport:
    models = ReportModels(
        draft=draft.name, target=target.name, device=str(target.device),
        dtype=str(target.dtype).removeprefix("torch."),
        draft_dtype=draft.computes_in,
        kernels=target.kernels, draft_kernels=draft.kernels)
    plan_echo = {"ks": list(plan.ks), "schedules": list(plan.schedules), "temperatures": list(plan.temperatures),
                 "max_new_tokens": plan.max_new_tokens, "repeats": plan.repeats,
                 "concurrency": list(plan.concurrency), "with_hf": plan.with_hf,
                 "record_overhead": plan.record_overhead}
    return BenchReport(machine=machine, models=models, plan=plan_echo, prompts=list(prompts), rows=rows,
                       concurrency=concurrency, samples=sample_table(list(samples)), seconds=seconds)
