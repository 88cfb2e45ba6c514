"""Figures for one verification step on toy distributions."""

from __future__ import annotations

import html

import plotly.graph_objects as go

from specviz.core.toy import ToyResult
from specviz.viz import colors


def _floats(values) -> list[float]:
    return [float(v) for v in values]


def _names(names: list[str]) -> list[str]:
    """User-typed token names, shown literally (Plotly would read "<b>" as markup)."""
    return [html.escape(name, quote=False) for name in names]


def step_figure(result: ToyResult, names: list[str]) -> go.Figure:
    """p and q side by side, with the accepted mass min(p, q) and the residual max(p - q, 0)."""
    names = _names(names)
    figure = go.Figure()
    figure.add_bar(name="target p", x=names, y=_floats(result.p), marker_color=colors.TARGET)
    figure.add_bar(name="draft q", x=names, y=_floats(result.q), marker_color=colors.DRAFT)
    figure.add_bar(name="accepted min(p, q)", x=names, y=_floats(result.accepted), marker_color=colors.ACCEPTED)
    figure.add_bar(name="residual max(p − q, 0)", x=names, y=_floats(result.residual), marker_color=colors.RESIDUAL)
    figure.update_layout(barmode="group", yaxis_title="probability", legend_orientation="h",
                         title="One verification step", margin=dict(t=50, b=10))
    figure.update_xaxes(type="category")  # a token named "1" is a name, not a number
    return figure


def outcome_figure(result: ToyResult, names: list[str], empirical: dict[str, list[float]] | None = None) -> go.Figure:
    """The final distribution under the exact and the naive rule, against p (and Monte Carlo, if given)."""
    names = _names(names)
    figure = go.Figure()
    figure.add_bar(name="target p", x=names, y=_floats(result.p), marker_color=colors.TARGET)
    figure.add_bar(name="exact rule", x=names, y=_floats(result.exact), marker_color=colors.ACCEPTED)
    figure.add_bar(name="naive rule (resample from p)", x=names, y=_floats(result.naive), marker_color=colors.NAIVE)
    for label, values in (empirical or {}).items():
        figure.add_scatter(name=f"sampled: {label}", x=names, y=values, mode="markers",
                           marker=dict(size=14, symbol="diamond-open", line_width=2))
    figure.update_layout(barmode="group", yaxis_title="probability", legend_orientation="h",
                         title="What comes out", margin=dict(t=50, b=10))
    figure.update_xaxes(type="category")
    return figure


def distance_figure(curves: dict[str, tuple[list[int], list[float]]]) -> go.Figure:
    """Total variation to p against the number of samples, for each rule (log-log)."""
    figure = go.Figure()
    palette = {"exact": colors.ACCEPTED, "naive": colors.NAIVE}
    for rule, (sizes, distances) in curves.items():
        figure.add_scatter(name=f"{rule} rule", x=sizes, y=distances, mode="lines+markers",
                           line_color=palette.get(rule))
    figure.update_layout(xaxis_type="log", yaxis_type="log", xaxis_title="samples N",
                         yaxis_title="total variation to p", title="Distance to p as N grows",
                         margin=dict(t=50, b=10))
    return figure
