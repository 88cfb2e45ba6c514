"""Per-session state, set up in one place: defaults, a shared link's settings, the language.

Everything a user changes lives in st.session_state; the defaults and the
checks of a shared link's values are pure functions in specviz/settings.py.
"""

from __future__ import annotations

import json
from collections.abc import Callable

import streamlit as st
import streamlit.components.v1 as components

from pages.ui.hosting import hosting, ranges
from pages.ui.legacy_pages import leave_legacy_page_mode
from specviz.engine.trace import RunRecord
from specviz.errors import SpecvizError
from specviz.models.registry import TINY_DRAFT, TINY_TARGET
from specviz.settings import DEFAULTS, LINK_NONCE, SHAREABLE, VIEW_LINKS, from_query, initial_pair, view_link_value
from specviz.text import LANGUAGES, glossary, literal, text
from specviz.text import fill as fill_text
from specviz.text import number as number_text

MAX_RUNS_KEPT = 5  # finished runs kept per session; older ones are dropped


def init_state() -> None:
    """Set every per-session default once; a shared link's settings win on first load."""
    leave_legacy_page_mode()
    try:
        hosting()
    except SpecvizError as error:
        st.error(f"The server's configuration is invalid: {literal(error)}")
        st.stop()
    draft, target = initial_pair(tuple(hosting().allowed_models))  # what this host offers, not a fixed pair
    st.session_state.setdefault("draft", draft)
    st.session_state.setdefault("target", target)
    follow_link()
    for key, value in DEFAULTS.items():
        st.session_state.setdefault(key, list(value) if isinstance(value, list) else value)


def follow_link() -> None:
    """Apply the settings a link carries, once per link: a shared link on first load, a "show me" link on a click.

    Shareable settings go straight into the session; a view's own settings wait in
    `_linked` until its page takes them (`take_link`), as only that page knows its choices.
    """
    link = {key: st.query_params[key] for key in st.query_params}
    seen = tuple(sorted(link.items()))
    if st.session_state.get("_link_seen") == seen:
        return  # this link was applied already: the user's later changes win
    st.session_state["_link_seen"] = seen
    allowed = ranges()
    for key in SHAREABLE:
        if key in link and (value := from_query(key, link[key], allowed)) is not None:
            st.session_state[key] = value
    pending = st.session_state.setdefault("_linked", {})
    for key in VIEW_LINKS:
        if key in link and (value := view_link_value(key, link[key])) is not None:
            pending[key] = value


def link_query(settings: tuple[tuple[str, str], ...] = ()) -> dict[str, str]:
    """The query of an in-app link: `settings`, the language, and a fresh nonce, so a second click applies it again."""
    st.session_state["_link_nonce"] = st.session_state.get("_link_nonce", 0) + 1
    return {**dict(settings), "lang": lang(), LINK_NONCE: str(st.session_state["_link_nonce"])}


# Scrolls the page (this script runs in a component's frame, on the app's own origin) to the mark a link named and
# outlines the block after it for a few seconds; it waits for the mark, which may be drawn after the component.
FOCUS_SCRIPT = """<script>
const name = %s;
let tries = 0;
function land() {
  const mark = window.parent.document.getElementById("sv-focus-" + name);
  if (!mark) { if (++tries < 100) setTimeout(land, 100); return; }
  mark.scrollIntoView({block: "start"});
  let shown = mark.closest('[data-testid="stElementContainer"]');
  do { shown = shown ? shown.nextElementSibling : null; }  // past this script's own (empty) frame
  while (shown && (shown.querySelector("iframe") || shown.offsetHeight === 0));
  if (shown) {
    shown.style.outline = "4px solid #f4a300";
    shown.style.outlineOffset = "6px";
    setTimeout(() => { shown.style.outline = ""; }, 4000);
  }
}
land();
</script>"""


def focus_here(name: str) -> None:
    """Mark this place as `name`; when a link (a lesson's "show me") asked for it, scroll here and outline it."""
    st.html(f'<div id="sv-focus-{name}" class="sv-focus" style="scroll-margin-top:70px"></div>')  # under the top bar
    linked = st.session_state.get("_linked", {})
    if linked.get("focus") == name:
        del linked["focus"]  # taken once: the next rerun leaves the reader where they scrolled
        components.html(FOCUS_SCRIPT % json.dumps(name), height=0)


def take_link(key: str, choices=None):
    """The value a link just gave the view setting `key` (None if none, or not among `choices`); taken once."""
    value = st.session_state.get("_linked", {}).pop(key, None)
    return value if choices is None or value in choices else None


def share_settings() -> None:
    """Write the current shareable settings into the URL, so copying it shares them."""
    for key in SHAREABLE:
        value = st.session_state.get(key)
        if value == DEFAULTS[key]:
            st.query_params.pop(key, None)
        elif value is not None:
            st.query_params[key] = str(value)
    # What the app writes itself is no new link: only a link the user follows applies its settings.
    st.session_state["_link_seen"] = tuple(sorted((key, st.query_params[key]) for key in st.query_params))


