"""One cycle taken apart: five frames, each a figure and one sentence, from the cycle's record alone.

The stages follow the engine's numbered steps (specviz/engine/run.py):
  1. the draft proposes k tokens, each drawn from its q;
  2. one target pass scores all k + 1 positions;
  3. the checks, left to right: accept while u < min(1, p/q);
  4. the correction from the normalised residual max(p - q, 0), or the bonus token from p;
  5. the discarded proposals dropped and both KV caches cropped.
Live runs, step mode and replayed traces give the same frames.
"""

from __future__ import annotations

from dataclasses import dataclass

import plotly.graph_objects as go

from specviz.core.verifiers import VERIFIERS
from specviz.engine.drafters.base import frame_note
from specviz.engine.trace import CycleRecord, RunRecord
from specviz.limits import K
from specviz.text import fill, number, text
from specviz.viz import colors
from specviz.viz.copy_figures import copy_source_html
from specviz.viz.run_figures import plot_label, unique_labels

STAGES = 5
EARLIER_SLOTS = 6  # confirmed slots drawn before the cycle's own; the rest are counted, not drawn
DRAWN_SLOTS = EARLIER_SLOTS + 2 * K.high  # the most slots a strip draws, whatever lengths a trace claims
SLOT_COLORS = {"confirmed": "#9ecae1", "accepted": colors.ACCEPTED, "cropped": "#d9d9d9", "new": colors.BONUS}


@dataclass(frozen=True)
class Frame:
    stage: int  # 1..STAGES
    title: str
    sentence: str
    figure: go.Figure | None
    html: str | None = None  # drawn above the figure: where a copying drafter found its proposal


@dataclass(frozen=True)
class SingleStep:
    """The time of one step of the target alone, and where it comes from."""

    ms: float
    source: str  # "k0" (this run's k = 0 cycles) or "baseline" (the target-alone run)


def single_step(record: RunRecord, baseline: RunRecord | None = None) -> SingleStep | None:
    """A measured single-token target step: from the run's own k = 0 cycles, else from a baseline run."""
    alone = [c.verify_ms for c in record.cycles[1:] if not c.proposed]  # cycle 0 also read the prompt
    if alone:
        return SingleStep(sum(alone) / len(alone), "k0")
    if baseline is not None and len(baseline.cycles) > 1:
        steps = [c.verify_ms for c in baseline.cycles[1:]]
        return SingleStep(sum(steps) / len(steps), "baseline")
    return None


def frames(record: RunRecord, index: int, language: str = "en", baseline: RunRecord | None = None) -> list[Frame]:
    """The five frames of cycle `index` (0-based) of `record`."""
    cycle = record.cycles[index]

    def say(key: str, **values) -> str:
        return fill(key, language, **values)

    return [
        _first(record, index, language, say),
        Frame(2, say("frame.2.title"), *_pass(cycle, single_step(record, baseline), say)),
        Frame(3, say("frame.3.title"), _checks_sentence(cycle, record.verifier, say),
              _checks_figure(cycle, VERIFIERS.find(record.verifier), say)),
        Frame(4, say("frame.4.title"), *_fourth(cycle, say)),
        Frame(5, say("frame.5.title"), _crop_sentence(cycle, say), cache_figure(cycle, language)),
    ]


def position_labels(cycle: CycleRecord) -> list[str]:
    """Chart labels of a cycle's proposals: "1: 'def'", "2: ' f'", ..."""
    texts = cycle.proposed_texts or [str(t) for t in cycle.proposed]
    return [f"{i + 1}: {label}" for i, label in enumerate(unique_labels(texts, cycle.proposed))]


def _layout(figure: go.Figure, title: str, **more) -> go.Figure:
    settings = dict(title=title, margin=dict(t=50, b=10, l=10, r=10), height=330, legend_orientation="h")
    figure.update_layout(**{**settings, **more})
    return figure


def _first(record: RunRecord, index: int, language: str, say) -> Frame:
    """Frame 1: the proposals and their q, or what was copied and from where, with what the drafter adds."""
    cycle = record.cycles[index]
    note = frame_note(record.drafter, cycle, say)  # the drafter's own words (specviz/engine/drafters)
    if note.instead is not None:
        return Frame(1, say("frame.1.title"), note.instead, None)
    if cycle.sources:  # copied tokens (prompt lookup, alone or in a hybrid)
        sentence = f"{note.before}{say('frame.1.copied', n=len(cycle.proposed))}{note.after}"
        return Frame(1, say("frame.1.title"), sentence, None, copy_source_html(record, index, language))
    sentence = f"{note.before}{_proposal_sentence(cycle, say)}{note.after}"
    return Frame(1, say("frame.1.title"), sentence, _proposal_figure(cycle, say, language))


