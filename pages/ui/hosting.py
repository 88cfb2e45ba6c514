"""The host's settings and the server's generation queue, one of each per server process."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager

import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

from specviz.errors import SpecvizError
from specviz.limits import JOBS_PER_BROWSER
from specviz.serving.config import HostingConfig, load_config
from specviz.serving.queue import GenerationQueue, OwnerBusy, TurnStats
from specviz.settings import widget_ranges
from specviz.text import fill as fill_text

BROWSER_COOKIE = "_streamlit_xsrf"  # set by the server for each browser (its tabs share it)


@st.cache_resource(show_spinner=False)
def hosting() -> HostingConfig:
    """The host's settings (SPECVIZ_CONFIG and SPECVIZ_* variables), read once per server process."""
    return load_config()


@st.cache_resource(show_spinner=False)
def generation_queue() -> GenerationQueue:
    """One queue per server: every session's generations take turns on the shared models.

    Each turn's end goes to the server's log (stderr), one line per turn.
    """
    log = logging.getLogger("specviz")
    if not log.handlers:
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter("%(asctime)s %(name)s %(message)s"))
        log.addHandler(handler)
        log.setLevel(logging.INFO)
    return GenerationQueue(hosting().generation_slots, per_owner=JOBS_PER_BROWSER)


def browser_token(cookie: str) -> str:
    """The browser's own token inside its XSRF cookie: each page load masks it anew ("2|mask|masked|time"), so the
    cookie's text differs from tab to tab while the token is the same."""
    parts = cookie.split("|")
    try:
        if len(parts) == 4 and parts[0] == "2":
            mask, masked = bytes.fromhex(parts[1]), bytes.fromhex(parts[2])
            if mask:
                return bytes(b ^ mask[i % len(mask)] for i, b in enumerate(masked)).hex()
    except ValueError:
        pass
    return cookie  # another format: taken as it is


def browser() -> str:
    """Who asks, as the queue counts places: the browser (its XSRF token, shared by its tabs), else this tab."""
    cookie = st.context.cookies.get(BROWSER_COOKIE) if st.context.cookies else None
    if cookie:
        return "browser:" + browser_token(cookie)
    context = get_script_run_ctx()
    return "session:" + (context.session_id if context else "none")


def ranges() -> dict:
    """The widgets' ranges within this host's caps."""
    config = hosting()
    return widget_ranges(config.max_k, config.max_new_tokens)


@contextmanager
def generation_turn(what: str = "generation") -> Iterator[TurnStats]:
    """Hold one of the server's generation slots for the block; while waiting, show the place in line.

    `what` names the work in the server's log ("live", "lab", ...).

    Each update of the waiting message is also where Streamlit stops this script
    when its tab closes or its user reruns: the place in line is then given up.
    """
    box = st.empty()
    language = st.session_state.get("lang", "en")

    def on_wait(position: int) -> None:
        box.info(fill_text("queue.waiting", language, position=position))

    try:
        with generation_queue().turn(on_wait=on_wait, timeout_s=hosting().queue_timeout_s, what=what,
                                     owner=browser()) as stats:
            box.empty()
            yield stats
    except OwnerBusy:
        raise SpecvizError(fill_text("queue.owner_busy", language, most=JOBS_PER_BROWSER)) from None
    except TimeoutError:
        raise SpecvizError(fill_text("queue.timeout", language, seconds=hosting().queue_timeout_s)) from None
