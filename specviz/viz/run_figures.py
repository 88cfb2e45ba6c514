"""Views of a recorded run: coloured text, the cycle timeline, one cycle's checks, the time split.

Every function takes the plain records of specviz.engine.trace, so a live run
and a replayed JSON trace are drawn by the same code.
"""

from __future__ import annotations

import html

import plotly.graph_objects as go

from specviz.engine.trace import CycleRecord, RunRecord
from specviz.text import fill, number
from specviz.text import text as tr
from specviz.viz import colors

FATE_COLORS = {"accepted": colors.ACCEPTED, "correction": colors.CORRECTION, "bonus": colors.BONUS,
               "target": colors.TARGET}


def visible_html(text: str) -> str:
    """Token text shown literally: HTML escaped, control characters and newlines made visible."""
    shown = "".join(ch if ch.isprintable() or ch in "\n" else f"\\x{ord(ch):02x}" for ch in text)
    return html.escape(shown).replace("\n", "↵<br>")


VISIBLE = {"\n": "↵", "\t": "⇥"}  # how a chart writes the whitespace a reader cannot see


def plot_label(text: str) -> str:
    """A token as a chart label: quoted, newline ↵ and tab ⇥, other control characters as \\xNN, the HTML that
    Plotly would interpret escaped.

    Not Python's repr: that doubles the backslash of a byte token already shown as "\\xe4".
    """
    shown = "".join(VISIBLE.get(ch, ch) if ch.isprintable() or ch in VISIBLE else f"\\x{ord(ch):02x}"
                    for ch in text)
    return html.escape(f"'{shown}'", quote=False)


def headline(record: RunRecord, lang: str = "en") -> list[tuple[str, str]]:
    """The run's headline numbers as (label, shown value) pairs."""
    totals, timing = record.totals, record.timing
    rate = totals.acceptance_rate
    return [
        (tr("fig.tokens", lang), number(int(totals.generated or len(record.token_ids)), lang)),
        (tr("fig.cycles", lang), number(int(totals.cycles or len(record.cycles)), lang)),
        (tr("fig.tokens_per_cycle", lang), number(float(totals.mean_tokens_per_cycle or 0), lang)),
        (tr("fig.acceptance_rate", lang), "—" if rate is None else number(float(rate), lang)),
        (tr("fig.tokens_per_s", lang), number(float(timing.tokens_per_s or 0), lang)),
    ]


def last_fate(cycle) -> str:
    """The fate of a cycle's last token: a cycle that proposed nothing (k = 0, nothing to copy) was written by
    the target alone, whatever rule-level kind it recorded ("bonus": no proposal was rejected)."""
    return "target" if not cycle.proposed else cycle.kind


POOR_FIT_ACCEPTANCE = 0.5  # below it, most proposals are thrown away: the prompt suits this pair poorly
POOR_FIT_PROPOSED = 8  # fewer proposals say too little to judge a prompt by


def poor_fit(record: RunRecord) -> float | None:
    """The run's acceptance rate when it says the prompt suits the pair poorly (None when it fits, or is too short)."""
    totals = record.totals
    if totals.acceptance_rate is None or totals.proposed < POOR_FIT_PROPOSED:
        return None
    return totals.acceptance_rate if totals.acceptance_rate < POOR_FIT_ACCEPTANCE else None


def token_spans(record: RunRecord, with_discarded: bool = True, strong: bool = False, lang: str = "en") -> str:
    """The generated text as HTML spans coloured by each token's fate; discarded proposals struck through.

    `strong`: deeper colours and thicker underlines, for a projector.
    """
    alpha, line = ("66", 4) if strong else ("33", 2)
    parts = []
    for cycle in record.cycles:
        texts = cycle.emitted_texts or [str(t) for t in cycle.emitted]
        for i, text in enumerate(texts):
            fate = "accepted" if i < cycle.accepted else last_fate(cycle)
            title = f"{tr('fig.cycle', lang)} {cycle.index + 1}: {tr('fate.' + fate, lang)}"
            parts.append(f'<span class="sv-{fate}" title="{title}" '
                         f'style="background:{FATE_COLORS[fate]}{alpha};'
                         f'border-bottom:{line}px solid {FATE_COLORS[fate]}">{visible_html(text)}</span>')
        if with_discarded and cycle.kind == "correction":
            tail = cycle.proposed_texts[cycle.accepted:] or [str(t) for t in cycle.proposed[cycle.accepted:]]
            if tail:
                title = f"{tr('fig.cycle', lang)} {cycle.index + 1}: {tr('fate.discarded', lang)}"
                parts.append(f'<s class="sv-discarded" title="{title}" '
                             f'style="color:#999">{visible_html("".join(tail))}</s>')
    style = "font-family:monospace;line-height:1.9;white-space:pre-wrap;overflow-wrap:anywhere"
    return f'<div class="sv-tokens" style="{style}">' + "".join(parts) + "</div>"


