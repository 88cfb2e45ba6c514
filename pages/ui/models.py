"""One loaded copy of each model per server process, shared read-only by every session."""

from __future__ import annotations

import streamlit as st

from pages.ui.hosting import hosting
from specviz.errors import SpecvizError
from specviz.models import fast
from specviz.models.loader import LoadedModel, convert, needs_conversion
from specviz.models.registry import REGISTRY
from specviz.serving import faults, preload


def cached_model(name: str, role: str, allow_remote: bool = False, laptop: bool = False) -> LoadedModel:
    """The model in the fastest exact configuration for its role (specviz/models/fast.py), or the
    laptop mode's int8 weights, loaded once per server.

    Streamlit keys its cache on the arguments as passed (a default left out and the same value
    given by name are two keys), so every caller goes through here and the cache sees one form.
    """
    return _cached_model(name, role, bool(allow_remote), bool(laptop))


# Each model may be loaded as a target and as a draft: an allowed model never evicts another.
@st.cache_resource(show_spinner=False, max_entries=2 * len(REGISTRY))
def _cached_model(name: str, role: str, allow_remote: bool, laptop: bool) -> LoadedModel:
    """A load that fails is not cached: the next attempt, by any session, tries again."""
    return fast.load_role(name, role, "auto", allow_remote=allow_remote, laptop=laptop)


def load_with_progress(name: str, role: str) -> LoadedModel:
    """Load an allowed model through the shared cache; the slow first conversion shows a progress bar.

    Every failure (a damaged file, a wrong checksum, memory) becomes a SpecvizError
    with one line to show; the memory a failed load took is given back.
    """
    config = hosting()
    name = config.check_model(name)
    try:
        return _load(name, role, config.allow_hub_ids, config.laptop)
    except SpecvizError:
        raise
    except Exception as error:  # noqa: BLE001 - shown to the user, who can pick another model
        faults.free_memory()
        raise SpecvizError(f"could not load {name}: {faults.describe(error)}") from None


def _load(name: str, role: str, allow_remote: bool, laptop: bool) -> LoadedModel:
    if needs_conversion(name):
        bar = st.progress(0.0, text=f"preparing {name} (first use: minutes on a CPU) …")

        def report(message: str, fraction: float) -> None:
            bar.progress(min(max(fraction, 0.0), 1.0), text=f"{name}: {message}")

        try:
            convert(name, report)
        finally:
            bar.empty()
    with st.spinner(f"loading {name} …"):
        return cached_model(name, role, allow_remote=allow_remote, laptop=laptop)


@st.cache_resource(show_spinner=False)
def preloading() -> preload.Preload | None:
    """The default pair, loaded once per server in the background when `specviz serve` asked for it."""
    config = hosting()
    if not (preload.enabled() and config.preload):
        return None
    job = preload.Preload(preload.default_pair(tuple(config.allowed_models)))
    job.start(lambda name, role: cached_model(name, role, laptop=config.laptop))
    return job
