"""Model pickers: the models this server offers, with pairs that cannot pair marked before anything loads.

The chosen names live in st.session_state["draft"] and ["target"] (shared links,
the tiny-pair button and the pages read them there); each picker is a selectbox
of the host's allowed models, plus a free-form name where the host allows
folders or hub ids.
"""

from __future__ import annotations

import streamlit as st

from pages.ui import models, session
from pages.ui.hosting import hosting
from pages.ui.session import tr
from specviz.engine.drafters import DRAFTERS
from specviz.errors import SpecvizError
from specviz.models.pairing import check_registry_pair
from specviz.text import LANGUAGES, number, text
from specviz.text import fill as fill_text

OTHER = "…"  # the selectbox option for a name typed by hand


def pairs(draft: str, target: str) -> bool:
    """Whether the two can pair as far as the registry tells (other names are checked once loaded)."""
    try:
        check_registry_pair(draft, target)
    except SpecvizError:
        return False
    return True


def _label(name: str, other_role_name: str, role: str, marks: bool, language: str) -> str:
    """A model's option as shown, in `language` (bound when drawn: Streamlit may call it outside the run)."""
    if name == OTHER:
        return text("pick.other", language)
    held = models.measured_gb(name, role)
    label = f"{name} · {number(held, language, 1)} GB" if held else name
    draft, target = (name, other_role_name) if role == "draft" else (other_role_name, name)
    if marks and not pairs(draft, target):
        label += " · " + fill_text("pick.cannot_pair", language, other=other_role_name)
    return label


def _partner(options: list[str], other: str, role: str) -> str:
    """The first offered model that pairs with the other role's model (else the first offered)."""
    fits = [name for name in options if pairs(*((name, other) if role == "draft" else (other, name)))]
    return (fits or options)[0]


def model_picker(role: str, label: str, help_text: str, where=st, prefix: str = "") -> str:
    """A selectbox for `role` ("draft" or "target") that keeps st.session_state[prefix + role] up to date; the name.

    `prefix`: a page with a pair of its own (the Exactness lab: "lab_") keeps it apart from the Live page's.
    """
    config = hosting()
    options = list(config.allowed_models) + ([OTHER] if config.allow_hub_ids or config.allow_local_folders else [])
    state = prefix + role
    current = st.session_state.get(state, "")
    pick_key, other_key = f"{state}_pick", f"{state}_other"
    # The canonical name may have changed elsewhere (a link, the tiny-pair button): show it.
    other_role = st.session_state.get(prefix + ("target" if role == "draft" else "draft"), "")
    wanted = current if current in options else OTHER if OTHER in options else _partner(options, other_role, role)
    if st.session_state.get(pick_key) != wanted:
        st.session_state[pick_key] = wanted
    if wanted != OTHER and current != wanted:  # a name this host does not offer (a link): what is shown is what runs
        st.session_state[state] = current = wanted
    if wanted == OTHER and st.session_state.get(other_key) != current:
        st.session_state[other_key] = current
    marks = prefix or not getattr(DRAFTERS.get(st.session_state.get("drafter", "model")), "across_vocabularies", False)
    language = session.lang()
    chosen = where.selectbox(label, options, key=pick_key, help=help_text, on_change=_picked, args=(state,),
                             format_func=lambda name: _label(name, other_role, role, bool(marks), language))
    if chosen == OTHER:
        where.text_input(tr("pick.name"), key=other_key, max_chars=200, on_change=_typed, args=(state,))
    return st.session_state[state]


def picked_name(picked, options: list[str]) -> str | None:
    """The option a picker's value stands for: the value itself, or the option whose label a browser sent back
    after the labels changed (a pairing mark added or removed: "name · 1.1 GB · cannot pair ..."); None if none."""
    if picked in options:
        return picked
    if not isinstance(picked, str):
        return None
    if OTHER in options and picked in {text("pick.other", language) for language in LANGUAGES}:
        return OTHER
    name = picked.split(" · ")[0]  # a model's name never holds " · ": the label starts with it
    return name if name in options else None


def _picked(state: str) -> None:
    """The user picked a model: it becomes the session's name for the role before the page runs again."""
    config = hosting()
    options = list(config.allowed_models) + ([OTHER] if config.allow_hub_ids or config.allow_local_folders else [])
    picked = picked_name(st.session_state[f"{state}_pick"], options)
    if picked is None:
        return  # nothing this picker offers: the session keeps its model
    st.session_state[f"{state}_pick"] = picked
    st.session_state[state] = st.session_state.get(f"{state}_other", "") if picked == OTHER else picked


def _typed(state: str) -> None:
    st.session_state[state] = st.session_state[f"{state}_other"].strip()
