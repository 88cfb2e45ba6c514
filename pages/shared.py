"""What several pages share: per-session defaults, cached models, and the run viewer.

Pages import this module; specviz/ stays free of Streamlit. Models are cached
with st.cache_resource (one read-only copy per process, shared by every
session); everything a user changes lives in st.session_state.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import streamlit as st

from specviz.engine.trace import RunRecord
from specviz.errors import SpecvizError
from specviz.models.loader import LoadedModel, convert, load_model, needs_conversion
from specviz.models.registry import DEFAULT_DRAFT, DEFAULT_TARGET, TINY_DRAFT, TINY_TARGET
from specviz.serving import faults
from specviz.serving.config import HostingConfig, load_config
from specviz.serving.queue import GenerationQueue, TurnStats
from specviz.text import LANGUAGES, glossary, literal, text
from specviz.viz import run_figures

ASSETS = Path(__file__).resolve().parents[1] / "assets"
MAX_RUNS_KEPT = 5  # finished runs kept per session; older ones are dropped

DEFAULTS = {
    "lang": "en",
    "draft": DEFAULT_DRAFT,
    "target": DEFAULT_TARGET,
    "k": 4,
    "schedule": "constant",
    "temperature": 0.0,
    "top_k": 0,
    "top_p": 1.0,
    "max_new_tokens": 48,
    "seed": 0,
    "chat": False,
    "prompt": "def fibonacci(n):\n    \"\"\"Return the n-th Fibonacci number.\"\"\"\n",
    "runs": [],  # finished runs of this session, newest last
    "baseline": None,  # the latest target-only run, for the measured budget
}


# Settings a teacher can put in a shared link, e.g. /live?lang=it&k=6&temperature=0.7
SHAREABLE = ("lang", "draft", "target", "k", "schedule", "temperature", "top_k", "top_p", "max_new_tokens", "seed")


@st.cache_resource(show_spinner=False)
def hosting() -> HostingConfig:
    """The host's settings (SPECVIZ_CONFIG and SPECVIZ_* variables), read once per server process."""
    return load_config()


@st.cache_resource(show_spinner=False)
def generation_queue() -> GenerationQueue:
    """One queue per server: every session's generations take turns on the shared models."""
    return GenerationQueue(hosting().generation_slots)


def bounds() -> dict[str, tuple[float, float]]:
    """The widgets' ranges, within the host's caps; a shared link's values outside them are ignored."""
    config = hosting()
    return {"k": (1, config.max_k), "temperature": (0.0, 2.0), "top_k": (0, 1000), "top_p": (0.05, 1.0),
            "max_new_tokens": (1, config.max_new_tokens), "seed": (0, 2**31 - 1)}


def leave_legacy_page_mode() -> None:
    """Make a deep link on a fresh server go through app.py's st.navigation.

    Until some session has run app.py, Streamlit treats a folder named pages/
    as the legacy auto-discovered page list and runs a deep-linked page file
    directly, with the wrong navigation. Turning that mode off and rerunning
    sends the request through app.py, whose st.navigation then resolves the URL.
    """
    from streamlit.runtime.pages_manager import PagesManager

    if getattr(PagesManager, "uses_pages_directory", False):
        PagesManager.uses_pages_directory = False
        st.rerun()


def init_state() -> None:
    """Set every per-session default once, in one place; a shared link's settings win on first load."""
    leave_legacy_page_mode()
    try:
        hosting()
    except SpecvizError as error:
        st.error(f"The server's configuration is invalid: {literal(error)}")
        st.stop()
    if "_initialised" not in st.session_state:
        st.session_state["_initialised"] = True
        for key in SHAREABLE:
            if key in st.query_params:
                value = _from_query(key, st.query_params[key])
                if value is not None:
                    st.session_state[key] = value
    for key, value in DEFAULTS.items():
        st.session_state.setdefault(key, list(value) if isinstance(value, list) else value)


def _from_query(key: str, raw: str):
    """A query value converted to the default's type; None (ignored) when it does not convert."""
    default = DEFAULTS[key]
    try:
        value = type(default)(raw) if not isinstance(default, str) else raw[:200]
    except (ValueError, OverflowError):
        return None
    limits = bounds().get(key)
    if limits is not None:
        low, high = limits
        return value if value == value and low <= value <= high else None  # value == value: not NaN
    return value if key != "lang" or value in LANGUAGES else None


def share_settings() -> None:
    """Write the current shareable settings into the URL, so copying it shares them."""
    for key in SHAREABLE:
        value = st.session_state.get(key)
        if value == DEFAULTS[key]:
            st.query_params.pop(key, None)
        elif value is not None:
            st.query_params[key] = str(value)


def tr(key: str) -> str:
    """The page text for `key` in the session's language."""
    return text(key, st.session_state.get("lang", "en"))


