"""One cycle taken apart, frame by frame: Previous / Next, or Play to see the five stages in turn."""

from __future__ import annotations

import time

import streamlit as st

from pages.ui import session
from pages.ui.session import tr
from specviz.engine.trace import RunRecord
from specviz.viz.cycle_frames import STAGES, Frame, frames

PLAY_SECONDS = 2.5  # each frame's time on screen while playing


def _draw(frame: Frame, key: str, where) -> None:
    with where.container():
        st.markdown(f"**{frame.title}** ({frame.stage}/{STAGES})")
        st.markdown(frame.sentence)
        if frame.html is not None:
            st.html(frame.html)
        if frame.figure is not None:
            session.chart(frame.figure, key=f"{key}_{frame.stage}_{time.monotonic_ns()}")


def _move(state_key: str, by: int) -> None:
    st.session_state[state_key] = min(max(st.session_state[state_key] + by, 1), STAGES)


def show_cycle_frames(record: RunRecord, index: int, key: str, baseline: RunRecord | None = None) -> None:
    """The frames of cycle `index`; the frame shown is kept per view in the session."""
    all_frames = frames(record, index, st.session_state.get("lang", "en"), baseline)
    state_key = f"{key}_frame"
    st.session_state.setdefault(state_key, 1)
    session.focus_here("frame")  # where a lesson's "show me" lands
    st.subheader(tr("frame.heading"))
    st.session_state[state_key] = min(max(st.session_state[state_key], 1), STAGES)
    buttons = st.columns([1, 1, 1, 3])
    # Callbacks move the frame before the page runs again, so the buttons are drawn for the frame shown.
    buttons[0].button(tr("frame.previous"), key=f"{key}_previous", disabled=st.session_state[state_key] <= 1,
                      on_click=_move, args=(state_key, -1))
    buttons[1].button(tr("frame.next"), key=f"{key}_next", disabled=st.session_state[state_key] >= STAGES,
                      on_click=_move, args=(state_key, 1))
    play = buttons[2].button(tr("frame.play"), key=f"{key}_play")
    stage = st.empty()
    if play:
        for frame in all_frames:  # each redraw is also where Streamlit stops a replaced script
            _draw(frame, key, stage)
            time.sleep(PLAY_SECONDS)
        st.session_state[state_key] = STAGES
    _draw(all_frames[st.session_state[state_key] - 1], key, stage)
