"""Long computations started from a page, run the same way everywhere.

A job is any object with ``total`` (the steps it will take), ``steps()`` (an
iterator that does one step per item and yields how many are done) and
``result()`` (what the steps done so far add up to; None before the first).
``run_job`` runs one inside the server's generation queue with a progress bar
and an estimate of the time left. Every progress update is also where Streamlit
stops the script (Stop, a changed setting, a closed tab), so a job ends within
one step; it is left in the session, and ``keep_finished`` (called at the top
of the page's next run) turns it into the result of what it finished.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, Protocol

import streamlit as st

from pages.ui.hosting import generation_turn
from pages.ui.session import fill


class PageJob(Protocol):
    total: int

    def steps(self): ...

    def result(self) -> Any: ...


def keep_finished(job_key: str, result_key: str) -> None:
    """A job left in the session was stopped: keep the result of the steps it finished."""
    job = st.session_state.pop(job_key, None)
    if job is not None:
        st.session_state[result_key] = job.result()


def run_job(make_job: Callable[[], PageJob], job_key: str, result_key: str, progress_key: str, what: str) -> None:
    """Wait for a generation turn, make the job (its set-up counts as work) and run it with a progress bar.

    `progress_key` names a text with the fields {done}, {total} and {left} (seconds); `what`
    names the job in the server's log.
    """
    try:
        with generation_turn(what):
            job = make_job()
            st.session_state[job_key] = job  # from here on, a stop keeps the steps done
            bar, started = st.progress(0.0), time.perf_counter()
            for done in job.steps():
                left = (time.perf_counter() - started) / max(done, 1) * (job.total - done)
                bar.progress(min(done / job.total, 1.0),
                             text=fill(progress_key, done=done, total=job.total, left=left))
            bar.empty()
    except Exception:
        st.session_state.pop(job_key, None)  # a failed job has no result to keep
        raise
    keep_finished(job_key, result_key)
