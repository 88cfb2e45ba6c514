"""Benchmark: a saved report, a quick run on the tiny pair, or your own prompts against the target alone."""

import json

import streamlit as st

from pages.ui import hosting as host
from pages.ui import jobs, models, session
from specviz.bench.contracts import BenchReport
from specviz.bench.harness import Plan, load_prompts
from specviz.bench.jobs import BenchJob, CapacityJob
from specviz.bench.labels import config_label
from specviz.bench.own_prompts import OwnPromptsRefused, own_prompts
from specviz.bench.runners import Config
from specviz.bench.tables import report_view
from specviz.core.verifiers import resolve_verifier
from specviz.engine.pair_plan import plan_pair
from specviz.errors import SpecvizError
from specviz.limits import OWN_PROMPT_TOKENS, OWN_PROMPTS
from specviz.settings import ASSETS
from specviz.text import literal
from specviz.viz import bench_figures

CAPACITY_LEVELS = (1, 2, 4)  # requests in flight for the page's small capacity run


def run_quick() -> None:
    """The tiny pair at k = 1, 2 and 4 on one prompt of each set, with Hugging Face beside it."""
    target = models.load_with_progress("tiny-target", "target")
    draft = models.load_with_progress("tiny-draft", "draft")
    plan = Plan(ks=(1, 2, 4), schedules=("constant",), max_new_tokens=16)
    prompts = load_prompts(sorted(str(p) for p in (ASSETS / "prompts").glob("*.jsonl")), per_set=1)
    jobs.run_job(lambda: BenchJob(plan, target, draft, prompts), "bench_job", "bench_mine", "bench.progress",
                 what="quick-bench")


def own_plan() -> Plan:
    """The Live page's configuration, greedy or sampled as set there, against the target alone."""
    state = st.session_state
    return Plan(ks=(int(state["k"]),), schedules=(state["schedule"],), temperatures=(float(state["temperature"]),),
                max_new_tokens=min(int(state["max_new_tokens"]), OWN_PROMPT_TOKENS), with_hf=False,
                record_overhead=False, drafters=(state["drafter"],),
                verifiers=(resolve_verifier(state["verifier"], float(state["temperature"]) == 0.0),),
                seed=int(state["seed"]))


def run_own(typed: str, upload) -> None:
    """Your prompts, each run by the Live page's pair and configuration and by the target alone, interleaved."""
    hosting = host.hosting()
    if upload is not None and upload.size > hosting.max_upload_mb * 2**20:
        st.error(fill("own.too_big", most=hosting.max_upload_mb))
        return
    prompts = own_prompts(typed, upload.getvalue() if upload is not None else None, hosting.max_prompt_chars)
    draft_name, target_name = st.session_state["draft"], st.session_state["target"]
    plan_pair(st.session_state["drafter"], draft_name, target_name, True, hosting.check_model)  # can they pair?
    target = models.load_with_progress(target_name, "target")
    draft = models.load_with_progress(draft_name, "draft")
    plan = own_plan()
    jobs.run_job(lambda: BenchJob(plan, target, draft, prompts), "bench_job", "bench_mine", "bench.progress",
                 what="own-bench")


def draw_report(report: BenchReport) -> None:
    """The report's charts, then its tables, each as wide as the page (wider ones scroll inside it)."""
    lang = session.lang()
    if any(row.k for row in report.rows):
        session.chart(bench_figures.speedup_over_k(report, lang=lang), key="bench_k")
        session.chart(bench_figures.cycle_split(report, lang), key="bench_split")
    else:
        st.info(tr("bench.target_only"))
    view = report_view(report, lang)
    st.markdown(f"**{view.title}**")
    st.caption(view.setup)
    for table in view.tables:
        if table.intro:
            st.caption(table.intro)
        st.dataframe({name: [row[i] for row in table.rows] for i, name in enumerate(table.columns)},
                     hide_index=True, width="stretch")
    for note in view.notes:
        st.caption(note)


session.init_state()
tr, fill = session.tr, session.fill
st.title(tr("bench.title"))
st.caption(tr("bench.caption"))
saved = {path.stem: path for path in sorted((ASSETS / "bench").glob("*.json"))}
if (linked := session.take_link("bench_saved", saved)) is not None:  # a "show me" link names a report
    st.session_state["bench_saved"], st.session_state["bench_show"] = linked, "saved"
jobs.keep_finished("bench_job", "bench_mine")

quick_tab, own_tab = st.tabs([tr("bench.quick_tab"), tr("own.tab")])
try:
    with quick_tab:
        st.caption(tr("bench.quick_caption"))
        if st.button(tr("bench.quick")):
            run_quick()
            st.session_state["bench_show"] = "mine"
    with own_tab:
        st.caption(fill("own.caption", most=OWN_PROMPTS.high, tokens=OWN_PROMPT_TOKENS,
                        draft=st.session_state["draft"], target=st.session_state["target"]))
        typed = st.text_area(tr("own.typed"), key="own_typed", height=120, placeholder=tr("own.placeholder"),
                             max_chars=OWN_PROMPTS.high * (host.hosting().max_prompt_chars + 1))
        upload = st.file_uploader(tr("own.upload"), type=["jsonl"], key="own_upload", help=tr("own.upload_help"))
        if st.button(tr("own.run"), type="primary"):
            run_own(typed, upload)
            st.session_state["bench_show"] = "mine"
except OwnPromptsRefused as refusal:
    st.error(fill(refusal.key, **refusal.fields))
except SpecvizError as error:
    st.error(literal(error))

mine = st.session_state.get("bench_mine")
shown = (["mine"] if mine else []) + (["saved"] if saved else [])
if len(shown) == 2:
    st.session_state.setdefault("bench_show", "mine")
    show = st.radio(tr("bench.show"), shown, key="bench_show", horizontal=True,
                    format_func=session.labels("bench.show.", "bench_show", shown))
else:
    show = shown[0] if shown else None
chosen = None
if show == "saved":
    name = st.selectbox(tr("bench.saved"), list(saved), key="bench_saved")
    chosen = BenchReport.from_dict(json.loads(saved[name].read_text(encoding="utf-8")))
elif show == "mine":
    chosen = mine.report
    if not mine.complete:
        st.warning(fill("bench.stopped", done=mine.prompts_done, total=mine.prompts_asked))
else:
    st.info(tr("bench.none"))
if chosen:
    draw_report(chosen)

session.focus_here("capacity")
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
                  tr("bench.col_throughput"): [session.number(row.aggregate_tokens_per_s or 0, 1)
                                               for row in measured],
                  tr("bench.col_vs_alone"): [session.number(row.aggregate_speedup or 0) for row in measured],
                  tr("bench.col_p50"): [session.integer(round(row.latency_ms_p50 or 0)) for row in measured],
                  tr("bench.col_p95"): [session.integer(round(row.latency_ms_p95 or 0)) for row in measured]},
                 hide_index=True)
