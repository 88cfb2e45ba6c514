"""App tests: the host's settings can be changed per test; the cached copies are cleared around it."""

from __future__ import annotations

import pytest


@pytest.fixture
def hosting(monkeypatch):
    """Call with SPECVIZ_* settings, e.g. hosting(ALLOW_LOCAL_FOLDERS="1"); they apply to the next AppTest run."""
    from pages.ui import hosting as shared

    def apply(**settings: str) -> None:
        for name, value in settings.items():
            monkeypatch.setenv(f"SPECVIZ_{name}", value)
        shared.hosting.clear()
        shared.generation_queue.clear()

    yield apply
    monkeypatch.undo()
    shared.hosting.clear()
    shared.generation_queue.clear()
