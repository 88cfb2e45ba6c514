"""The one Streamlit workaround (pages/ui/legacy_pages.py) does what it says, and still has something to act on.

The browser test (tests/browser/test_e2e.py) checks the outcome a user sees: a
deep link on a fresh server gets the app's navigation.
"""

from streamlit.runtime.pages_manager import PagesManager

from pages.ui import legacy_pages


def test_streamlit_still_has_the_flag_the_workaround_sets():
    # If a Streamlit upgrade drops the first multipage mode, this fails and the workaround can go.
    assert hasattr(PagesManager, "uses_pages_directory")


def test_legacy_mode_is_left_once_with_one_rerun(monkeypatch):
    reruns = []
    monkeypatch.setattr(PagesManager, "uses_pages_directory", True)
    monkeypatch.setattr(legacy_pages.st, "rerun", lambda: reruns.append(1))
    legacy_pages.leave_legacy_page_mode()
    assert PagesManager.uses_pages_directory is False and reruns == [1]
    legacy_pages.leave_legacy_page_mode()  # already left: nothing more happens
    assert reruns == [1]
