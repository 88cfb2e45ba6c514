"""Time budget: the cost of one cycle and the speed-up it buys."""

import streamlit as st

from specviz.core import budget
from specviz.errors import SpecvizError

st.title("Time budget")
columns = st.columns(3)
k = columns[0].slider("k (proposed tokens)", 1, 16, 4)
alpha = columns[0].slider("α (acceptance per position)", 0.0, 1.0, 0.8, 0.01)
draft_ms = columns[1].number_input("draft ms per token", 0.0, 10_000.0, 3.0)
verify_ms = columns[1].number_input("verify ms per block", 0.0, 10_000.0, 50.0)
overhead_ms = columns[2].number_input("overhead ms per cycle", 0.0, 10_000.0, 2.0)
baseline_ms = columns[2].number_input("target-alone ms per token", 0.01, 10_000.0, 40.0)
try:
    plan = budget.Budget(k, draft_ms, verify_ms, overhead_ms, baseline_ms, alpha)
except SpecvizError as error:
    st.error(str(error))
else:
    result = budget.summary(plan)
    metrics = st.columns(4)
    metrics[0].metric("tokens per cycle", f"{result['tokens_per_cycle']:.4f}")
    metrics[1].metric("ms per token", f"{result['ms_per_token']:.2f}")
    metrics[2].metric("speed-up", f"{result['speedup']:.2f}×")
    metrics[3].metric("best k", result["best_k"])