def timeline_figure(record: RunRecord, lang: str = "en") -> go.Figure:
    """Per cycle: accepted draft tokens, the correction or bonus, and the discarded proposals."""
    x = [c.index + 1 for c in record.cycles]
    figure = go.Figure()
    figure.add_bar(name=tr("fate.accepted", lang), x=x, y=[c.accepted for c in record.cycles],
                   marker_color=colors.ACCEPTED)
    for kind in ("correction", "bonus", "target"):
        values = [1 if last_fate(c) == kind else 0 for c in record.cycles]
        if any(values):
            figure.add_bar(name=tr(f"fate.{kind}", lang), x=x, y=values, marker_color=FATE_COLORS[kind])
    figure.add_bar(name=tr("fate.discarded_short", lang), x=x, y=[len(c.proposed) - c.accepted for c in record.cycles],
                   marker_color="#cccccc")
    if len({c.k for c in record.cycles}) > 1:  # a schedule that chooses k: show its choice per cycle
        figure.add_scatter(name=tr("fig.k_chosen", lang), x=x, y=[c.k for c in record.cycles], mode="lines+markers",
                           line=dict(color="#000000", width=1, shape="hv"), marker_size=5)
    figure.update_layout(barmode="stack", xaxis_title=tr("fig.cycle", lang), yaxis_title=tr("fig.tokens", lang),
                         title=tr("fig.timeline", lang), margin=dict(t=50, b=10),
                         legend=dict(orientation="h", y=-0.25, yanchor="top"))  # under the axis title
    return figure


def timing_figure(record: RunRecord, lang: str = "en") -> go.Figure:
    """Per cycle: milliseconds spent drafting, verifying and on everything else."""
    x = [c.index + 1 for c in record.cycles]
    figure = go.Figure()
    for name, values, color in (
        (tr("fig.draft", lang), [c.draft_ms for c in record.cycles], colors.DRAFT),
        (tr("fig.verify", lang), [c.verify_ms for c in record.cycles], colors.TARGET),
        (tr("fig.overhead", lang), [c.overhead_ms for c in record.cycles], colors.NAIVE),
    ):
        figure.add_bar(name=name, x=x, y=values, marker_color=color)
    figure.update_layout(barmode="stack", xaxis_title=tr("fig.cycle", lang), yaxis_title="ms",
                         title=tr("fig.time_split", lang),
                         legend_orientation="h", margin=dict(t=50, b=10))
    return figure


def cycle_sentence(cycle: CycleRecord, lang: str = "en") -> str:
    """One line of Markdown that says what happened in a cycle."""
    where = fill("fig.rejection_at", lang, position=cycle.accepted + 1) if cycle.kind == "correction" \
        else tr("fig.no_rejection", lang)
    return fill("fig.cycle_sentence", lang, cycle=cycle.index + 1, k=cycle.k, proposed=len(cycle.proposed),
                                                 accepted=cycle.accepted, kind=tr(f"fate.{cycle.kind}", lang),
                                                 where=where)


def cycle_rows(cycle: CycleRecord, lang: str = "en") -> list[dict]:
    """One row per proposed position: the token, p(x), q(x), min(1, p/q), the draw u and the verdict."""
    rows = []
    for i, token in enumerate(cycle.proposed):
        text = cycle.proposed_texts[i] if cycle.proposed_texts else str(token)
        checked = i < len(cycle.accept_prob)
        verdict = tr("fate.accepted" if i < cycle.accepted else "fate.rejected" if checked else "fate.unchecked", lang)
        rows.append({
            tr("fig.position", lang): i + 1,
            "token": plot_label(text),
            "p(x)": _number(cycle.target_p, i, checked, lang),
            "q(x)": _number(cycle.draft_q, i, checked, lang),
            "min(1, p/q)": _number(cycle.accept_prob, i, checked, lang),
            "u": _number(cycle.uniforms, i, checked, lang),
            tr("fig.verdict", lang): verdict,
        })
    return rows


def _number(values: list[float], i: int, checked: bool, lang: str) -> str:
    """A probability as the table shows it, the language's way (0,9500); "—" for a position the check never reached."""
    return number(values[i], lang, 4) if checked and i < len(values) else "—"


def unique_labels(texts: list[str], ids: list[int]) -> list[str]:
    """Chart labels, one per token: two tokens that look alike are told apart by their ids."""
    labels = [plot_label(t) for t in texts]
    return [f"{label} #{token}" if labels.count(label) > 1 else label for label, token in zip(labels, ids)]