def _proposal_sentence(cycle: CycleRecord, say) -> str:
    if not cycle.proposed:
        return say("frame.1.none")
    return say("frame.1.sentence", n=len(cycle.proposed))


def _proposal_figure(cycle: CycleRecord, say, language: str) -> go.Figure | None:
    if not cycle.proposed:
        return None
    q = cycle.proposal_q or (cycle.draft_q + [None] * (len(cycle.proposed) - len(cycle.draft_q)))
    figure = go.Figure(go.Bar(x=position_labels(cycle), y=q, marker_color=colors.DRAFT, name="q(x)",
                              text=[number(v, language) if v is not None else "" for v in q], textposition="outside"))
    figure.update_xaxes(type="category")
    return _layout(figure, say("frame.1.chart"), yaxis=dict(range=[0, 1.15], title="q(x)"))


def _pass(cycle: CycleRecord, single: SingleStep | None, say) -> tuple[str, go.Figure]:
    rows = len(cycle.proposed) + 1
    names = [say("frame.2.block", rows=rows)]
    values = [cycle.verify_ms]
    if single is not None:
        names.append(say(f"frame.2.single_{single.source}"))
        values.append(single.ms)
    figure = go.Figure(go.Bar(y=names, x=values, orientation="h", marker_color=[colors.TARGET, "#9ecae1"][:len(values)],
                              text=[f"{v:.0f} ms" for v in values], textposition="auto"))
    _layout(figure, say("frame.2.chart"), xaxis_title="ms", height=240)
    if single is None:
        sentence = say("frame.2.sentence_alone", rows=rows, ms=cycle.verify_ms)
    else:
        sentence = say("frame.2.sentence", rows=rows, ms=cycle.verify_ms, single=single.ms)
    return sentence, figure


def _checks_sentence(cycle: CycleRecord, verifier: str, say) -> str:
    """The verifier's own account of its checks (specviz/core/verifiers); a rule this install lacks is told
    as the token rule would."""
    if not cycle.proposed:
        return say("frame.3.none")
    rule = VERIFIERS.find(verifier) or VERIFIERS.get("token")
    return rule.explain_checks(len(cycle.proposed), cycle.accepted, cycle.kind == "bonus", say)


def _checks_figure(cycle: CycleRecord, rule: type | None, say) -> go.Figure | None:
    """Bars of what each draw u is compared with, as the rule names it: min(1, p/q) for the token rule, the stop
    probabilities h_i (with the prefix weights) for block verification, p(x_i) for sample-and-match. The draws u
    are drawn where the rule compares them with the bars."""
    if not cycle.proposed:
        return None
    rule = rule or VERIFIERS.get("token")
    labels = position_labels(cycle)
    checked = len(cycle.accept_prob)
    fates = ["accepted" if i < cycle.accepted else "rejected" if i < checked else "unchecked"
             for i in range(len(cycle.proposed))]
    palette = {"accepted": colors.ACCEPTED, "rejected": colors.CORRECTION, "unchecked": "#d9d9d9"}
    bars = rule.bar_label
    figure = go.Figure()
    figure.add_bar(x=labels, y=[cycle.accept_prob[i] if i < checked else 0 for i in range(len(labels))],
                   marker_color=[palette[f] for f in fates], name=bars,
                   text=[say(f"frame.3.{f}") for f in fates], textposition="outside")
    if cycle.weights:  # a rule that weighs prefixes (block verification)
        figure.add_scatter(x=labels, y=cycle.weights, mode="lines+markers", name="p_i", line_color=colors.BONUS)
    if rule.compares_draws:
        figure.add_scatter(x=labels[:checked], y=cycle.uniforms[:checked], mode="markers", name="u",
                           marker=dict(symbol="line-ew-open", size=34, line_width=4, color="#000000"))
    figure.update_xaxes(type="category")
    return _layout(figure, say(rule.chart_key), yaxis=dict(range=[0, 1.2],
                                                          title=f"{bars} · u" if rule.compares_draws else bars))


