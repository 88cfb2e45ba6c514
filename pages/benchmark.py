"""Benchmark: a saved report from this project's harness, and a quick run on the tiny pair."""

import json

import streamlit as st

from pages.ui import jobs, models, session
from specviz.bench.contracts import BenchReport
from specviz.bench.harness import BenchJob, Plan, load_prompts
from specviz.bench.markdown import markdown_report
from specviz.errors import SpecvizError
from specviz.settings import ASSETS
from specviz.text import literal
from specviz.viz import bench_figures

session.init_state()
tr = session.tr
st.title(tr("bench.title"))
st.caption(tr("bench.caption"))
saved = {path.stem: path for path in sorted((ASSETS / "bench").glob("*.json"))}
if saved:
    name = st.selectbox(tr("bench.saved"), list(saved), key="bench_saved")
    chosen = BenchReport.from_dict(json.loads(saved[name].read_text(encoding="utf-8")))
else:
    chosen = None
    st.info(tr("bench.none"))
jobs.keep_finished("bench_job", "bench_quick")
if st.button(tr("bench.quick")):
    try:
        target = models.load_with_progress("tiny-target", "target")
        draft = models.load_with_progress("tiny-draft", "draft")
        plan = Plan(ks=(1, 2, 4), schedules=("constant",), max_new_tokens=16)
        prompts = load_prompts(sorted(str(p) for p in (ASSETS / "prompts").glob("*.jsonl")), per_set=1)
        jobs.run_job(lambda: BenchJob(plan, target, draft, prompts), "bench_job", "bench_quick", "bench.progress",
                     what="quick-bench")
    except SpecvizError as error:
        st.error(literal(error))
quick = st.session_state.get("bench_quick")
if quick:
    chosen = quick.report
    if not quick.complete:
        st.warning(tr("bench.stopped").format(done=quick.prompts_done, total=quick.prompts_asked))
if chosen:
    if any(row.k for row in chosen.rows):
        st.plotly_chart(bench_figures.speedup_over_k(chosen), key="bench_k")
        st.plotly_chart(bench_figures.cycle_split(chosen), key="bench_split")
    else:
        st.info(tr("bench.target_only"))
    st.markdown(markdown_report(chosen))
