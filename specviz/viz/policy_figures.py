"""Charts of the sampling-policy view: p and q before and after the policy; what each case emits."""

from __future__ import annotations

import plotly.graph_objects as go

from specviz.core.policy_cases import PolicyView
from specviz.text import text as tr
from specviz.viz import colors


def shaping_figure(view: PolicyView, names: list[str], lang: str = "en") -> go.Figure:
    """p and q as the models give them (light) and after the policy (solid)."""
    figure = go.Figure()
    for label, values, colour, opacity in (("policy.raw_p", view.raw_p, colors.TARGET, 0.35),
                                           ("policy.policy_p", view.policy_p, colors.TARGET, 1.0),
                                           ("policy.raw_q", view.raw_q, colors.DRAFT, 0.35),
                                           ("policy.policy_q", view.policy_q, colors.DRAFT, 1.0)):
        figure.add_bar(name=tr(label, lang), x=names, y=values, marker_color=colour, opacity=opacity)
    figure.update_layout(barmode="group", yaxis_title=tr("fig.probability", lang), legend_orientation="h",
                         title=tr("policy.shaping_title", lang), margin=dict(t=50, b=10))
    figure.update_xaxes(type="category")
    return figure


def outcome_figure(view: PolicyView, names: list[str], lang: str = "en") -> go.Figure:
    """What one verification step emits in each case, against the policy's p (what was asked for)."""
    figure = go.Figure()
    figure.add_bar(name=tr("policy.policy_p", lang), x=names, y=view.policy_p, marker_color=colors.TARGET)
    palette = {"both": colors.ACCEPTED, "target_only": colors.BONUS, "draft_only": colors.CORRECTION}
    for case in view.cases:
        figure.add_scatter(name=tr(f"policy.case.{case.name}", lang), x=names, y=case.output, mode="markers",
                           marker=dict(size=13, symbol="diamond-open", line_width=3, color=palette[case.name]))
    figure.update_layout(yaxis_title=tr("fig.probability", lang), legend_orientation="h",
                         title=tr("policy.outcome_title", lang), margin=dict(t=50, b=10))
    figure.update_xaxes(type="category")
    return figure
