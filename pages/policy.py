"""Sampling policy: temperature, top-k and top-p shape both p and q, and what breaks when only one is shaped."""

import streamlit as st

from pages.ui import numbers, session
from specviz.core.policy import SamplingPolicy
from specviz.core.policy_cases import policy_view
from specviz.viz import policy_figures

NAMES = ["A", "B", "C", "D", "E", "F"]
TARGET_LOGITS = [2.0, 1.5, 1.0, 0.2, -0.5, -1.0]  # a target fairly sure of A
DRAFT_LOGITS = [1.6, 1.9, 0.4, 0.6, -0.2, -1.5]  # a draft that prefers B

session.init_state()
for key in ("policy_temperature", "policy_top_k", "policy_top_p"):  # a lesson's "show me" link
    if (linked := session.take_link(key)) is not None:
        st.session_state[key] = linked
tr, fill = session.tr, session.fill
st.title(tr("policy.title"))
st.caption(tr("policy.caption"))
columns = st.columns(3)
for key, value in (("policy_temperature", 1.0), ("policy_top_k", 2), ("policy_top_p", 1.0)):
    st.session_state.setdefault(key, value)
temperature = numbers.decimal_slider(columns[0], tr("exactness.temperature"), 0.1, 2.0, 0.05, key="policy_temperature")
top_k = columns[1].slider(tr("live.top_k"), 0, len(NAMES), key="policy_top_k")
top_p = numbers.decimal_slider(columns[2], tr("live.top_p"), 0.05, 1.0, 0.05, key="policy_top_p")
with st.expander(tr("policy.logits")):
    logit_columns = st.columns(len(NAMES))
    for name, p_logit, q_logit in zip(NAMES, TARGET_LOGITS, DRAFT_LOGITS):
        st.session_state.setdefault(f"policy_p_{name}", p_logit)
        st.session_state.setdefault(f"policy_q_{name}", q_logit)
    target_logits = [numbers.decimal_box(column, f"{tr('policy.target_logit')} {name}", -10.0, 10.0,
                                         key=f"policy_p_{name}", digits=1)
                     for column, name in zip(logit_columns, NAMES)]
    draft_logits = [numbers.decimal_box(column, f"{tr('policy.draft_logit')} {name}", -10.0, 10.0,
                                        key=f"policy_q_{name}", digits=1)
                    for column, name in zip(logit_columns, NAMES)]

view = policy_view(target_logits, draft_logits, SamplingPolicy(temperature, top_k, top_p))
lang = session.lang()
session.chart(policy_figures.shaping_figure(view, NAMES, lang), key="policy_shaping")
metrics = st.columns(len(view.cases))
for column, case in zip(metrics, view.cases):
    column.metric(tr(f"policy.case.{case.name}"), session.number(case.acceptance),
                  help=tr("policy.acceptance_help"))
    column.caption(fill("policy.distance", distance=session.number(case.distance, 3)))
    column.markdown(tr(f"policy.explain.{case.name}"))
session.chart(policy_figures.outcome_figure(view, NAMES, lang), key="policy_outcome")