def term_help(term: str) -> str:
    """The glossary's definition of `term`, for a widget's help tooltip."""
    return glossary(term, st.session_state.get("lang", "en"))


def language_picker() -> None:
    st.sidebar.radio(tr("language"), list(LANGUAGES), format_func=LANGUAGES.get, key="lang", horizontal=True)


def use_tiny_pair() -> None:
    st.session_state["draft"], st.session_state["target"] = TINY_DRAFT, TINY_TARGET


@st.cache_resource(show_spinner=False, max_entries=4)
def cached_model(name: str, device: str = "auto", dtype: str = "auto", allow_remote: bool = False) -> LoadedModel:
    """One loaded copy of each model per server process, shared read-only by every session.

    A load that fails is not cached: the next attempt, by any session, tries again.
    """
    return load_model(name, device, dtype, allow_remote=allow_remote)


def load_with_progress(name: str) -> LoadedModel:
    """Load an allowed model through the shared cache; the slow first conversion shows a progress bar.

    Every failure (a damaged file, a wrong checksum, memory) becomes a SpecvizError
    with one line to show; the memory a failed load took is given back.
    """
    config = hosting()
    name = config.check_model(name)
    try:
        return _load(name, config.allow_hub_ids)
    except SpecvizError:
        raise
    except Exception as error:  # noqa: BLE001 - shown to the user, who can pick another model
        faults.free_memory()
        raise SpecvizError(f"could not load {name}: {faults.describe(error)}") from None


def _load(name: str, allow_remote: bool) -> LoadedModel:
    if needs_conversion(name):
        bar = st.progress(0.0, text=f"preparing {name} (first use: minutes on a CPU) …")

        def report(message: str, fraction: float) -> None:
            bar.progress(min(max(fraction, 0.0), 1.0), text=f"{name}: {message}")

        try:
            convert(name, report)
        finally:
            bar.empty()
    with st.spinner(f"loading {name} …"):
        return cached_model(name, allow_remote=allow_remote)


@contextmanager
def generation_turn() -> Iterator[TurnStats]:
    """Hold one of the server's generation slots for the block; while waiting, show the place in line.

    Each update of the waiting message is also where Streamlit stops this script
    when its tab closes or its user reruns: the place in line is then given up.
    """
    box = st.empty()
    language = st.session_state.get("lang", "en")

    def on_wait(position: int) -> None:
        box.info(text("queue.waiting", language).format(position=position))

    try:
        with generation_queue().turn(on_wait=on_wait, timeout_s=hosting().queue_timeout_s) as stats:
            box.empty()
            yield stats
    except TimeoutError as error:
        raise SpecvizError(f"the server is busy: {error}; try again in a minute") from None


def remember_run(record: RunRecord) -> None:
    runs = st.session_state["runs"]
    runs.append(record)
    del runs[:-MAX_RUNS_KEPT]


def example_prompts() -> dict[str, str]:
    """Example prompts from assets/prompts, labelled by set and first words."""
    examples = {}
    for path in sorted((ASSETS / "prompts").glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines()[:4]:
            item = json.loads(line)
            examples[f"{item['set']}: {item['prompt'][:48]}"] = item["prompt"]
    return examples


def show_run(record: RunRecord, key: str) -> None:
    """The whole run viewer: text by fate, totals, timeline, one cycle in detail, time split, download."""
    st.html(run_figures.token_spans(record))
    st.caption(tr("view.legend"))
    for column, (label, value) in zip(st.columns(5), run_figures.headline(record)):
        column.metric(label, value)
    if not record.cycles:
        return
    st.plotly_chart(run_figures.timeline_figure(record), key=f"{key}_timeline")
    chosen = st.select_slider(tr("view.inspect"), options=[c.index + 1 for c in record.cycles],
                              key=f"{key}_cycle") if len(record.cycles) > 1 else 1
    cycle = record.cycles[chosen - 1]
    where = f"rejection at position {cycle.accepted + 1}" if cycle.kind == "correction" else "no rejection"
    st.markdown(f"**Cycle {chosen}**: k = {cycle.k}, proposed {len(cycle.proposed)}, accepted "
                f"{cycle.accepted}, then a **{cycle.kind}** token ({where}).")
    if cycle.proposed:
        st.dataframe(run_figures.cycle_rows(cycle), hide_index=True, key=f"{key}_rows")
    figure = run_figures.rejection_figure(cycle)
    if figure is not None:
        st.plotly_chart(figure, key=f"{key}_rejection")
    st.plotly_chart(run_figures.timing_figure(record), key=f"{key}_timing")
    st.download_button(tr("view.download"), record.to_json(), file_name="specviz-run.json",
                       mime="application/json", key=f"{key}_download")
