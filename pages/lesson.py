"""Lesson: the article's ideas in order, each with a "show me" link, a question and an exercise."""

import streamlit as st

from pages.ui import session
from specviz.engine.trace import RunRecord, run_from_json
from specviz.lesson import STEPS
from specviz.settings import ASSETS
from specviz.viz import promise_table

session.init_state()
tr, fill = session.tr, session.fill
numbers = list(range(1, len(STEPS) + 1))
# The step lives in "lesson_at", which outlives a visit to another page (a widget's own state does not).
st.session_state.setdefault("lesson_at", 1)
linked = session.take_link("lesson_step", numbers)  # a teacher's link straight to one step
if linked is not None:
    st.session_state["lesson_at"] = linked
st.session_state["lesson_step"] = st.session_state["lesson_at"]


@st.cache_data(show_spinner=False)
def recorded(names: tuple[str, ...]) -> list[RunRecord]:
    """The shipped traces of these names, in order."""
    return [run_from_json((ASSETS / "seeds" / f"{name}.json").read_text(encoding="utf-8")) for name in names]


def move(by: int) -> None:
    st.session_state["lesson_at"] = min(max(st.session_state["lesson_at"] + by, 1), len(STEPS))


def chosen() -> None:
    st.session_state["lesson_at"] = st.session_state["lesson_step"]


# "Show me" drawn as a button a class can see from the back of the room.
st.html("""<style>
[data-testid="stMain"] a[data-testid="stPageLink-NavLink"] { background: #ff4b4b; border-radius: 0.5rem;
  padding: 0.35rem 1rem; width: fit-content; }
[data-testid="stMain"] a[data-testid="stPageLink-NavLink"] * { color: white; font-weight: 600; }
</style>""")
st.title(tr("lesson.title"))
st.caption(fill("lesson.caption", count=len(STEPS)))
say = session.labels()
st.selectbox(tr("lesson.step"), numbers, key="lesson_step", on_change=chosen,
             format_func=lambda n: f"{n} · {say(f'lesson.{STEPS[n - 1].name}.title')}")
number = st.session_state["lesson_step"]
step = STEPS[number - 1]

st.header(f"{number} · {tr(f'lesson.{step.name}.title')}")
st.markdown(tr(f"lesson.{step.name}.body"))
if step.seeds:  # recorded runs with one seed, side by side
    st.dataframe(promise_table.seed_rows(recorded(step.seeds), session.lang()), hide_index=True, key="lesson_seeds")
    st.caption(tr("lesson.seeds.caption"))
st.page_link(step.page, label=tr("lesson.show"), icon=":material/visibility:", help=tr("lesson.show_help"),
             query_params=session.link_query(step.link))
if step.also_page:
    st.page_link(step.also_page, label=tr(f"lesson.{step.name}.also"), icon=":material/visibility:",
                 help=tr("lesson.show_help"), query_params=session.link_query(step.also_link))
st.subheader(tr("lesson.question"))
st.info(tr(f"lesson.{step.name}.question"))
st.subheader(tr("lesson.exercise"))
st.markdown(tr(f"lesson.{step.name}.exercise"))
with st.expander(tr("lesson.solution")):
    st.markdown(tr(f"lesson.{step.name}.solution"))

buttons = st.columns([1.4, 1.4, 3])
buttons[0].button(tr("lesson.previous"), disabled=number <= 1, on_click=move, args=(-1,), key="lesson_previous")
buttons[1].button(tr("lesson.next"), disabled=number >= len(STEPS), on_click=move, args=(1,), key="lesson_next")
st.caption(fill("lesson.of", n=number, total=len(STEPS)))
