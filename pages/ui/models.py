"""One loaded copy of each model per server process, shared read-only by every session."""

from __future__ import annotations

import streamlit as st

from pages.ui.hosting import hosting
from specviz.errors import SpecvizError
from specviz.models import fast, memory, modes
from specviz.models.loader import LoadedModel, convert, needs_conversion
from specviz.models.registry import DEFAULT_DRAFT, DEFAULT_TARGET, REGISTRY
from specviz.serving import faults, preload
from specviz.text import fill


def pair_choice() -> modes.Choice:
    """How this server holds its pairs, chosen once: the fastest mode that fits its memory (or the host's choice)."""
    return _pair_choice(hosting().pair_mode)


@st.cache_resource(show_spinner=False)
def _pair_choice(asked: str) -> modes.Choice:
    return modes.choose(DEFAULT_DRAFT, DEFAULT_TARGET, asked, "server")


def registry_pair(draft: str, target: str) -> bool:
    """Whether the memory plan's measurements cover this pair: registry models with weights (not the tiny pair)."""
    return all(REGISTRY.get(name) is not None and REGISTRY[name].source is not None for name in (draft, target))


def measured_gb(name: str, role: str) -> float | None:
    """GB the model holds once loaded for `role` in this server's mode, as measured (None if it was not)."""
    entry, mode = REGISTRY.get(name), pair_choice().mode
    found = memory.measured(name, mode.target_kind() if role == "target" else mode.draft_dtype) if entry else None
    return found.held / memory.GB if found else None


def cached_model(name: str, role: str, allow_remote: bool = False, progress=None) -> LoadedModel:
    """The model in this server's mode for its role (specviz/models/modes.py), loaded once per server.

    Streamlit keys its cache on the arguments as passed (a default left out and the same value
    given by name are two keys), so every caller goes through here and the cache sees one form.
    `progress` (not part of the key) hears what a load waits for.
    """
    return _cached_model(name, role, bool(allow_remote), pair_choice().mode.name, progress)


# Each model may be loaded as a target and as a draft: an allowed model never evicts another.
@st.cache_resource(show_spinner=False, max_entries=2 * len(REGISTRY))
def _cached_model(name: str, role: str, allow_remote: bool, mode: str, _progress=None) -> LoadedModel:
    """A load that fails is not cached: the next attempt, by any session, tries again."""
    return fast.load_role(name, role, "auto", _progress, allow_remote=allow_remote, mode=modes.BY_NAME[mode])


def load_with_progress(name: str, role: str) -> LoadedModel:
    """Load an allowed model through the shared cache; the slow first conversion shows a progress bar.

    Every failure (a damaged file, a wrong checksum, memory) becomes a SpecvizError
    with one line to show; the memory a failed load took is given back.
    """
    config = hosting()
    name = config.check_model(name)
    try:
        return _load(name, role, config.allow_hub_ids)
    except SpecvizError:
        raise
    except Exception as error:  # shown to the user, who can pick another model
        faults.free_memory()
        raise SpecvizError(f"could not load {name}: {faults.describe(error)}") from None


def _load(name: str, role: str, allow_remote: bool) -> LoadedModel:
    language = st.session_state.get("lang", "en")
    if needs_conversion(name):
        bar = st.progress(0.0, text=fill("load.preparing", language, model=name))

        def report(message: str, fraction: float) -> None:  # the steps' own words stay in the server's log
            bar.progress(min(max(fraction, 0.0), 1.0), text=fill("load.preparing", language, model=name))

        try:
            convert(name, report)
        finally:
            bar.empty()
    notice = st.empty()

    def waiting(message: str, fraction: float) -> None:
        """What the memory plan makes this load wait for, in the page's language."""
        if message.startswith("waiting for memory"):
            others = ", ".join(fill(f"memory.{r.action}", language, model=r.model) for r in memory.waiting_for())
            notice.info(fill("load.waiting", language, model=name, others=others or "…"))

    try:
        with st.spinner(fill("load.loading", language, model=name)):
            return cached_model(name, role, allow_remote=allow_remote, progress=waiting)
    finally:
        notice.empty()


@st.cache_resource(show_spinner=False)
def preloading() -> preload.Preload | None:
    """The default pair, loaded once per server in the background when `specviz serve` asked for it."""
    config = hosting()
    if not (preload.enabled() and config.preload):
        return None
    job = preload.Preload(preload.default_pair(tuple(config.allowed_models)))
    job.start(lambda name, role, progress: cached_model(name, role, progress=progress))
    return job
