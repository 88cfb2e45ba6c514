"""Histogram overlay of sampled first tokens against the target's exact distribution."""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go

from specviz.text import text as tr
from specviz.viz import colors
from specviz.viz.run_figures import plot_label


def overlay_figure(fits, texts: dict[int, str], top: int = 12, lang: str = "en") -> go.Figure:
    """The `top` most likely tokens: exact p as bars, each sampled frequency as markers."""
    expected = np.asarray(fits[0].expected)
    order = [int(i) for i in np.argsort(-expected, kind="stable")[:top] if expected[i] > 0]
    labels = [plot_label(texts.get(i, str(i))) for i in order]
    figure = go.Figure()
    figure.add_bar(name=tr("exactness.exact_p", lang), x=labels, y=expected[order].tolist(), marker_color=colors.TARGET)
    symbols = ["diamond-open", "circle-open", "x-thin-open"]
    for fit, symbol in zip(fits, symbols):
        counts = np.asarray(fit.counts)
        freq = counts / max(counts.sum(), 1)
        name = f"{tr('exactness.label.' + fit.label, lang)} (p-value {fit.p_value:.3g})"
        figure.add_scatter(name=name, x=labels, y=freq[order].tolist(),
                           mode="markers", marker=dict(size=14, symbol=symbol, line_width=2))
    figure.update_layout(yaxis_title=tr("fig.probability", lang), title=tr("exactness.overlay_title", lang),
                         legend_orientation="h",
                         margin=dict(t=50, b=10))
    return figure
