"""Benchmark: a saved report from this project's harness, and a quick run on the tiny pair."""

import json

import streamlit as st

from pages.ui import jobs, models, session
from specviz.bench.contracts import BenchReport
from specviz.bench.harness import Plan, load_prompts
from specviz.bench.jobs import BenchJob, CapacityJob
from specviz.bench.labels import config_label
from specviz.bench.markdown import markdown_report
from specviz.bench.runners import Config
from specviz.errors import SpecvizError
from specviz.settings import ASSETS
from specviz.text import literal
from specviz.viz import bench_figures

CAPACITY_LEVELS = (1, 2, 4)  # requests in flight for the page's small capacity run

session.init_state()
tr, fill = session.tr, session.fill
st.title(tr("bench.title"))
st.caption(tr("bench.caption"))
saved = {path.stem: path for path in sorted((ASSETS / "bench").glob("*.json"))}
if (linked := session.take_link("bench_saved", saved)) is not None:  # a "show me" link names a report
    st.session_state["bench_saved"] = linked
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
        st.warning(fill("bench.stopped", done=quick.prompts_done, total=quick.prompts_asked))
if chosen:
    if any(row.k for row in chosen.rows):
        session.chart(bench_figures.speedup_over_k(chosen, lang=session.lang()), key="bench_k")
        session.chart(bench_figures.cycle_split(chosen, session.lang()), key="bench_split")
    else:
        st.info(tr("bench.target_only"))
    st.markdown(markdown_report(chosen, session.lang()))

st.subheader(tr("capacity.title"))
st.caption(tr("capacity.caption"))
jobs.keep_finished("capacity_job", "capacity_rows")
capacity_labels = {name: tr(f"capacity.{name}") for name in ("throughput", "latency", "in_flight")}
saved_capacity = bench_figures.capacity_figure(chosen.concurrency, capacity_labels, session.lang()) if chosen else None
if saved_capacity is not None:
    session.chart(saved_capacity, key="capacity_saved")
if st.button(tr("capacity.run")):
    try:
        target = models.load_with_progress("tiny-target", "target")
        draft = models.load_with_progress("tiny-draft", "draft")
        plan = Plan(max_new_tokens=16, repeats=2)
        prompts = load_prompts([str(ASSETS / "prompts" / "code.jsonl")], per_set=4)
        jobs.run_job(lambda: CapacityJob(plan, target, draft, prompts, CAPACITY_LEVELS, Config("specviz", 4)),
                     "capacity_job", "capacity_rows", "capacity.progress", what="capacity")
    except SpecvizError as error:
        st.error(literal(error))
measured = st.session_state.get("capacity_rows")
if measured:
    figure = bench_figures.capacity_figure(measured, capacity_labels, session.lang())
    if figure is not None:
        session.chart(figure, key="capacity_measured")
    st.dataframe({tr("bench.col_config"): [config_label(row.config, session.lang()) for row in measured],
                  tr("bench.col_in_flight"): [row.concurrency for row in measured],
                  tr("bench.col_throughput"): [round(row.aggregate_tokens_per_s or 0, 1) for row in measured],
                  tr("bench.col_vs_alone"): [round(row.aggregate_speedup or 0, 2) for row in measured],
                  tr("bench.col_p50"): [round(row.latency_ms_p50 or 0) for row in measured],
                  tr("bench.col_p95"): [round(row.latency_ms_p95 or 0) for row in measured]}, hide_index=True)