def rejection_figure(cycle: CycleRecord, lang: str = "en") -> go.Figure | None:
    """At the rejection: p, q and the normalised residual max(p - q, 0) over the top tokens."""
    if cycle.top is None:
        return None
    labels = unique_labels(cycle.top.texts, cycle.top.ids)
    figure = go.Figure()
    figure.add_bar(name=tr("fig.target_p", lang), x=labels, y=cycle.top.target_p, marker_color=colors.TARGET)
    figure.add_bar(name=tr("fig.draft_q", lang), x=labels, y=cycle.top.draft_q, marker_color=colors.DRAFT)
    figure.add_bar(name=tr("fig.residual", lang), x=labels, y=cycle.top.residual, marker_color=colors.RESIDUAL)
    figure.update_layout(barmode="group", yaxis_title=tr("fig.probability", lang), legend_orientation="h",
                         title=fill("fig.rejection_title", lang, cycle=cycle.index + 1,
                                                                     position=cycle.accepted + 1),
                         margin=dict(t=50, b=10))
    figure.update_xaxes(type="category")  # tokens such as '1' and '2' are names, not numbers
    return figure


def race_figure(record: RunRecord, baseline: RunRecord | None = None, single_ms: float | None = None,
                labels: dict[str, str] | None = None) -> go.Figure:
    """Cumulative time against tokens written: the speculative run and the target alone.

    The target alone is its measured run where there is one (`baseline`), else a
    line predicted from a measured single step (`single_ms`), drawn dashed.
    `labels` names the three lines in the page's language.
    """
    names = {"title": "The time budget, as it ran", "speculative": "speculative",
             "measured": "target alone (measured)", "predicted": "target alone (predicted from one measured step)",
             **(labels or {})}
    figure = go.Figure()
    tokens, elapsed = _cumulative(record)
    figure.add_scatter(name=names["speculative"], x=tokens, y=elapsed, mode="lines", line=dict(color=colors.ACCEPTED,
                                                                                               width=3, shape="hv"))
    if baseline is not None and baseline.cycles:
        alone_tokens, alone_elapsed = _cumulative(baseline)
        figure.add_scatter(name=names["measured"], x=alone_tokens, y=alone_elapsed, mode="lines",
                           line=dict(color=colors.TARGET, width=3, shape="hv"))
    elif single_ms:
        figure.add_scatter(name=names["predicted"], x=[0, tokens[-1]], y=[0, single_ms * tokens[-1]], mode="lines",
                           line=dict(color=colors.TARGET, width=3, dash="dash"))
    figure.update_layout(title=names["title"], xaxis_title=names.get("tokens", "tokens"), yaxis_title="ms",
                         legend_orientation="h",
                         margin=dict(t=50, b=10), height=340)
    return figure


def alone_ms_for(tokens: int, baseline: RunRecord | None, single_ms: float | None) -> float | None:
    """What the target alone spent (measured) or would spend (predicted) writing `tokens` tokens."""
    if baseline is not None and baseline.cycles:
        written, elapsed = _cumulative(baseline)
        if tokens <= written[-1]:
            return next(ms for n, ms in zip(written, elapsed) if n >= tokens)
        return elapsed[-1] / written[-1] * tokens  # a longer speculative run: at the baseline's own rate
    return single_ms * tokens if single_ms else None


def race_bars(record: RunRecord, baseline: RunRecord | None = None, single_ms: float | None = None,
              labels: dict[str, str] | None = None) -> str:
    """The time race so far as two HTML bars: cheap to redraw after every cycle while a run streams
    (the plotted race, drawn once the run ends, costs the browser far more)."""
    names = {"speculative": "speculative", "measured": "target alone (measured)",
             "predicted": "target alone (predicted from one measured step)", "tokens": "tokens", **(labels or {})}
    written, elapsed = _cumulative(record)
    alone = alone_ms_for(written[-1], baseline, single_ms)
    rows = [(names["speculative"], elapsed[-1], colors.ACCEPTED)]
    if alone is not None:
        measured = baseline is not None and bool(baseline.cycles)
        rows.append((names["measured" if measured else "predicted"], alone, colors.TARGET))
    longest = max(ms for _, ms, _ in rows) or 1.0
    bars = []
    for name, ms, colour in rows:
        width = max(100 * ms / longest, 0.5)
        bars.append(f'<div style="margin:2px 0"><div style="font-size:0.9em">{html.escape(name)} · '
                    f'{ms / 1000:.1f} s · {written[-1]} {html.escape(names["tokens"])}</div>'
                    f'<div style="background:{colour};height:14px;width:{width:.1f}%"></div></div>')
    return "".join(bars)


def _cumulative(record: RunRecord) -> tuple[list[int], list[float]]:
    """(tokens written, ms spent) after each cycle, starting from (0, 0)."""
    tokens, elapsed = [0], [0.0]
    for cycle in record.cycles:
        tokens.append(tokens[-1] + len(cycle.emitted))
        elapsed.append(elapsed[-1] + cycle.cycle_ms)
    return tokens, elapsed
