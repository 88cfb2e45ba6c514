"""The benchmark report as Markdown tables: ratios first, then the details."""

from __future__ import annotations

import re

from specviz.bench.contracts import BenchReport, BenchRow
from specviz.bench.labels import config_label, prompt_set_label
from specviz.bench.runners import hf_partner
from specviz.text import fill, text

DECIMAL_POINT = re.compile(r"(?<=\d)\.(?=\d)")


def _fmt(value, digits: int = 2, lang: str = "en") -> str:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return text("report.yes" if value else "report.no", lang)
    if isinstance(value, float):
        return f"{value:.{digits}f}"
    return str(value)


def _hf_partner(rows: list[BenchRow], row: BenchRow) -> BenchRow | None:
    """The Hugging Face row that a specviz row is paired with (same prompts, k, schedule, temperature)."""
    implementation = ("hf-target" if row.implementation == "specviz-baseline"
                      else hf_partner(row.drafter))
    for other in rows:
        if other.implementation == implementation and all(
                getattr(other, key) == getattr(row, key)
                for key in ("prompt_set", "k", "schedule", "temperature", "drafter")):
            return other
    return None


def _passes(row: BenchRow | None) -> str:
    if row is None or not row.metered:
        return "—"
    return f"{row.metered_target_forward_passes}/{row.metered_draft_forward_passes}"


def _pass_ms(row: BenchRow | None) -> str:
    if row is None or not row.metered:
        return "—"
    return f"{_fmt(row.target_ms_per_pass, 1)}/{_fmt(row.draft_ms_per_pass, 1)}"


def _faster(row: BenchRow, lang: str = "en") -> str:
    if row.vs_hf_paired_faster is None:
        return "—"
    wins, pairs = row.vs_hf_paired_faster
    return fill("report.pairs_won", lang, wins=wins, pairs=pairs)


def _cpu(machine: dict) -> str:
    """' (AMD EPYC, AVX2)': the CPU's name and vector extensions, where the report has them."""
    known = [machine[key] for key in ("cpu_model", "cpu_capability") if machine.get(key)]
    return f" ({', '.join(known)})" if known else ""


def _geomean(row: BenchRow) -> str:
    if row.vs_hf_paired_geomean is None:
        return "—"
    low, high = row.vs_hf_paired_geomean_ci95
    return f"{row.vs_hf_paired_geomean:.2f} ({low:.2f}–{high:.2f})"


def _set(prompt_set: str, lang: str) -> str:
    return prompt_set_label(prompt_set, lang) if lang == "it" else prompt_set


def _config(config: str, lang: str) -> str:
    """Files and the English page keep the names `specviz bench` takes; the Italian page says them in words."""
    return config_label(config, lang) if lang == "it" else config


def markdown_report(report: BenchReport, lang: str = "en") -> str:
    """The report as Markdown; `lang` "it" for the app's Italian pages (files are written in English)."""
    models, machine, plan = report.models, report.machine, report.plan
    lines = [
        fill("report.title", lang, draft=models.draft, target=models.target),
        "",
        fill("report.setup", lang, device=models.device, dtype=models.dtype, draft_dtype=models.draft_dtype,
            kernels=models.kernels,
            draft_kernels=models.draft_kernels, cpus=machine.get("cpu_count"), cpu=_cpu(machine),
            torch=machine.get("torch"), tokens=plan["max_new_tokens"], repeats=plan["repeats"],
            prompts=len(report.prompts), seconds=report.seconds),
        "",
        text("report.main_header", lang),
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for row in report.rows:
        prompt_set = text("report.all", lang) if row.prompt_set == "all" else _set(row.prompt_set, lang)
        lines.append(
            f"| {prompt_set} | {_config(row.config, lang)} | {_fmt(row.tokens_per_s)} | {_fmt(row.speedup)}× | "
            f"{_fmt(row.ms_per_token_p50, 1)} | {_fmt(row.ms_per_token_p95, 1)} | "
            f"{_fmt(row.latency_ms_p50, 0)} | {_fmt(row.ttft_ms_p50, 0)} | "
            f"{_fmt(row.mean_tokens_per_cycle)} | {_fmt(row.analytic_speedup)} | "
            f"{_fmt(row.bound_attained)} | {_fmt(row.greedy_matches_baseline, lang=lang)} |")
    detail = [r for r in report.rows if r.prompt_set == "all" and r.verify_ms_per_cycle is not None]
    if detail:
        lines += ["", text("report.detail_header", lang), "|---|---|---|---|---|---|---|---|---|"]
        for row in detail:
            positions = ", ".join(f"{a:.2f}" for a in row.acceptance_by_position or [])
            lines.append(
                f"| {_config(row.config, lang)} | {_fmt(row.draft_ms_per_cycle, 1)} | "
                f"{_fmt(row.verify_ms_per_cycle, 1)} | "
                f"{_fmt(row.overhead_ms_per_cycle, 2)} | {_fmt(row.cost_ratio_c)} | {positions or '—'} | "
                f"{row.draft_forward_passes} | {row.target_forward_passes} | "
                f"{row.peak_memory_bytes / 2**20:.0f} |")
    paired = [r for r in report.rows if r.vs_hf_paired_median is not None]
    if paired:
        lines += ["", text("report.hf_intro", lang), "", text("report.hf_header", lang),
                  "|---|---|---|---|---|---|---|---|---|---|"]
        for row in paired:
            low, high = row.vs_hf_paired_range
            hf = _hf_partner(report.rows, row)
            prompt_set = text("report.all", lang) if row.prompt_set == "all" else _set(row.prompt_set, lang)
            lines.append(f"| {prompt_set} | {_config(row.config, lang)} | {_fmt(row.vs_hf_paired_median)} | "
                         f"{_fmt(low)} | {_fmt(high)} | {_geomean(row)} | {_passes(row)} · {_passes(hf)} | "
                         f"{_pass_ms(row)} · {_pass_ms(hf)} | "
                         f"{_fmt(row.outside_forward_ms_per_run, 0)} · "
                         f"{_fmt(hf.outside_forward_ms_per_run if hf else None, 0)} | {_faster(row, lang)} |")
    for row in report.rows:
        if row.prompt_set == "all" and row.recording_overhead is not None:
            lines += ["", fill("report.recording", lang, config=_config(row.config, lang),
                                                                  percent=100 * row.recording_overhead)]
    if report.concurrency:
        lines += ["", text("report.capacity_header", lang), "|---|---|---|---|---|---|"]
        for row in report.concurrency:
            lines.append(f"| {_config(row.config, lang)} | {row.concurrency} | {_fmt(row.aggregate_tokens_per_s)} | "
                         f"{_fmt(row.aggregate_speedup)}× | {_fmt(row.latency_ms_p50, 0)} | "
                         f"{_fmt(row.latency_ms_p95, 0)} |")
        losing = [r for r in report.concurrency if (r.aggregate_speedup or 2) < 1]
        if losing:
            levels = ", ".join(str(r.concurrency) for r in losing)
            lines += ["", fill("report.stops_paying", lang, levels=levels)]
    if lang == "it":  # the tables' numbers with a decimal comma: 1,56× (names such as qwen2.5 stay outside them)
        lines = [DECIMAL_POINT.sub(",", line) if line.startswith("|") else line for line in lines]
    return "\n".join(lines) + "\n"
