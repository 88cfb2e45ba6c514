"""Exactness lab: is the output really the target's distribution? Test it, and watch broken rules fail."""

from itertools import zip_longest

import streamlit as st

from pages import shared
from specviz.core.policy import SamplingPolicy
from specviz.engine import exactness
from specviz.engine.decoder import DecodeConfig, Decoder
from specviz.errors import SpecvizError
from specviz.text import literal
from specviz.viz import exactness_figures

MAX_RUNS = 2000
SIGNIFICANCE = 1e-3
RULES = {
    "exact rule": {},
    "broken: naive correction (resample from p)": {"rule": "naive"},
    "broken: draft proposes greedily but reports its sampling q": {"draft_mode": "greedy-mismatch"},
}

shared.init_state()
tr = shared.tr
st.title(tr("exactness.title"))
st.caption(f"{tr('exactness.caption')} χ², α = {SIGNIFICANCE}.")
st.button(tr("exactness.tiny"), on_click=shared.use_tiny_pair)
columns = st.columns(3)
columns[0].text_input("Draft", key="draft")
columns[0].text_input("Target", key="target")
prompt = columns[1].text_input("Prompt", "def f(x):", key="lab_prompt", max_chars=shared.hosting().max_prompt_chars)
temperature = columns[1].slider("Temperature", 0.1, 2.0, 1.0, 0.05, key="lab_temperature")
top_k = columns[1].number_input("Top-k (0 = off; ≤ 64 to test two tokens)", 0, 1000, 20, key="lab_top_k")
most_runs = max(100, min(MAX_RUNS, shared.hosting().max_mc_samples) // 100 * 100)
runs = columns[2].slider(tr("exactness.runs"), 100, most_runs, min(500, most_runs), step=100, key="lab_runs")
rule = columns[2].radio(tr("exactness.rule"), list(RULES), key="lab_rule")
two = columns[2].checkbox(tr("exactness.two"), key="lab_two")

if st.button(tr("exactness.run"), type="primary"):
    try:
        shared.hosting().check_prompt(prompt)
        policy = SamplingPolicy(temperature, int(top_k), 1.0)
        target = shared.load_with_progress(st.session_state["target"])
        draft = shared.load_with_progress(st.session_state["draft"])
        config = DecodeConfig(policy=policy, k=2, **RULES[rule])
        speculative, alone = Decoder(target, draft, config), Decoder(target, None, config)
        prompt_ids = speculative.encode(prompt)
        first = exactness.exact_first(speculative, prompt_ids)
        second = exactness.exact_pairs(speculative, prompt_ids, first) if two else None
        tokens = 2 if two else 1
        with shared.generation_turn(), st.spinner(f"{runs} speculative and {runs} target-only runs …"):
            spec_out = exactness.sample_first_tokens(speculative, prompt, runs, tokens=tokens)
            alone_out = exactness.sample_first_tokens(alone, prompt, runs, tokens=tokens)
        result = {"first": [exactness.fit_first("speculative", spec_out, first),
                            exactness.fit_first("target alone", alone_out, first)],
                  "texts": {int(i): target.tokenizer.decode([int(i)]) for i in first.topk(20).indices}}
        if two:
            result["pairs"] = [exactness.fit_pairs("speculative", spec_out, first, second),
                               exactness.fit_pairs("target alone", alone_out, first, second)]
        result["rule"] = rule
        st.session_state["lab_result"] = result
    except SpecvizError as error:
        st.error(f"{tr('exactness.cannot')}: {literal(error)}")

result = st.session_state.get("lab_result")
if result:
    st.subheader(f"{tr('exactness.result')} ({result['rule']})")
    for scope in ("first", "pairs"):
        for fit in result.get(scope, []):
            verdict = tr("exactness.fits") if fit.p_value > SIGNIFICANCE else tr("exactness.misfits")
            what = "first token" if scope == "first" else "first two tokens jointly"
            (st.success if fit.p_value > SIGNIFICANCE else st.error)(
                f"{fit.label}, {what}: χ² = {fit.statistic:.1f} with {fit.dof} degrees of freedom, "
                f"p-value {fit.p_value:.3g}, total variation {fit.tv:.3f}: {verdict}.")
    st.plotly_chart(exactness_figures.overlay_figure(result["first"], result["texts"]), key="lab_overlay")

st.subheader(tr("exactness.greedy"))
if st.button(tr("exactness.compare")):
    try:
        shared.hosting().check_prompt(prompt)
        target = shared.load_with_progress(st.session_state["target"])
        draft = shared.load_with_progress(st.session_state["draft"])
        with shared.generation_turn():
            check = exactness.greedy_check(target, draft, prompt, DecodeConfig(k=4, max_new_tokens=32))
        st.session_state["lab_greedy"] = check
    except SpecvizError as error:
        st.error(f"Cannot compare: {literal(error)}")
check = st.session_state.get("lab_greedy")
if check:
    if check["equal"]:
        st.success(f"{tr('exactness.identical')}: {len(check['speculative'])} tokens.")
    else:
        st.error(f"{tr('exactness.differ')} {check['first_difference'] + 1}.")
    pairs = list(zip_longest(check["speculative"], check["target_only"]))
    st.dataframe({"speculative": [a for a, _ in pairs], "target alone": [b for _, b in pairs]}, hide_index=True)
