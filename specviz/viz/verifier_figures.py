"""The Verifiers view: one cycle judged by every exact rule, and the rules compared over many cycles.

Pure functions of a cycle's record (its ``verdicts``), a run's tallies and a
benchmark report's rows; the page only draws what they return.
"""

from __future__ import annotations

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from specviz.bench.rules import MeasuredRule
from specviz.core.verifiers import VERIFIERS, VerdictFacts
from specviz.engine.trace import CycleRecord, RuleVerdict
from specviz.engine.verdicts import RuleTally
from specviz.text import fill, number, text
from specviz.viz import colors
from specviz.viz.cycle_frames import position_labels
from specviz.viz.run_figures import VISIBLE, plot_label


def rule_name(rule: str, lang: str = "en") -> str:
    """A verifier's name as the page writes it ("hf": Hugging Face's assisted generation)."""
    return text("verifiers.hf", lang) if rule == "hf" else VERIFIERS.label(rule, lang)


def token_code(text: str) -> str:
    """A token's text as Markdown code, quoted, exactly as written (control characters as \\xNN)."""
    shown = "".join(VISIBLE.get(ch, ch) if ch.isprintable() or ch in VISIBLE else f"\\x{ord(ch):02x}"
                    for ch in text).replace("`", "ˋ")
    return f"`'{shown}'`"


def proposal_line(cycle: CycleRecord) -> str:
    """The proposal as Markdown: "1: `'def'` 2: `' f'` …"."""
    texts = cycle.proposed_texts or [str(t) for t in cycle.proposed]
    return " ".join(f"{i + 1}: {token_code(text)}" for i, text in enumerate(texts))


def verdict_figure(cycle: CycleRecord, lang: str = "en") -> go.Figure | None:
    """One row per rule: what each draw u_i is compared with, the draws, and the positions the rule keeps."""
    if not cycle.verdicts:
        return None
    labels = position_labels(cycle)
    k = len(cycle.proposed)
    titles = [fill("verifiers.keeps", lang, rule=rule_name(v.verifier, lang), n=v.accepted, k=k)
              + " · " + text(f"verifiers.threshold.{v.verifier}", lang) for v in cycle.verdicts]
    figure = make_subplots(rows=len(cycle.verdicts), cols=1, shared_xaxes=True, subplot_titles=titles,
                           vertical_spacing=0.12)
    for row, verdict in enumerate(cycle.verdicts, start=1):
        _verdict_row(figure, row, verdict, cycle, labels, lang)
        figure.update_yaxes(range=[0, 1.25], row=row, col=1)
    figure.update_xaxes(type="category")
    figure.update_layout(title=text("verifiers.chart", lang), height=200 + 190 * len(cycle.verdicts),
                         margin=dict(t=80, b=10, l=10, r=10), legend_orientation="h", barmode="overlay")
    return figure


def _verdict_row(figure: go.Figure, row: int, verdict: RuleVerdict, cycle: CycleRecord, labels: list[str],
                 lang: str) -> None:
    first = row == 1  # one legend entry per kind of mark
    kept = [i < verdict.accepted for i in range(len(labels))]
    bar_text = [number(t, lang) for t in verdict.thresholds]
    if verdict.target_draws:  # sample and match: the target's own draw, under the position it was drawn at
        bar_text = [f"{shown} → {plot_label(drawn)}" for shown, drawn in
                    zip(bar_text, verdict.target_draw_texts or map(str, verdict.target_draws))] \
            + bar_text[len(verdict.target_draws):]
    for state, color in ((True, colors.ACCEPTED), (False, colors.CORRECTION)):
        chosen = [i for i, is_kept in enumerate(kept) if is_kept == state]
        figure.add_bar(x=[labels[i] for i in chosen], y=[verdict.thresholds[i] for i in chosen],
                       text=[bar_text[i] for i in chosen], textposition="outside", marker_color=color,
                       name=text("verifiers.kept" if state else "verifiers.dropped", lang),
                       legendgroup=str(state), showlegend=first, row=row, col=1)
    if verdict.weights:
        figure.add_scatter(x=labels, y=verdict.weights, mode="lines+markers", line=dict(color=colors.BONUS),
                           name=text("verifiers.weights", lang), row=row, col=1)
    rule = VERIFIERS.find(verdict.verifier)
    if cycle.draws and (rule is None or rule.compares_draws):
        figure.add_scatter(x=labels, y=cycle.draws, mode="markers", name="u", legendgroup="u", showlegend=first,
                           marker=dict(symbol="line-ew-open", size=30, line_width=4, color="#000000"),
                           row=row, col=1)


def verdict_sentences(cycle: CycleRecord, lang: str = "en") -> list[str]:
    """One sentence per rule: what it keeps, and the number that decided it."""
    return [_sentence(verdict, cycle, lang) for verdict in cycle.verdicts]


def _sentence(verdict: RuleVerdict, cycle: CycleRecord, lang: str) -> str:
    """The rule's own account of its verdict (specviz/core/verifiers), given the facts written for the reader."""
    k, n = len(cycle.proposed), verdict.accepted
    drawn = verdict.target_draw_texts or [str(t) for t in verdict.target_draws]
    proposed = cycle.proposed_texts or [str(t) for t in cycle.proposed]
    facts = VerdictFacts(u=cycle.draws[n] if n < min(k, len(cycle.draws)) else None,
                         proposed=token_code(proposed[n]) if n < k else "",
                         drawn=token_code(drawn[n]) if n < len(drawn) else "",
                         thresholds=", ".join(number(t, lang) for t in verdict.thresholds),
                         weights=", ".join(number(w, lang) for w in verdict.weights))
    rule = VERIFIERS.find(verdict.verifier)
    if rule is None:  # a rule this install does not have: what it kept, in numbers
        return fill("verifiers.keeps", lang, rule=verdict.verifier, n=n, k=k)
    return rule.explain_verdict(verdict, k, facts, lambda key, **values: fill(key, lang, **values))


def tally_rows(tallies: list[RuleTally], lang: str = "en") -> list[dict[str, str]]:
    """The run's verdicts summed per rule, as table rows with headers in the page's language."""
    def column(name: str) -> str:
        return text(f"verifiers.col.{name}", lang)

    return [{column("rule"): rule_name(t.verifier, lang), column("kept"): f"{t.kept} / {t.proposed}",
             column("per_cycle"): number(t.tokens_per_cycle, lang),
             column("more"): str(t.more), column("fewer"): str(t.fewer)} for t in tallies]


def measured_rows(measured: list[MeasuredRule], lang: str = "en") -> list[dict[str, str]]:
    """A benchmark report's rules as table rows: tokens per cycle, target passes per 100 tokens, speed-up."""
    def column(name: str) -> str:
        return text(f"verifiers.col.{name}", lang)

    def shown(value: float | None, digits: int = 2, unit: str = "") -> str:
        return "—" if value is None else number(value, lang, digits) + unit

    return [{column("temperature"): number(m.temperature, lang, 1), column("rule"): rule_name(m.rule, lang),
             column("per_cycle"): shown(m.tokens_per_cycle), column("passes"): shown(m.target_passes_per_100, 1),
             column("speedup"): shown(m.speedup, 2, "×")} for m in measured]
