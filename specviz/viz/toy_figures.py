"""Figures for one verification step on toy distributions."""

from __future__ import annotations

import html

import plotly.graph_objects as go

from specviz.core.toy import ToyResult
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


def outcome_figure(result: ToyResult, names: list[str], empirical: dict[str, list[float]] | None = None,
                   lang: str = "en") -> go.Figure:
    """The final distribution under the exact and the naive rule, against p (and Monte Carlo, if given)."""
    names = _names(names)
    figure = go.Figure()
    figure.add_bar(name=tr("fig.target_p", lang), x=names, y=_floats(result.p), marker_color=colors.TARGET)
    figure.add_bar(name=tr("toy.rule_exact", lang), x=names, y=_floats(result.exact), marker_color=colors.ACCEPTED)
    figure.add_bar(name=tr("toy.rule_naive_long", lang), x=names, y=_floats(result.naive), marker_color=colors.NAIVE)
    for label, values in (empirical or {}).items():
        figure.add_scatter(name=tr("toy.sampled", lang).format(rule=label), x=names, y=values, mode="markers",
                           marker=dict(size=14, symbol="diamond-open", line_width=2))
    figure.update_layout(barmode="group", yaxis_title=tr("fig.probability", lang), legend_orientation="h",
                         title=tr("toy.outcome_title", lang), margin=dict(t=50, b=10))
    figure.update_xaxes(type="category")
    return figure


def distance_figure(curves: dict[str, tuple[list[int], list[float]]], lang: str = "en") -> go.Figure:
    """Total variation to p against the number of samples, for each rule (log-log)."""
    figure = go.Figure()
    palette = {"exact": colors.ACCEPTED, "naive": colors.NAIVE}
    for rule, (sizes, distances) in curves.items():
        figure.add_scatter(name=rule, x=sizes, y=distances, mode="lines+markers",
                           line_color=palette.get(rule))
    figure.update_layout(xaxis_type="log", yaxis_type="log", xaxis_title=tr("toy.samples_axis", lang),
                         yaxis_title=tr("toy.tv_axis", lang), title=tr("toy.distance_title", lang),
                         margin=dict(t=50, b=10))
    return figure
