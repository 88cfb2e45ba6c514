"""The viewer of one recorded run: text by fate, totals, timeline, one cycle in detail, time split."""

from __future__ import annotations

import streamlit as st

from pages.ui import session
from pages.ui.cycle_view import show_cycle_frames
from pages.ui.session import tr
from specviz.engine.drafters.base import run_note
from specviz.engine.trace import RunRecord
from specviz.models.fast import PairConfiguration
from specviz.models.registry import TINY_TARGET
from specviz.viz import run_figures
from specviz.viz.cycle_frames import single_step


def race(record: RunRecord, baseline: RunRecord | None):
    """The time race of a run against the target alone, labelled in the session's language."""
    step = single_step(record, baseline)
    labels = {name: tr(f"race.{name}") for name in ("title", "speculative", "measured", "predicted", "tokens")}
    return run_figures.race_figure(record, baseline, step.ms if step else None, labels)


def race_bars(record: RunRecord, baseline: RunRecord | None) -> str:
    """The time race so far as two bars, redrawn after every cycle while a run streams."""
    step = single_step(record, baseline)
    labels = {name: tr(f"race.{name}") for name in ("speculative", "measured", "predicted", "tokens")}
    return run_figures.race_bars(record, baseline, step.ms if step else None, labels)


def show_run(record: RunRecord, key: str, threads: int | None = None, baseline: RunRecord | None = None) -> None:
    """`threads`: the CPU threads the run had, where it ran on this server (unknown for a replayed trace);
    `baseline`: the target-alone run of the same prompt, if any (its single steps are drawn beside a verify pass).
    """
    lang = st.session_state.get("lang", "en")
    st.caption(PairConfiguration.of(record, threads).line(lang))
    note = run_note(record.drafter, record, lang)  # what the run's drafter says about its run, if anything
    if note:
        st.info(note)
    if record.target == TINY_TARGET:
        st.info(tr("view.tiny_speed"))
    elif (rate := run_figures.poor_fit(record)) is not None:
        st.info(session.fill("view.poor_fit", rate=100 * rate))
    presenting = session.presenting()
    discarded = st.toggle(tr("view.discarded"), value=not presenting, key=f"{key}_discarded",
                          help=tr("view.discarded_help"))
    st.html(run_figures.token_spans(record, with_discarded=discarded, strong=presenting, lang=lang))
    st.caption(tr("view.legend"))
    for column, (label, value) in zip(st.columns(5), run_figures.headline(record, lang)):
        column.metric(label, value)
    if not record.cycles:
        return
    session.focus_here("timeline")  # where a lesson's "show me" lands
    session.chart(run_figures.timeline_figure(record, lang), key=f"{key}_timeline")
    session.chart(race(record, baseline), key=f"{key}_race")
    if st.session_state.get(f"{key}_cycle", 1) > len(record.cycles):  # a link to a cycle this run does not have
        st.session_state.pop(f"{key}_cycle")
    chosen = st.select_slider(tr("view.inspect"), options=[c.index + 1 for c in record.cycles],
                              key=f"{key}_cycle") if len(record.cycles) > 1 else 1
    cycle = record.cycles[chosen - 1]
    show_cycle_frames(record, chosen - 1, key, baseline)
    with st.expander(tr("view.numbers")):
        st.markdown(run_figures.cycle_sentence(cycle, lang))
        if cycle.proposed:
            st.dataframe(run_figures.cycle_rows(cycle, lang), hide_index=True, key=f"{key}_rows")
        figure = run_figures.rejection_figure(cycle, lang)
        if figure is not None:
            session.chart(figure, key=f"{key}_rejection")
    session.chart(run_figures.timing_figure(record, lang), key=f"{key}_timing")
    st.download_button(tr("view.download"), record.to_json(), file_name="specviz-run.json",
                       mime="application/json", key=f"{key}_download")
