"""Figures for one verification step on toy distributions."""

from __future__ import annotations

import html

import plotly.graph_objects as go

from specviz.core.toy import ToyResult
from specviz.text import fill
from specviz.text import text as tr
from specviz.viz import colors


def _floats(values) -> list[float]:
    return [float(v) for v in values]


def _names(names: list[str]) -> list[str]:
    """User-typed token names, shown literally (Plotly would read "<b>" as markup)."""
    return [html.escape(name, quote=False) for name in names]


def step_figure(result: ToyResult, names: list[str], lang: str = "en") -> go.Figure:
    """p and q side by side, with the accepted mass min(p, q) and the residual max(p - q, 0)."""
    names = _names(names)
    figure = go.Figure()
    figure.add_bar(name=tr("fig.target_p", lang), x=names, y=_floats(result.p), marker_color=colors.TARGET)
    figure.add_bar(name=tr("fig.draft_q", lang), x=names, y=_floats(result.q), marker_color=colors.DRAFT)
    figure.add_bar(name=tr("toy.col_accepted", lang), x=names, y=_floats(result.accepted),
                   marker_color=colors.ACCEPTED)
    figure.add_bar(name=tr("toy.col_residual", lang), x=names, y=_floats(result.residual),
                   marker_color=colors.RESIDUAL)
    figure.update_layout(barmode="group", yaxis_title=tr("fig.probability", lang), legend_orientation="h",
                         title=tr("toy.step_title", lang), margin=dict(t=50, b=10))
    figure.update_xaxes(type="category")  # a token named "1" is a name, not a number
    return figure


RULE_COLORS = {"exact": colors.ACCEPTED, "naive": colors.NAIVE}


def outcome_figure(result: ToyResult, names: list[str], empirical: dict[str, list[float]] | None = None,
                   lang: str = "en") -> go.Figure:
    """The final distribution under the exact and the naive rule, against p (and Monte Carlo, if given).

    `empirical` maps a rule ("exact", "naive") to its sampled frequencies: drawn as markers in the
    colour of that rule's bar, over that bar (the same offset group).
    """
    names = _names(names)
    figure = go.Figure()
    figure.add_bar(name=tr("fig.target_p", lang), x=names, y=_floats(result.p), marker_color=colors.TARGET,
                   offsetgroup="p")
    figure.add_bar(name=tr("toy.rule_exact", lang), x=names, y=_floats(result.exact), marker_color=colors.ACCEPTED,
                   offsetgroup="exact")
    figure.add_bar(name=tr("toy.rule_naive_long", lang), x=names, y=_floats(result.naive), marker_color=colors.NAIVE,
                   offsetgroup="naive")
    for rule, values in (empirical or {}).items():
        figure.add_scatter(name=fill("toy.sampled", lang, rule=tr(f"toy.rule_{rule}", lang)), x=names, y=values,
                           mode="markers", offsetgroup=rule,
                           marker=dict(size=14, symbol="diamond-open", line_width=3, color=RULE_COLORS[rule]))
    figure.update_layout(scattermode="group", barmode="group", yaxis_title=tr("fig.probability", lang),
                         legend_orientation="h",
                         title=tr("toy.outcome_title", lang), margin=dict(t=50, b=10))
    figure.update_xaxes(type="category")
    return figure


def distance_figure(curves: dict[str, tuple[list[int], list[float]]], lang: str = "en") -> go.Figure:
    """Total variation to p against the number of samples, for each rule ("exact", "naive"; log-log), with
    1/√N for reference: sampling noise alone shrinks like that, a biased rule levels off above it."""
    figure = go.Figure()
    for rule, (sizes, distances) in curves.items():
        figure.add_scatter(name=tr(f"toy.rule_{rule}", lang), x=sizes, y=distances, mode="lines+markers",
                           line_color=RULE_COLORS.get(rule))
    sizes = sorted({n for curve_sizes, _ in curves.values() for n in curve_sizes})
    if sizes:
        figure.add_scatter(name="1/√N", x=sizes, y=[n ** -0.5 for n in sizes], mode="lines",
                           line=dict(color="#777777", dash="dash"))
    figure.update_layout(xaxis_type="log", yaxis_type="log", xaxis_title=tr("toy.samples_axis", lang),
                         yaxis_title=tr("toy.tv_axis", lang), title=tr("toy.distance_title", lang),
                         margin=dict(t=50, b=10))
    return figure
