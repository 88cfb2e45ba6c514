"""Exactness lab: is the output really the target's distribution? Test it, and watch broken rules fail."""

from itertools import zip_longest

import streamlit as st

from pages.ui import hosting, jobs, models, numbers, pickers, session
from specviz.core.policy import SamplingPolicy
from specviz.engine import exactness
from specviz.engine.decoder import DecodeConfig
from specviz.errors import SpecvizError
from specviz.limits import EXACTNESS_RUNS
from specviz.models.pairing import check_registry_pair
from specviz.models.registry import TINY_DRAFT, TINY_TARGET
from specviz.text import literal
from specviz.viz import exactness_figures

SIGNIFICANCE = 1e-3

session.init_state()
if (linked := session.take_link("lab_rule", exactness.LAB_VARIANTS)) is not None:  # a lesson's "show me" link
    st.session_state["lab_rule"] = linked
if (linked := session.take_link("lab_runs")) is not None:
    st.session_state["lab_runs"] = linked // 100 * 100
tr, fill = session.tr, session.fill
host = hosting.hosting()
st.title(tr("exactness.title"))
st.caption(f"{tr('exactness.caption')} χ², α = {session.number(SIGNIFICANCE, 3)}.")
with st.expander(tr("exactness.plain_title"), expanded=True):
    st.markdown(tr("exactness.plain"))
# The lab's own pair: the tiny pair first (a 500-run test in seconds), the real pair one pick away.
st.session_state.setdefault("lab_draft", TINY_DRAFT)
st.session_state.setdefault("lab_target", TINY_TARGET)


def use_tiny_pair() -> None:
    st.session_state["lab_draft"], st.session_state["lab_target"] = TINY_DRAFT, TINY_TARGET


st.button(tr("exactness.tiny"), on_click=use_tiny_pair)
columns = st.columns(3)
pickers.model_picker("draft", tr("live.draft"), session.term_help("draft"), where=columns[0], prefix="lab_")
pickers.model_picker("target", tr("live.target"), session.term_help("target"), where=columns[0], prefix="lab_")
columns[0].caption(tr("exactness.pair_time"))
prompt = columns[1].text_input(tr("live.prompt"), "def f(x):", key="lab_prompt", max_chars=host.max_prompt_chars)
st.session_state.setdefault("lab_temperature", 1.0)
temperature = numbers.decimal_slider(columns[1], tr("exactness.temperature"), 0.1, 2.0, 0.05, key="lab_temperature")
top_k = columns[1].number_input(tr("exactness.top_k"), 0, 1000, 20, key="lab_top_k")
most_runs = max(EXACTNESS_RUNS.low, min(EXACTNESS_RUNS.high, host.max_mc_samples) // 100 * 100)
st.session_state["lab_runs"] = min(st.session_state.get("lab_runs", 500), most_runs)  # a link may ask for more
runs = columns[2].slider(tr("exactness.runs"), EXACTNESS_RUNS.low, most_runs, step=100, key="lab_runs")
variant = columns[2].radio(tr("exactness.rule"), list(exactness.LAB_VARIANTS), key="lab_rule",
                           format_func=session.labels("", "lab_rule", list(exactness.LAB_VARIANTS)))
two = columns[2].checkbox(tr("exactness.two"), key="lab_two")

jobs.keep_finished("lab_job", "lab_result")
if st.button(tr("exactness.run"), type="primary"):
    try:
        host.check_prompt(prompt)
        policy = SamplingPolicy(temperature, int(top_k), 1.0)
        check_registry_pair(host.check_model(st.session_state["lab_draft"]),
                            host.check_model(st.session_state["lab_target"]))
        target = models.load_with_progress(st.session_state["lab_target"], "target")
        draft = models.load_with_progress(st.session_state["lab_draft"], "draft")
        jobs.run_job(lambda: exactness.LabJob(target, draft, prompt, policy, runs, two, variant),
                     "lab_job", "lab_result", "exactness.progress", what="lab")
    except SpecvizError as error:
        st.error(f"{tr('exactness.cannot')}: {literal(error)}")

result = st.session_state.get("lab_result")
if result:
    st.subheader(f"{tr('exactness.result')} ({tr(result.variant)})")
    if not result.complete:
        st.warning(fill("exactness.stopped", done=result.runs_done, total=result.runs_asked))
    for scope, fits in (("first", result.first), ("pairs", result.pairs)):
        for fit in fits:
            verdict = tr("exactness.fits") if fit.p_value > SIGNIFICANCE else tr("exactness.misfits")
            (st.success if fit.p_value > SIGNIFICANCE else st.error)(fill(
                f"exactness.fit_{scope}", label=tr(f"exactness.label.{fit.label}"), statistic=fit.statistic,
                dof=fit.dof, p_value=fit.p_value, tv=fit.tv, verdict=verdict))
    session.chart(exactness_figures.overlay_figure(result.first, result.texts, lang=session.lang()),
                    key="lab_overlay")

st.subheader(tr("exactness.greedy"))
if st.button(tr("exactness.compare")):
    try:
        host.check_prompt(prompt)
        check_registry_pair(host.check_model(st.session_state["lab_draft"]),
                            host.check_model(st.session_state["lab_target"]))
        target = models.load_with_progress(st.session_state["lab_target"], "target")
        draft = models.load_with_progress(st.session_state["lab_draft"], "draft")
        with hosting.generation_turn("greedy-check"):
            check = exactness.greedy_check(target, draft, prompt, DecodeConfig(schedule="constant", k=4,
                                                                               max_new_tokens=32))
        st.session_state["lab_greedy"] = check
    except SpecvizError as error:
        st.error(f"{tr('exactness.cannot_compare')}: {literal(error)}")
check = st.session_state.get("lab_greedy")
if check:
    if check["equal"]:
        st.success(fill("exactness.identical_count", count=len(check["speculative"])))
    else:
        st.error(f"{tr('exactness.differ')} {check['first_difference'] + 1}.")
    pairs = list(zip_longest(check["speculative"], check["target_only"]))
    st.dataframe({tr("exactness.label.speculative"): [a for a, _ in pairs],
                  tr("exactness.label.target alone"): [b for _, b in pairs]}, hide_index=True)
