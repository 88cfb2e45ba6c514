"""Histogram overlay of sampled first tokens against the target's exact distribution."""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go

from specviz.viz import colors
from specviz.viz.run_figures import plot_label


def overlay_figure(fits, texts: dict[int, str], top: int = 12) -> go.Figure:
    """The `top` most likely tokens: exact p as bars, each sampled frequency as markers."""
    expected = np.asarray(fits[0].expected)
    order = [int(i) for i in np.argsort(-expected, kind="stable")[:top] if expected[i] > 0]
    labels = [plot_label(texts.get(i, str(i))) for i in order]
    figure = go.Figure()
    figure.add_bar(name="target's exact p", x=labels, y=expected[order].tolist(), marker_color=colors.TARGET)
    symbols = ["diamond-open", "circle-open", "x-thin-open"]
    for fit, symbol in zip(fits, symbols):
        counts = np.asarray(fit.counts)
        freq = counts / max(counts.sum(), 1)
        figure.add_scatter(name=f"{fit.label} (p-value {fit.p_value:.3g})", x=labels, y=freq[order].tolist(),
                           mode="markers", marker=dict(size=14, symbol=symbol, line_width=2))
    figure.update_layout(yaxis_title="probability", title="First generated token", legend_orientation="h",
                         margin=dict(t=50, b=10))
    return figure
