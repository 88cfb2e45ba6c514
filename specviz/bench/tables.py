"""The benchmark report as tables with their sentences: what the Benchmark page draws and `specviz bench` writes.

Each cell is text, written the language's way (Italian: 1,56×); the Markdown
file and the page's tables are drawn from the same view.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from specviz.bench.contracts import BenchReport, BenchRow
from specviz.bench.labels import config_label, prompt_set_label
from specviz.bench.runners import hf_partner
from specviz.text import fill, text


@dataclass(frozen=True)
class ReportTable:
    """One table of a report: the sentence before it (if any), its columns, and its rows of cells."""

    columns: list[str]
    rows: list[list[str]]
    intro: str | None = None


@dataclass(frozen=True)
class ReportView:
    """A report as a reader sees it: a title, the set-up sentence, the tables, then the notes."""

    title: str
    setup: str
    tables: list[ReportTable]
    notes: list[str] = field(default_factory=list)


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


def _columns(key: str, lang: str) -> list[str]:
    """A table's column names, from its header text ("| a | b |")."""
    return [name.strip() for name in text(key, lang).strip().strip("|").split("|")]


def _localised(rows: list[list[str]], lang: str) -> list[list[str]]:
    """Italian cells with a decimal comma: 1,56× (the Italian configuration labels are words, not model names)."""
    if lang != "it":
        return rows
    return [[DECIMAL_POINT.sub(",", cell) for cell in row] for row in rows]


def _prompt_set(row: BenchRow, lang: str) -> str:
    return text("report.all", lang) if row.prompt_set == "all" else _set(row.prompt_set, lang)


def _main_rows(report: BenchReport, lang: str) -> list[list[str]]:
    return [[_prompt_set(row, lang), _config(row.config, lang), _fmt(row.tokens_per_s), f"{_fmt(row.speedup)}×",
             _fmt(row.ms_per_token_p50, 1), _fmt(row.ms_per_token_p95, 1), _fmt(row.latency_ms_p50, 0),
             _fmt(row.ttft_ms_p50, 0), _fmt(row.mean_tokens_per_cycle), _fmt(row.analytic_speedup),
             _fmt(row.bound_attained), _fmt(row.greedy_matches_baseline, lang=lang)] for row in report.rows]


def _detail_rows(report: BenchReport, lang: str) -> list[list[str]]:
    detail = [r for r in report.rows if r.prompt_set == "all" and r.verify_ms_per_cycle is not None]
    return [[_config(row.config, lang), _fmt(row.draft_ms_per_cycle, 1), _fmt(row.verify_ms_per_cycle, 1),
             _fmt(row.overhead_ms_per_cycle, 2), _fmt(row.cost_ratio_c),
             ", ".join(f"{a:.2f}" for a in row.acceptance_by_position or []) or "—",
             str(row.draft_forward_passes), str(row.target_forward_passes),
             f"{row.peak_memory_bytes / 2**20:.0f}"] for row in detail]


def _hf_rows(report: BenchReport, lang: str) -> list[list[str]]:
    rows = []
    for row in (r for r in report.rows if r.vs_hf_paired_median is not None):
        low, high = row.vs_hf_paired_range
        hf = _hf_partner(report.rows, row)
        rows.append([_prompt_set(row, lang), _config(row.config, lang), _fmt(row.vs_hf_paired_median), _fmt(low),
                     _fmt(high), _geomean(row), f"{_passes(row)} · {_passes(hf)}", f"{_pass_ms(row)} · {_pass_ms(hf)}",
                     f"{_fmt(row.outside_forward_ms_per_run, 0)} · "
                     f"{_fmt(hf.outside_forward_ms_per_run if hf else None, 0)}", _faster(row, lang)])
    return rows


def _capacity_rows(report: BenchReport, lang: str) -> list[list[str]]:
    return [[_config(row.config, lang), str(row.concurrency), _fmt(row.aggregate_tokens_per_s),
             f"{_fmt(row.aggregate_speedup)}×", _fmt(row.latency_ms_p50, 0), _fmt(row.latency_ms_p95, 0)]
            for row in report.concurrency]


def _notes(report: BenchReport, lang: str) -> list[str]:
    notes = []
    for row in report.rows:
        if row.prompt_set == "all" and row.recording_overhead is not None:
            percent = 100 * row.recording_overhead
            key = "report.recording" if percent >= 0 else "report.recording_unmeasurable"
            notes.append(fill(key, lang, config=_config(row.config, lang), percent=abs(percent)))
    losing = [r for r in report.concurrency if (r.aggregate_speedup or 2) < 1]
    if losing:
        notes.append(fill("report.stops_paying", lang, levels=", ".join(str(r.concurrency) for r in losing)))
    return notes


def report_view(report: BenchReport, lang: str = "en") -> ReportView:
    """The report's tables and sentences in `lang` ("it" for the app's Italian pages; files are in English)."""
    models, machine, plan = report.models, report.machine, report.plan
    setup = fill("report.setup", lang, device=models.device, dtype=models.dtype, draft_dtype=models.draft_dtype,
                 kernels=models.kernels, draft_kernels=models.draft_kernels,
                 cpus=machine.get("cpu_count") or "?", cpu=_cpu(machine), torch=machine.get("torch") or "?",
                 tokens=plan["max_new_tokens"], repeats=plan["repeats"], prompts=len(report.prompts),
                 seconds=report.seconds)
    tables = [ReportTable(_columns("report.main_header", lang), _main_rows(report, lang))]
    if detail := _detail_rows(report, lang):
        tables.append(ReportTable(_columns("report.detail_header", lang), detail))
    if paired := _hf_rows(report, lang):
        tables.append(ReportTable(_columns("report.hf_header", lang), paired, intro=text("report.hf_intro", lang)))
    if capacity := _capacity_rows(report, lang):
        tables.append(ReportTable(_columns("report.capacity_header", lang), capacity))
    return ReportView(fill("report.title", lang, draft=models.draft, target=models.target).lstrip("# "), setup,
                      [ReportTable(t.columns, _localised(t.rows, lang), t.intro) for t in tables],
                      _notes(report, lang))
