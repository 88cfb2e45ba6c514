"""Charts of a benchmark report: speed-up over k per prompt set, and where a cycle's time goes."""

from __future__ import annotations

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from specviz.bench.contracts import BenchReport, ConcurrencyRow
from specviz.bench.labels import config_label, prompt_set_label
from specviz.engine.schedules import SCHEDULES
from specviz.text import text as tr
from specviz.viz import colors


def speedup_over_k(report: BenchReport, temperature: float = 0.0, lang: str = "en") -> go.Figure:
    figure = go.Figure()
    rows = [r for r in report.rows if r.k and r.temperature == temperature]
    for prompt_set in sorted({r.prompt_set for r in rows}):
        for implementation in ("specviz", "hf-assisted"):
            for schedule in sorted({r.schedule for r in rows}):
                chosen = sorted((r for r in rows if r.prompt_set == prompt_set and r.schedule == schedule
                                 and r.implementation == implementation), key=lambda r: r.k)
                if chosen:
                    figure.add_scatter(name=f"{prompt_set_label(prompt_set, lang)} · "
                                            f"{config_label(implementation, lang)} · {SCHEDULES.label(schedule, lang)}",
                                       x=[r.k for r in chosen], y=[r.speedup for r in chosen],
                                       mode="lines+markers",
                                       line_dash="solid" if implementation == "specviz" else "dot")
    figure.add_hline(y=1.0, line_dash="dash", annotation_text=tr("bench.target_alone", lang))
    figure.update_layout(xaxis_title="k", yaxis_title=tr("bench.speedup_axis", lang),
                         title=tr("bench.over_k", lang), margin=dict(t=50, b=10))
    figure.update_xaxes(dtick=1)  # k is a whole number of tokens: no 3.5 on the axis
    return figure


def cycle_split(report: BenchReport, lang: str = "en") -> go.Figure:
    rows = [r for r in report.rows if r.prompt_set == "all" and r.verify_ms_per_cycle is not None]
    names = [config_label(r.config, lang) for r in rows]
    figure = go.Figure()
    for label, field, color in (("fig.draft", "draft_ms_per_cycle", colors.DRAFT),
                                ("fig.verify", "verify_ms_per_cycle", colors.TARGET),
                                ("fig.overhead", "overhead_ms_per_cycle", colors.NAIVE)):
        figure.add_bar(name=tr(label, lang), x=names, y=[getattr(r, field) for r in rows], marker_color=color)
    figure.update_layout(barmode="stack", yaxis_title=tr("bench.ms_per_cycle", lang),
                         title=tr("bench.time_per_cycle", lang),
                         margin=dict(t=50, b=10))
    return figure


def capacity_figure(rows: list[ConcurrencyRow], labels: dict[str, str] | None = None,
                    lang: str = "en") -> go.Figure | None:
    """Latency is not capacity: aggregate tokens/s and p50 latency against requests in flight, per configuration.

    `labels` names the axes and panels in the page's language.
    """
    rows = [r for r in rows if r.latency_ms_p50 is not None]
    if len({r.concurrency for r in rows}) < 2:
        return None  # one level says nothing about how the two change with load
    names = {"throughput": "aggregate tokens/s", "latency": "p50 latency (ms)", "in_flight": "requests in flight",
             **(labels or {})}
    figure = make_subplots(rows=1, cols=2, subplot_titles=(names["throughput"], names["latency"]))
    palette = [colors.TARGET, colors.ACCEPTED, colors.DRAFT, colors.BONUS]
    configs = sorted({r.config for r in rows}, key=lambda c: (not c.startswith("specviz-baseline"), c))
    for number, config in enumerate(configs):
        chosen = sorted((r for r in rows if r.config == config), key=lambda r: r.concurrency)
        levels = [r.concurrency for r in chosen]
        style = dict(color=palette[number % len(palette)], width=3)
        figure.add_scatter(name=config_label(config, lang), x=levels, y=[r.aggregate_tokens_per_s for r in chosen],
                           mode="lines+markers", line=style, legendgroup=config, row=1, col=1)
        figure.add_scatter(name=config_label(config, lang), x=levels, y=[r.latency_ms_p50 for r in chosen],
                           mode="lines+markers", line=style, legendgroup=config, showlegend=False, row=1, col=2)
    figure.update_xaxes(title=names["in_flight"], type="log", dtick=0.30103)  # ticks at 1, 2, 4, 8, ...
    figure.update_layout(legend=dict(orientation="h", y=-0.3, yanchor="top"),  # under the axis titles
                         margin=dict(t=50, b=10), height=400)
    return figure