def tr(key: str) -> str:
    """The page text for `key` in the session's language."""
    return text(key, st.session_state.get("lang", "en"))


def fill(key: str, **fields) -> str:
    """The page text for `key` with its fields filled in, numbers written the session language's way."""
    return fill_text(key, lang(), **fields)


def lang() -> str:
    """The session's language: "en" or "it"."""
    return st.session_state.get("lang", "en")


def number(value: float, digits: int = 2) -> str:
    """`value` with `digits` decimals as the session's language writes it (Italian: a decimal comma)."""
    return number_text(float(value), lang(), digits)


def integer(value: int) -> str:
    """`value` with its thousands grouped as the session's language writes them (Italian: 262.144)."""
    return number_text(int(value), lang())


PRESENTED_FONT = 18  # chart text in presentation mode (Plotly's default is 12)


def chart(figure, key: str, where=None) -> None:
    """Draw a Plotly figure with the session language's number separators (Italian: 0,25 and 1.000); in
    presentation mode its text is larger and the chart taller, to be read from the back of a room."""
    figure.update_layout(separators=",." if lang() == "it" else ".,")
    if presenting():
        figure.update_layout(font_size=PRESENTED_FONT, title_font_size=PRESENTED_FONT + 4,
                             legend_font_size=PRESENTED_FONT, height=int((figure.layout.height or 450) * 1.25))
        # Streamlit's chart theme sets the axes' own sizes: set them too.
        for axes in (figure.update_xaxes, figure.update_yaxes):
            axes(tickfont_size=PRESENTED_FONT - 2, title_font_size=PRESENTED_FONT)
    (where or st).plotly_chart(figure, key=key)


def labels(prefix: str = "", key: str | None = None, options=()) -> Callable[[str], str]:
    """`tr` bound to the language of this script run: a widget's format_func, which Streamlit may
    call again outside the run (when the session state is not at hand). An option is looked up as
    `prefix` + its value.

    With the widget's `key` and `options`, its stored value is kept a value: after a change of
    language the browser may send back the label it showed in the other language ('Article example'),
    which is turned back into its option here (or the first option), before the widget is drawn.
    """
    language = st.session_state.get("lang", "en")
    if key is not None:
        mend_choice(key, options, prefix)
    return lambda option: text(prefix + option, language)


def mend_choice(key: str, options, prefix: str = "") -> bool:
    """Turn a label stored under `key` (either language) back into its option (else the first); True if it did.

    A change of language can make the browser send back the label it showed, and Streamlit then calls the
    widget's on_change as if the user had chosen: a callback asks here first, and does nothing on True.
    """
    if key not in st.session_state or st.session_state[key] in options:
        return False
    shown = {text(prefix + option, other): option for option in options for other in LANGUAGES}
    st.session_state[key] = shown.get(st.session_state[key], options[0] if options else None)
    return True


def term_help(term: str) -> str:
    """The glossary's definition of `term`, for a widget's help tooltip."""
    return glossary(term, st.session_state.get("lang", "en"))


def language_picker() -> None:
    st.sidebar.radio(tr("language"), list(LANGUAGES), format_func=LANGUAGES.get, key="lang", horizontal=True)
    st.sidebar.toggle(tr("view.presentation"), key="presentation", help=tr("view.presentation_help"))
    if st.session_state.get("presentation"):
        st.html(f"<style>{PRESENTATION_CSS}</style>")


# Projector mode: larger text everywhere, nothing cut short (labels wrap instead of ending in "…"); charts grow in
# `chart`; the token views also drop discarded tokens and use stronger colours.
PRESENTATION_CSS = """
[data-testid="stMain"] p, [data-testid="stMain"] li, [data-testid="stMarkdownContainer"] { font-size: 1.2rem; }
[data-testid="stMain"] h1 { font-size: 2.6rem; }
[data-testid="stMetricValue"], [data-testid="stMetricValue"] * {
  font-size: 2.6rem !important; overflow: visible !important; text-overflow: clip !important; }
[data-testid="stMetricLabel"] p { font-size: 1.15rem; }
[data-testid="stMetricLabel"] *, [data-testid="stMain"] button p, [data-testid="stWidgetLabel"] * {
  white-space: normal !important; overflow: visible !important; text-overflow: clip !important; }
[data-testid="stMain"] [data-testid="stDataFrame"], [data-testid="stMain"] [data-testid="stTable"] {
  font-size: 1.15rem; }
.sv-tokens { font-size: 1.45rem; }
[data-testid="stSidebarNav"] span { white-space: normal !important; overflow: visible !important; }
"""


def presenting() -> bool:
    return bool(st.session_state.get("presentation"))


def use_tiny_pair() -> None:
    st.session_state["draft"], st.session_state["target"] = TINY_DRAFT, TINY_TARGET


def remember_run(record: RunRecord) -> None:
    runs = st.session_state["runs"]
    runs.append(record)
    del runs[:-MAX_RUNS_KEPT]
