"""Benchmarks a page runs in steps, with progress, Stop and partial results (harness.py runs them to the end)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass

from specviz.bench.contracts import BenchReport, ConcurrencyRow, Prompt
from specviz.bench.harness import Plan, plan_samples, report, run_concurrent, summarise
from specviz.bench.machine import machine
from specviz.bench.runners import Config, Sample
from specviz.models.loader import LoadedModel


class BenchJob:
    """A benchmark in steps of one timed run, for a page that shows progress and may be stopped.

    A stopped job's report covers the prompts on which every configuration ran
    (interleaving runs all configurations on one prompt before the next), so its
    ratios stay paired.
    """

    def __init__(self, plan: Plan, target: LoadedModel, draft: LoadedModel, prompts: list[Prompt]):
        self.plan, self.target, self.draft, self.prompts = plan, target, draft, prompts
        self.per_prompt = len(plan.configs())
        self.total = self.per_prompt * len(prompts) * plan.repeats
        self.samples: list[Sample] = []
        self.started = time.perf_counter()

    def steps(self) -> Iterator[int]:
        for sample in plan_samples(self.plan, self.target, self.draft, self.prompts):
            self.samples.append(sample)
            yield len(self.samples)

    @property
    def prompts_done(self) -> int:
        return len(self.samples) // self.per_prompt

    def result(self) -> JobReport | None:
        """The report over the prompts every configuration finished (None before the first)."""
        complete = self.samples[: self.prompts_done * self.per_prompt]
        if not complete:
            return None
        done_ids = {sample.prompt_id for sample in complete}
        prompts = [prompt for prompt in self.prompts if prompt.id in done_ids]
        rows = summarise(complete, self.plan)
        seconds = time.perf_counter() - self.started
        full = report(self.plan, self.target, self.draft, prompts, rows, [], machine(), seconds, complete)
        return JobReport(full, self.prompts_done, len(self.prompts) * self.plan.repeats)


@dataclass(frozen=True)
class JobReport:
    """A benchmark job's report and how much of the job it covers."""

    report: BenchReport
    prompts_done: int
    prompts_asked: int

    @property
    def complete(self) -> bool:
        return self.prompts_done == self.prompts_asked


class CapacityJob:
    """Requests in flight at each level, the target alone then one speculative configuration, a level per two steps.

    A stopped job keeps the levels where both ran: latency and capacity are read side by side.
    """

    def __init__(self, plan: Plan, target: LoadedModel, draft: LoadedModel, prompts: list[Prompt],
                 levels: tuple[int, ...], config: Config):
        self.plan, self.target, self.draft, self.prompts = plan, target, draft, prompts
        self.levels, self.config = levels, config
        self.total = 2 * len(levels)
        self.rows: list[ConcurrencyRow] = []

    def steps(self) -> Iterator[int]:
        alone_config = Config("specviz-baseline", temperature=self.config.temperature)
        for level in self.levels:
            alone = run_concurrent(self.plan, self.target, self.draft, self.prompts, level, alone_config)
            alone.aggregate_speedup = 1.0
            self.rows.append(alone)
            yield len(self.rows)
            fast = run_concurrent(self.plan, self.target, self.draft, self.prompts, level, self.config)
            fast.aggregate_speedup = fast.aggregate_tokens_per_s / alone.aggregate_tokens_per_s
            self.rows.append(fast)
            yield len(self.rows)

    def result(self) -> list[ConcurrencyRow] | None:
        paired = self.rows[: len(self.rows) // 2 * 2]
        return paired or None