def _fourth(cycle: CycleRecord, say) -> tuple[str, go.Figure | None]:
    token = plot_label((cycle.emitted_texts or [str(t) for t in cycle.emitted] or [""])[-1])
    if cycle.kind == "target":
        return say("frame.4.target", token=token), None
    if cycle.kind == "bonus":
        key = "frame.4.bonus" if cycle.proposed else "frame.4.bonus_alone"
        return say(key, token=token), None
    sentence = say("frame.4.correction", position=cycle.accepted + 1, token=token)
    if cycle.top is None:
        return sentence, None
    top = cycle.top
    drawn = cycle.emitted[-1] if cycle.emitted else None
    # Tokens with no mass in p, q or the residual (greedy's one-hot rows pad the top-N) say nothing: left out.
    shown = [i for i in range(len(top.ids)) if max(top.target_p[i], top.draft_q[i], top.residual[i]) > 1e-9
             or top.ids[i] == drawn]
    texts = top.texts if len(top.texts) == len(top.ids) else [str(t) for t in top.ids]
    labels = unique_labels([texts[i] for i in shown], [top.ids[i] for i in shown])
    figure = go.Figure()
    for name, values, color in (("p", top.target_p, colors.TARGET), ("q", top.draft_q, colors.DRAFT),
                                ("max(p − q, 0) / Σ", top.residual, colors.RESIDUAL)):
        figure.add_bar(name=name, x=labels, y=[values[i] for i in shown], marker_color=color)
    if drawn in top.ids and top.ids.index(drawn) in shown:
        where = shown.index(top.ids.index(drawn))
        figure.add_annotation(x=labels[where], y=top.residual[shown[where]], text=say("frame.4.drawn"),
                              showarrow=True, arrowhead=2, ay=-40)
    figure.update_xaxes(type="category")
    return sentence, _layout(figure, say("frame.4.chart"), barmode="group", yaxis_title=say("fig.probability"))


def _crop_sentence(cycle: CycleRecord, say) -> str:
    caches = cycle.caches
    if caches is None:
        return say("frame.5.unknown")
    draft = say("frame.5.draft", filled=caches.draft_filled, kept=caches.draft_kept) \
        if caches.draft_filled is not None else ""
    discarded = len(cycle.proposed) - cycle.accepted
    key = "frame.5.sentence" if discarded else "frame.5.none_discarded"
    return say(key, discarded=discarded, filled=caches.target_filled, kept=caches.target_kept, draft=draft)


def slots(filled: int, kept: int, confirmed_before: int) -> list[tuple[int, str]]:
    """(position, state) of the slots a strip draws: the last confirmed ones, then this cycle's."""
    first = max(0, confirmed_before - EARLIER_SLOTS)
    drawn = []
    for position in range(first, min(max(filled, kept), first + DRAWN_SLOTS)):  # bounded by construction
        state = ("confirmed" if position < confirmed_before else "accepted" if position < kept else "cropped")
        drawn.append((position, state))
    return drawn


def cache_figure(cycle: CycleRecord, language: str = "en") -> go.Figure | None:
    """Both KV caches as strips of slots: confirmed before the cycle, accepted in it, cropped after it.

    The lengths are the engine's own (``cycle.caches``); the emitted token is not in
    either cache yet, so it is drawn after the strip, outlined.
    """
    caches = cycle.caches
    if caches is None:
        return None
    before = caches.target_kept - cycle.accepted  # the confirmed text when the cycle began
    figure = go.Figure()
    rows = [(text("frame.5.target_row", language), caches.target_filled, caches.target_kept)]
    if caches.draft_filled is not None:
        rows.append((text("frame.5.draft_row", language), caches.draft_filled, caches.draft_kept))
    for state in ("confirmed", "accepted", "cropped"):
        xs, ys = [], []
        for name, filled, kept in rows:
            for position, slot_state in slots(filled, kept, before):
                if slot_state == state:
                    xs.append(position)
                    ys.append(name)
        figure.add_scatter(x=xs, y=ys, mode="markers", name=text(f"frame.5.{state}", language),
                           marker=dict(symbol="square", size=24, color=SLOT_COLORS[state],
                                       line=dict(width=1, color="#555555")))
    new_at = caches.target_kept
    figure.add_scatter(x=[new_at] * len(rows), y=[name for name, _, _ in rows], mode="markers",
                       name=text("frame.5.new", language),
                       marker=dict(symbol="square-open", size=24, color=SLOT_COLORS["new"], line_width=3))
    start = max(0, before - EARLIER_SLOTS)
    if start:
        figure.add_annotation(x=start - 0.8, y=rows[0][0], text=f"… {start}", showarrow=False, xanchor="right")
    figure.update_xaxes(title=text("frame.5.axis", language), dtick=1, range=[start - 2.5, max(
        max(filled for _, filled, _ in rows), new_at) + 1])
    figure.update_yaxes(type="category", autorange="reversed")
    # The legend goes under the axis title, clear of the slots.
    return _layout(figure, text("frame.5.chart", language), height=320, margin=dict(t=50, b=90, l=10, r=10),
                   legend=dict(orientation="h", y=-0.45, yanchor="top"))
