"""The benchmark report as Markdown tables: ratios first, then the details."""

from __future__ import annotations

from specviz.bench.contracts import BenchReport, BenchRow


def _fmt(value, digits: int = 2) -> str:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "NO"
    if isinstance(value, float):
        return f"{value:.{digits}f}"
    return str(value)


def _hf_partner(rows: list[BenchRow], row: BenchRow) -> BenchRow | None:
    """The Hugging Face row that a specviz row is paired with (same prompts, k, schedule, temperature)."""
    implementation = "hf-target" if row.implementation == "specviz-baseline" else "hf-assisted"
    for other in rows:
        if other.implementation == implementation and all(
                getattr(other, key) == getattr(row, key) for key in ("prompt_set", "k", "schedule", "temperature")):
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


def _faster(row: BenchRow) -> str:
    if row.vs_hf_paired_faster is None:
        return "—"
    wins, pairs = row.vs_hf_paired_faster
    return f"{wins} of {pairs} pairs"


def _cpu(machine: dict) -> str:
    """' (AMD EPYC, AVX2)': the CPU's name and vector extensions, where the report has them."""
    known = [machine[key] for key in ("cpu_model", "cpu_capability") if machine.get(key)]
    return f" ({', '.join(known)})" if known else ""


def _geomean(row: BenchRow) -> str:
    if row.vs_hf_paired_geomean is None:
        return "—"
    low, high = row.vs_hf_paired_geomean_ci95
    return f"{row.vs_hf_paired_geomean:.2f} ({low:.2f}–{high:.2f})"


def markdown_report(report: BenchReport) -> str:
    models, machine, plan = report.models, report.machine, report.plan
    lines = [
        f"# specviz benchmark: {models.draft} → {models.target}",
        "",
        f"Device {models.device}, target {models.dtype}, draft {models.draft_dtype}, "
        f"linear kernels {models.kernels} (draft {models.draft_kernels}); "
        f"{machine.get('cpu_count')} CPUs{_cpu(machine)}, torch {machine.get('torch')}; "
        f"{plan['max_new_tokens']} new tokens, {plan['repeats']} repeat(s), "
        f"{len(report.prompts)} prompts; {report.seconds:.0f} s in all. "
        "Speed-up = tokens/s ÷ tokens/s of the specviz target-only baseline in the same run.",
        "",
        "| prompts | configuration | tok/s | speed-up | ms/token p50 | p95 | latency p50 ms | TTFT ms | "
        "tokens/cycle | analytic bound | bound attained | greedy = baseline |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for row in report.rows:
        lines.append(
            f"| {row.prompt_set} | {row.config} | {_fmt(row.tokens_per_s)} | {_fmt(row.speedup)}× | "
            f"{_fmt(row.ms_per_token_p50, 1)} | {_fmt(row.ms_per_token_p95, 1)} | "
            f"{_fmt(row.latency_ms_p50, 0)} | {_fmt(row.ttft_ms_p50, 0)} | "
            f"{_fmt(row.mean_tokens_per_cycle)} | {_fmt(row.analytic_speedup)} | "
            f"{_fmt(row.bound_attained)} | {_fmt(row.greedy_matches_baseline)} |")
    detail = [r for r in report.rows if r.prompt_set == "all" and r.verify_ms_per_cycle is not None]
    if detail:
        lines += ["", "| configuration | draft ms/cycle | verify ms/cycle | overhead ms/cycle | c (draft/target) | "
                      "acceptance by position | draft passes | target passes | peak MB |",
                  "|---|---|---|---|---|---|---|---|---|"]
        for row in detail:
            positions = ", ".join(f"{a:.2f}" for a in row.acceptance_by_position or [])
            lines.append(
                f"| {row.config} | {_fmt(row.draft_ms_per_cycle, 1)} | {_fmt(row.verify_ms_per_cycle, 1)} | "
                f"{_fmt(row.overhead_ms_per_cycle, 2)} | {_fmt(row.cost_ratio_c)} | {positions or '—'} | "
                f"{row.draft_forward_passes} | {row.target_forward_passes} | "
                f"{row.peak_memory_bytes / 2**20:.0f} |")
    paired = [r for r in report.rows if r.vs_hf_paired_median is not None]
    if paired:
        lines += ["", "specviz ÷ Hugging Face on the same prompt and repeat (the baseline against `generate` alone, "
                      "each speculative configuration against assisted generation with the same k and schedule):",
                  "", "| prompts | configuration | median ratio | min | max | geometric mean (95% interval) | "
                      "forward passes target/draft, "
                      "specviz · HF | ms per forward pass target/draft, specviz · HF | "
                      "ms per run outside forward passes, specviz · HF | specviz faster in |",
                  "|---|---|---|---|---|---|---|---|---|---|"]
        for row in paired:
            low, high = row.vs_hf_paired_range
            hf = _hf_partner(report.rows, row)
            lines.append(f"| {row.prompt_set} | {row.config} | {_fmt(row.vs_hf_paired_median)} | "
                         f"{_fmt(low)} | {_fmt(high)} | {_geomean(row)} | {_passes(row)} · {_passes(hf)} | "
                         f"{_pass_ms(row)} · {_pass_ms(hf)} | "
                         f"{_fmt(row.outside_forward_ms_per_run, 0)} · "
                         f"{_fmt(hf.outside_forward_ms_per_run if hf else None, 0)} | {_faster(row)} |")
    for row in report.rows:
        if row.prompt_set == "all" and row.recording_overhead is not None:
            lines += ["", f"Recording the full trace ({row.config}) cost {100 * row.recording_overhead:+.1f}% "
                          "in tokens/s against counters only, in the same run."]
    if report.concurrency:
        lines += ["", "| configuration | requests in flight | aggregate tok/s | vs target alone | latency p50 ms | "
                      "latency p95 ms |", "|---|---|---|---|---|---|"]
        for row in report.concurrency:
            lines.append(f"| {row.config} | {row.concurrency} | {_fmt(row.aggregate_tokens_per_s)} | "
                         f"{_fmt(row.aggregate_speedup)}× | {_fmt(row.latency_ms_p50, 0)} | "
                         f"{_fmt(row.latency_ms_p95, 0)} |")
        losing = [r for r in report.concurrency if (r.aggregate_speedup or 2) < 1]
        if losing:
            lines += ["", "Speculation stops paying at " + ", ".join(f"{r.concurrency} requests in flight"
                                                                       for r in losing)
                      + ": its aggregate throughput falls below the target alone's."]
    return "\n".join(lines) + "\n"
