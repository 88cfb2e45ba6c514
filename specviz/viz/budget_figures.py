"""Figures for the time budget: speed-up over alpha and over k."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import plotly.graph_objects as go

from specviz.core import budget as math
from specviz.text import fill, number
from specviz.text import text as tr


def speedup_over_alpha(plan: math.Budget, ks: tuple[int, ...] = (1, 2, 4, 8), lang: str = "en") -> go.Figure:
    alphas = np.linspace(0, 1, 101)
    figure = go.Figure()
    for k in ks:
        values = [math.speedup(replace(plan, k=k, alpha=float(a))) for a in alphas]
        figure.add_scatter(name=f"k = {k}", x=alphas, y=values, mode="lines")
    figure.add_hline(y=1.0, line_dash="dash", annotation_text=tr("budget.break_even", lang))
    figure.add_scatter(name=tr("budget.yours", lang), x=[plan.alpha], y=[math.speedup(plan)], mode="markers",
                       marker=dict(size=12, symbol="x"))
    figure.update_layout(xaxis_title=tr("budget.alpha_axis", lang), yaxis_title="speed-up ×",
                         title=tr("budget.over_alpha", lang), margin=dict(t=50, b=10))
    return figure


def speedup_over_k(plan: math.Budget, alphas: tuple[float, ...] = (0.2, 0.5, 0.8, 0.9),
                   lang: str = "en") -> go.Figure:
    ks = list(range(1, 17))
    figure = go.Figure()
    for alpha in alphas:
        values = [math.speedup(replace(plan, k=k, alpha=alpha)) for k in ks]
        figure.add_scatter(name=f"α = {number(alpha, lang, 1)}", x=ks, y=values, mode="lines+markers")
    best = math.best_k(plan, k_max=16)
    figure.add_scatter(name=fill("budget.best_at", lang, best=best, alpha=plan.alpha), x=[best],
                       y=[math.speedup(replace(plan, k=best))], mode="markers", marker=dict(size=14, symbol="star"))
    figure.add_hline(y=1.0, line_dash="dash", annotation_text=tr("budget.break_even", lang))
    figure.update_layout(xaxis_title=tr("budget.k_axis", lang), yaxis_title="speed-up ×",
                         title=tr("budget.over_k", lang),
                         margin=dict(t=50, b=10))
    return figure


def acceptance_by_position(rates: list[float], alpha: float, lang: str = "en") -> go.Figure:
    """Measured P(position i accepted | all before accepted) against the constant-α assumption."""
    positions = list(range(1, len(rates) + 1))
    figure = go.Figure()
    figure.add_bar(name=tr("budget.measured_run", lang), x=positions, y=rates)
    figure.add_scatter(name=fill("budget.constant_alpha", lang, alpha=alpha), x=positions,
                       y=[alpha] * len(rates), mode="lines")
    figure.update_layout(xaxis_title=tr("budget.position_axis", lang), yaxis_title=tr("fig.acceptance_rate", lang),
                         yaxis_range=[0, 1], title=tr("budget.positions_title", lang), margin=dict(t=50, b=10))
    return figure
