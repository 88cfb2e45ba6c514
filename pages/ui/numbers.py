"""Number widgets that write decimals the page's way (Italian: 0,25), which Streamlit's own cannot.

Streamlit formats a slider or number box with sprintf, always with a decimal
point. A decimal slider here is a select slider over the same grid of values,
each shown by the language; a decimal box is a text box that reads "0,25" and
"0.25" alike. Both keep the number itself (a float) under the caller's key, so
links, defaults and "use my run" buttons set it as before.
"""

from __future__ import annotations

import streamlit as st

from pages.ui import session


def grid(low: float, high: float, step: float) -> list[float]:
    """Every value from `low` to `high` by `step`, rounded so that 0.1 + 0.2 lands on 0.3."""
    count = int(round((high - low) / step))
    return [round(low + i * step, 6) for i in range(count + 1)]


def snapped(value: float, values: list[float]) -> float:
    """The grid value nearest `value` (a link or a run may carry one between two steps)."""
    return min(values, key=lambda v: abs(v - value))


def decimal_slider(place, label: str, low: float, high: float, step: float, key: str, help: str | None = None,
                   digits: int = 2) -> float:
    """A slider of decimals from `low` to `high`, each written as the page's language writes it."""
    values = grid(low, high, step)
    if key in st.session_state:
        st.session_state[key] = snapped(float(st.session_state[key]), values)
    return place.select_slider(label, options=values, key=key, help=help,
                               format_func=lambda value: session.number(value, digits))


def parsed(typed: str) -> float | None:
    """The number in `typed`, with a decimal comma or point ("0,25", "0.25", "1.000,5", "1,000.5"); None if none."""
    cleaned = typed.strip().replace(" ", "").replace("\u00a0", "")
    if "," in cleaned and "." in cleaned:  # both: the later one is the decimal mark, the other groups thousands
        grouping = "." if cleaned.rfind(",") > cleaned.rfind(".") else ","
        cleaned = cleaned.replace(grouping, "")
    try:
        return float(cleaned.replace(",", "."))
    except ValueError:
        return None


def _read_box(key: str, low: float, high: float) -> None:
    """Keep what was typed in the box when it is a number in range; otherwise note it and keep the last value."""
    typed = st.session_state[f"{key}__typed"]
    value = parsed(typed)
    if value is None or not low <= value <= high:
        st.session_state[f"{key}__refused"] = typed
        return
    st.session_state[key] = value
    st.session_state.pop(f"{key}__refused", None)


def decimal_box(place, label: str, low: float, high: float, key: str, digits: int = 2,
                help: str | None = None) -> float:
    """A box for a decimal from `low` to `high`, shown and read the language's way; a bad entry keeps the value."""
    value = float(st.session_state[key])
    box = f"{key}__typed"
    st.session_state[box] = session.number(value, digits)  # as the language writes it, whoever set it last
    place.text_input(label, key=box, help=help, on_change=_read_box, args=(key, low, high))
    if (refused := st.session_state.pop(f"{key}__refused", None)) is not None:
        place.error(session.fill("numbers.refused", typed=refused, low=session.number(low, digits),
                                 high=session.number(high, digits), kept=session.number(value, digits)))
    return value
