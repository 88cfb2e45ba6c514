"""The Lesson page through the whole app (AppTest): every step, and every "show me" link opening its view."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import parse_qsl

import pytest
from streamlit.testing.v1 import AppTest

from specviz.lesson import STEPS
from specviz.text import text

APP = Path(__file__).resolve().parents[2] / "app.py"


def open_app(lang: str) -> AppTest:
    at = AppTest.from_file(str(APP), default_timeout=120)
    at.session_state["lang"] = lang
    return at.run()


def show_me(at: AppTest) -> tuple[str, dict[str, str]]:
    """The page file and query of the step's "show me" link, as the browser would follow it."""
    link = next(e.proto for e in at.get("page_link") if e.proto.label == text("lesson.show", at.session_state["lang"]))
    return f"pages/{link.page}.py", dict(parse_qsl(link.query_string))


def follow(at: AppTest, page: str, query: dict[str, str]) -> AppTest:
    at.query_params.clear()
    at.query_params.update(query)
    at.switch_page(page)
    return at.run()


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_lesson_opens_first_and_next_walks_every_step(lang):
    at = open_app(lang)
    assert not at.exception
    assert at.title[0].value == text("lesson.title", lang)
    for number, step in enumerate(STEPS, start=1):
        assert at.header[0].value == f"{number} · {text(f'lesson.{step.name}.title', lang)}"
        assert at.info[0].value == text(f"lesson.{step.name}.question", lang)
        assert text(f"lesson.{step.name}.solution", lang) in [m.value for m in at.expander[0].markdown]
        page, query = show_me(at)
        assert page == step.page and query["lang"] == lang
        assert {k: query[k] for k, _ in step.link} == dict(step.link)
        next_button = next(b for b in at.button if b.key == "lesson_next")
        if number < len(STEPS):
            at = next_button.click().run()
        else:
            assert next_button.disabled


def step_page(lang: str, name: str) -> AppTest:
    """The app after choosing step `name` and following its "show me" link."""
    at = open_app(lang)
    at.session_state["lesson_at"] = next(n for n, s in enumerate(STEPS, start=1) if s.name == name)
    at.run()
    at = follow(at, *show_me(at))
    assert not at.exception
    return at


def test_the_tokenizers_step_also_opens_a_run_drafted_across_vocabularies():
    at = open_app("it")
    at.session_state["lesson_at"] = next(n for n, s in enumerate(STEPS, start=1) if s.name == "tokenizers")
    at.run()
    link = next(e.proto for e in at.get("page_link") if e.proto.label == text("lesson.tokenizers.also", "it"))
    at = follow(at, f"pages/{link.page}.py", dict(parse_qsl(link.query_string)))
    assert not at.exception
    assert at.session_state["replay_example"] == "smollm2-tli-italian"
    tli_box = text("view.drafter_tli", "it").split("{")[0]
    assert any(box.value.startswith(tli_box) for box in at.info)  # the run's intersection and outside mass


@pytest.mark.parametrize("name", ["why", "cycle", "rule", "cache"])
def test_show_me_opens_the_trace_at_the_cycle_and_frame_of_the_step(name):
    link = dict(next(s for s in STEPS if s.name == name).link)
    at = step_page("it", name)
    assert at.session_state["replay_example"] == link["replay_example"]
    assert at.session_state["replay_cycle"] == int(link["replay_cycle"])
    frame = int(link["replay_frame"])
    assert f"**{text(f'frame.{frame}.title', 'it')}** ({frame}/5)" in [m.value for m in at.markdown]


def test_show_me_applies_a_preset_again_on_a_second_click():
    at = step_page("en", "example")
    assert [at.session_state[f"toy_q_{i}"] for i in range(3)] == [0.7, 0.2, 0.1]
    at.session_state["toy_q_0"] = 0.3  # the student changes q, goes back to the lesson, clicks again
    at.run()
    at.query_params.clear()
    at.switch_page("pages/lesson.py").run()
    at = follow(at, *show_me(at))
    assert at.session_state["toy_q_0"] == 0.7


def test_show_me_opens_the_budget_the_sampling_policy_and_the_lab_as_the_step_says():
    assert step_page("it", "budget").metric[1].value == "19,04"
    assert step_page("en", "sampling").session_state["policy_top_k"] == 2
    lab = step_page("en", "promise")
    assert lab.session_state["lab_rule"] == "exactness.variant.exact"
    assert (lab.session_state["lab_draft"], lab.session_state["lab_target"]) == ("tiny-draft", "tiny-target")


def test_a_teacher_can_link_straight_to_one_step():
    at = AppTest.from_file(str(APP), default_timeout=120)
    at.query_params["lesson_step"] = "9"
    at.query_params["lang"] = "it"
    at.run()
    assert at.header[0].value.startswith("9 · ") and "budget" in at.header[0].value.lower()
