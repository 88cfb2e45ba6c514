"""Time budget: the cost of one cycle, the speed-up it buys, and where speculation stops paying."""

import streamlit as st

from pages.ui import numbers, session
from specviz.core import budget
from specviz.errors import SpecvizError
from specviz.text import literal
from specviz.viz import budget_figures

PRESETS = {  # by the key of their name in specviz/text/
    "budget.preset.high": dict(k=4, draft_ms=3.0, verify_ms=50.0, overhead_ms=2.0, baseline_ms=40.0, alpha=0.8),
    "budget.preset.low": dict(k=4, draft_ms=3.0, verify_ms=50.0, overhead_ms=2.0, baseline_ms=40.0, alpha=0.2),
}


LAST_RUN = "budget.preset.last"


def from_last_run() -> dict | None:
    """The costs and acceptance measured by the latest run with a target-only baseline, if any."""
    measured = st.session_state.get("measured_budget")
    if not measured:
        return None
    return dict(k=max(1, min(16, round(measured.mean_k))), draft_ms=measured.draft_ms_per_token,
                verify_ms=measured.verify_ms_per_cycle, overhead_ms=measured.overhead_ms_per_cycle,
                baseline_ms=max(measured.target_ms_per_token, 0.01), alpha=round(measured.alpha_mean or 0.0, 2))


def apply_preset(name: str) -> None:
    values = from_last_run() if name == LAST_RUN else PRESETS[name]
    for field, value in (values or {}).items():
        st.session_state[f"budget_{field}"] = value


def apply_chosen_preset() -> None:
    if not session.mend_choice("budget_preset", [*PRESETS, LAST_RUN]):  # a label sent back after a change of language
        apply_preset(st.session_state["budget_preset"])


session.init_state()
linked = session.take_link("budget_preset", PRESETS)  # a lesson's "show me" link
if linked is not None:
    st.session_state["budget_preset"] = linked
    apply_preset(linked)
elif "budget_k" not in st.session_state:
    apply_preset("budget.preset.high")
tr, fill = session.tr, session.fill
st.title(tr("budget.title"))
st.caption(tr("budget.caption"))
choices = list(PRESETS) + ([LAST_RUN] if from_last_run() else [])
st.selectbox(tr("preset"), choices, format_func=session.labels("", "budget_preset", choices), key="budget_preset",
             on_change=apply_chosen_preset)
columns = st.columns(3)
k = columns[0].slider(tr("budget.k"), 1, 16, key="budget_k")
alpha = numbers.decimal_slider(columns[0], tr("budget.alpha"), 0.0, 1.0, 0.01, key="budget_alpha")
draft_ms = numbers.decimal_box(columns[1], tr("budget.draft"), 0.0, 100_000.0, key="budget_draft_ms")
verify_ms = numbers.decimal_box(columns[1], tr("budget.verify"), 0.0, 100_000.0, key="budget_verify_ms")
overhead_ms = numbers.decimal_box(columns[2], tr("budget.overhead"), 0.0, 100_000.0, key="budget_overhead_ms")
baseline_ms = numbers.decimal_box(columns[2], tr("budget.baseline"), 0.01, 100_000.0, key="budget_baseline_ms")
try:
    plan = budget.Budget(k, draft_ms, verify_ms, overhead_ms, baseline_ms, alpha)
except SpecvizError as error:
    zero = k * draft_ms + verify_ms + overhead_ms <= 0  # the one refusal these widgets let through
    st.error(tr("budget.no_time") if zero else literal(error))
    st.stop()

result = budget.summary(plan)
metrics = st.columns(5)
metrics[0].metric(tr("budget.cycle_ms"), session.number(result['cycle_ms']))
metrics[1].metric(tr("budget.ms_per_token"), session.number(result['ms_per_token']))
metrics[2].metric(tr("budget.tokens_per_cycle"), session.number(result['tokens_per_cycle'], 4))
metrics[3].metric(tr("budget.speedup"), f"{session.number(result['speedup'])}×")
metrics[4].metric(tr("budget.best_k"), result["best_k"])
if result["speedup"] < 1:
    st.warning(tr("budget.slower"))
left, right = st.columns(2)
lang = st.session_state.get("lang", "en")
session.chart(budget_figures.speedup_over_alpha(plan, lang=lang), key="budget_alpha_curve", where=left)
session.chart(budget_figures.speedup_over_k(plan, lang=lang), key="budget_k_curve", where=right)
measured = st.session_state.get("measured_budget")
if measured:
    st.subheader(tr("budget.last"))
    st.caption(fill("budget.last_caption", actual=measured.actual_speedup, predicted=measured.predicted_speedup))
    session.chart(budget_figures.acceptance_by_position(measured.acceptance_by_position, plan.alpha, lang),
                    key="budget_positions")
else:
    st.info(tr("budget.none"))
