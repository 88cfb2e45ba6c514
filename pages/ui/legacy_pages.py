"""A workaround, isolated here: deep links on a fresh server must go through app.py's navigation.

Streamlit has no setting to turn off the first version of its multipage
support, which treats a folder named ``pages/`` beside the main script as an
auto-discovered page list. Until some session has run app.py (whose
``st.navigation`` turns that mode off for the process), a deep link such as
/live runs the page file directly, with the wrong navigation. This sets the
same class attribute that ``st.navigation`` sets, then reruns, so the request
goes through app.py. Checked by tests/browser/test_e2e.py
(a deep link on a fresh server) and tests/app/test_legacy_pages.py.
"""

from __future__ import annotations

import streamlit as st


def leave_legacy_page_mode() -> None:
    from streamlit.runtime.pages_manager import PagesManager

    if getattr(PagesManager, "uses_pages_directory", False):
        PagesManager.uses_pages_directory = False
        st.rerun()
