"""The Live page and the memory plan: the chosen mode in a line, measured sizes in the pickers, refusals in words."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from specviz.models import fast, memory
from specviz.models.memory import GB, Limit, MemoryRefused

PAGE = str(Path(__file__).resolve().parents[2] / "pages" / "live.py")


@pytest.fixture
def forced(monkeypatch):
    """The server's mode forced by the host (SPECVIZ_MODE), the cached choice and settings read again."""
    from pages.ui.hosting import hosting

    def force(mode: str):
        monkeypatch.setenv("SPECVIZ_MODE", mode)
        hosting.clear()

    yield force
    monkeypatch.delenv("SPECVIZ_MODE", raising=False)
    hosting.clear()


def page(lang: str = "en", **state) -> AppTest:
    at = AppTest.from_file(PAGE, default_timeout=60)
    at.session_state["lang"] = lang
    for key, value in state.items():
        at.session_state[key] = value
    return at.run()


@pytest.mark.parametrize("lang, line", [
    ("en", "Memory: float32 with one weight layout, chosen by the host; the pair needs about 8.6 GB"),
    ("it", "Memoria: float32 con un solo layout dei pesi, scelta da chi ospita l'app; al suo picco la coppia "
           "richiede circa 8,6 GB")])
def test_the_live_page_names_the_servers_mode_and_its_measured_need(forced, lang, line):
    forced("one-layout")
    at = page(lang)
    assert not at.exception
    assert any(c.value.startswith(line) for c in at.caption), [c.value for c in at.caption]


def test_the_pickers_show_what_each_model_holds_in_this_mode_as_measured(forced):
    forced("laptop")
    at = page("it")
    labels = [s.options for s in at.selectbox if s.key and s.key.endswith("_pick")]
    held = memory.measured("qwen2.5-coder-1.5b", "int8-weights").held / GB
    shown = f"{held:.1f}".replace(".", ",")  # the Italian decimal comma
    assert any(f"qwen2.5-coder-1.5b · {shown} GB" in option
               for options in labels for option in options)


def test_the_tiny_pair_has_no_memory_line():
    at = page(draft="tiny-draft", target="tiny-target")
    assert not any(c.value.startswith("Memory:") for c in at.caption)


@pytest.mark.parametrize("lang, words", [("en", "not enough memory for loading tiny-target: it needs about 9.0 GB"),
                                         ("it", "memoria insufficiente per il caricamento di tiny-target: al suo "
                                                "picco servono circa 9,0 GB")])
def test_a_load_the_plan_refuses_is_one_sentence_in_the_pages_language(monkeypatch, lang, words):
    def refuse(name, *args, **kwargs):
        raise MemoryRefused("loading", name, 9 * GB, 2 * GB, Limit(8 * GB, "cgroup v1"))

    monkeypatch.setattr(fast, "load_role", refuse)
    from pages.ui import models

    models._cached_model.clear()
    at = page(lang, draft="tiny-draft", target="tiny-target", prompt="Il gatto")
    next(b for b in at.button if b.label in ("Run", "Esegui")).click().run()
    models._cached_model.clear()
    assert not at.exception
    assert len(at.error) == 1 and words in at.error[0].value
