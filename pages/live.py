"""Live decoding: run speculative decoding on real models and watch every cycle."""

import os
import time

import streamlit as st
import torch

from pages.ui import hosting as host
from pages.ui import models, numbers, pickers, session
from pages.ui.run_view import race_bars, show_run
from specviz.core.policy import SamplingPolicy
from specviz.core.verifiers import VERIFIERS, resolve_verifier, verifier_choices
from specviz.engine.comparison import interleave, part_speedups
from specviz.engine.decoder import DecodeConfig, Decoder
from specviz.engine.drafters import DRAFTERS, exact_drafters
from specviz.engine.machine_load import BUSY_CORES, busy_elsewhere, cpu_clock
from specviz.engine.measured import comparable, decode_ms_per_token, has_measured_budget, measured_budget, speedup
from specviz.engine.pair_plan import plan_pair
from specviz.engine.promise import seed_promise
from specviz.engine.run import DecodeRun
from specviz.engine.schedules import SCHEDULES, schedule_names
from specviz.errors import SpecvizError
from specviz.models import fast, memory
from specviz.models.registry import TINY_TARGET
from specviz.serving import faults
from specviz.settings import example_prompts
from specviz.text import literal
from specviz.viz import run_figures

session.init_state()
tr, fill = session.tr, session.fill
st.title(tr("live.title"))
st.caption(tr("live.caption"))

hosting = host.hosting()
ranges = host.ranges()
with st.sidebar:
    st.button(tr("live.demo"), on_click=session.use_tiny_pair, help=tr("live.demo_help"))
    st.selectbox(tr("live.drafter"), exact_drafters(), key="drafter", help=DRAFTERS.help(session.lang()),
                 format_func=session.labels("drafter.", "drafter", exact_drafters()))
    if DRAFTERS.get(st.session_state["drafter"]).needs_model:  # prompt lookup drafts without a model
        pickers.model_picker("draft", tr("live.draft"), session.term_help("draft"))
    pickers.model_picker("target", tr("live.target"), session.term_help("target"))
    st.slider(tr("live.k"), ranges["k"].low, ranges["k"].high, key="k", help=session.term_help("proposal"))
    st.selectbox(tr("live.schedule"), schedule_names(), key="schedule",
                 help=SCHEDULES.help(session.lang(), threshold=DecodeConfig().confidence),
                 format_func=session.labels("schedule.", "schedule", schedule_names()))
    st.selectbox(tr("live.verifier"), verifier_choices(), key="verifier",
                 help=f'{tr("live.verifier_help")} {tr("verifier.auto.help")} {VERIFIERS.help(session.lang())}',
                 format_func=session.labels("verifier.", "verifier", verifier_choices()))
    numbers.decimal_slider(st, tr("live.temperature"), ranges["temperature"].low, ranges["temperature"].high, 0.05,
                           key="temperature")
    st.number_input(tr("live.top_k"), ranges["top_k"].low, ranges["top_k"].high, key="top_k")
    numbers.decimal_slider(st, tr("live.top_p"), ranges["top_p"].low, ranges["top_p"].high, 0.05, key="top_p")
    st.number_input(tr("live.max_new"), ranges["max_new_tokens"].low, ranges["max_new_tokens"].high,
                    key="max_new_tokens")
    st.number_input(tr("live.seed"), ranges["seed"].low, ranges["seed"].high, key="seed", help=tr("live.seed_help"))
    st.toggle(tr("live.chat"), key="chat")
session.share_settings()

def preparation_status() -> None:
    """Where the background preparation of the default pair stands (refreshed every 2 s while it runs)."""
    job = models.preloading()
    if job is None or job.done:
        return
    parts = []
    for name, state in job.state.items():
        if state == "memory":
            others = ", ".join(fill(f"memory.{r.action}", model=r.model) for r in memory.waiting_for()) or "…"
            shown = fill("preload.memory", others=others)
        else:
            shown = tr(f"preload.{state}")
        if state == "converting" and name in job.converted:
            shown += f" {session.number(job.converted[name] * 100, 0)} %"
        parts.append(f"{name}: {shown}")
    st.info(tr("preload.line") + " " + " · ".join(parts))


preparing = models.preloading()
if preparing is not None and not preparing.done:
    st.fragment(run_every=2)(preparation_status)()  # only while there is something to report
examples = example_prompts()
own = tr("live.own")
example = st.selectbox(tr("live.example"), [own] + list(examples), key="example")
if example != own and st.session_state.get("loaded_example") != example:
    st.session_state["prompt"], st.session_state["loaded_example"] = examples[example], example
prompt = st.text_area(tr("live.prompt"), key="prompt", height=110, max_chars=hosting.max_prompt_chars)
columns = st.columns([1, 3])  # the two buttons side by side, the checkbox under them: no label cut at 1280 px
run_clicked = columns[0].button(tr("live.run"), type="primary")
step_clicked = columns[1].button(tr("live.step"))
compare = st.checkbox(tr("live.compare"), value=True, key="compare")


def build_decoder(speculative: bool = True) -> Decoder:
    config = DecodeConfig(
        policy=SamplingPolicy(float(st.session_state["temperature"]), int(st.session_state["top_k"]),
                              float(st.session_state["top_p"])),
        k=int(st.session_state["k"]), k_max=hosting.max_k, schedule=st.session_state["schedule"],
        verifier=resolve_verifier(st.session_state["verifier"], float(st.session_state["temperature"]) == 0.0),
        compare_verifiers=True,  # the Verifiers page judges its cycles
        drafter=st.session_state["drafter"] if speculative else "none",
        max_new_tokens=int(st.session_state["max_new_tokens"]), seed=int(st.session_state["seed"]))
    hosting.check_prompt(prompt)
    # The host's allow-list first, then whether the two can pair: before either loads.
    pair = plan_pair(config.drafter, st.session_state["draft"], st.session_state["target"], speculative,
                     hosting.check_model)
    target = models.load_with_progress(pair.target, "target")
    draft = models.load_with_progress(pair.draft, "draft") if pair.draft else None
    return Decoder(target, draft, config)


def session_baseline(record):
    """The session's target-only run of the same prompt and policy, if there is one."""
    baseline = st.session_state.get("baseline")
    return baseline if comparable(record, baseline) else None


def progress_line(run: DecodeRun, baseline=None) -> str:
    """The running figures after each cycle; the speed-up is the same one the final metric shows, against
    `baseline` (the target alone running beside it) or else the session's last target-only run."""
    record, cycle = run.record, run.record.cycles[-1]
    line = fill("live.progress", cycle=cycle.index + 1, tokens=len(record.token_ids), draft=cycle.draft_ms,
                                      verify=cycle.verify_ms, overhead=cycle.overhead_ms,
                                      per_token=decode_ms_per_token(record) or 0.0)
    baseline = (baseline or session_baseline(record)) if run.decoder.speculative else None
    so_far = speedup(record, baseline) if baseline is not None and baseline.cycles else None
    if so_far is not None:
        line += fill("live.progress_speedup", speedup=so_far, base=decode_ms_per_token(baseline))
    return line


def keep_interrupted_run() -> None:
    """A speculative run left in progress was cut short (memory, Stop, a changed setting): keep its cycles.

    The run is put in the session before it starts, so keeping it needs nothing
    from a script that Streamlit is stopping: the next script run finds it here.
    """
    run = st.session_state.pop("run_in_progress", None)
    if run is not None:
        run.close()
        if run.record.cycles:
            session.remember_run(run.record)
            st.session_state["partial_tokens"] = len(run.record.token_ids)


def run_view(title: str) -> tuple:
    """Places for one run's text, running figures and race bars, under its title."""
    with st.container():
        st.markdown(f"**{title}**")
        return st.empty(), st.empty(), st.empty()


def draw_progress(run: DecodeRun, view: tuple, baseline=None) -> None:
    text_box, numbers, chart = view
    text_box.html(run_figures.token_spans(run.record, with_discarded=not session.presenting(),
                                          strong=session.presenting(), lang=st.session_state.get("lang", "en")))
    numbers.caption(progress_line(run, baseline))
    if run.decoder.speculative:  # two HTML bars: a plotted chart redrawn here slowed the run it shows
        chart.html(race_bars(run.record, baseline or session_baseline(run.record)))


def stream(speculative: Decoder, alone: Decoder | None):
    """Run to the end, redrawing the text and the running figures after every cycle. With `alone`, the target
    alone runs beside it, the two runs' cycles interleaved (engine/comparison.py) so both see the same machine."""
    views = [run_view(tr("live.speculative"))] + ([run_view(tr("live.alone"))] if alone is not None else [])
    spec_run = speculative.start(prompt, chat=st.session_state["chat"])
    alone_run = alone.start(prompt, chat=st.session_state["chat"]) if alone is not None else None
    st.session_state["run_in_progress"] = spec_run  # the baseline is only a reference: a partial one is not kept
    steps = interleave(spec_run, alone_run) if alone_run is not None else spec_run.steps()
    try:
        for run in steps:
            baseline = alone_run.record if alone_run is not None else None
            draw_progress(run, views[0] if run is spec_run else views[1], baseline)
    except Exception:  # an error in this script (memory): keep the cycles now; Streamlit's stop passes by
        keep_interrupted_run()
        raise
    st.session_state.pop("run_in_progress", None)
    text_box, _, chart = views[0]  # the text and the race are drawn again below, in full: keep the figures line
    text_box.empty()
    chart.empty()
    return spec_run.record, alone_run.record if alone_run is not None else None


def run_both() -> None:
    """Models load first (shared, cached); then one turn in the server's queue covers both runs."""
    speculative = build_decoder()
    alone = build_decoder(speculative=False) if compare else None
    with host.generation_turn("live") as turn:
        started, clock = time.perf_counter(), cpu_clock()
        record, baseline = stream(speculative, alone)
        st.session_state["busy_during"] = (busy_elsewhere(clock, cpu_clock()), record)  # other programs' share
        session.remember_run(record)
        if baseline is not None:
            st.session_state["baseline"] = baseline
        taken = st.session_state["last_turn"]["run"] + 1 if st.session_state.get("last_turn") else 1
        st.session_state["last_turn"] = {"run": taken, "place": turn.joined_at_position, "waited": turn.waited_s,
                                         "generation": time.perf_counter() - started}


def next_step(run: DecodeRun) -> None:
    with host.generation_turn("live-step"):
        run.step()
    # The cycle view follows the run: the cycle just made, from its first frame.
    st.session_state["step_cycle"], st.session_state["step_frame"] = len(run.record.cycles), 1
    if run.finished:
        session.remember_run(run.record)
        st.session_state.pop("step_run")
        st.success(tr("live.finished"))


def show_failure(error: Exception) -> None:
    """A clear message for what went wrong; memory is given back and the page keeps working."""
    if isinstance(error, memory.MemoryRefused):
        what = fill(f"memory.{error.action}", model=error.model)
        st.error(f"{tr('live.cannot')}: " + fill("memory.refused", what=what, need=error.need / memory.GB,
                                                  free=error.free / memory.GB, limit=error.limit.gib))
        return
    if isinstance(error, SpecvizError):
        st.error(f"{tr('live.cannot')}: {literal(error)}")
        return
    if not faults.is_out_of_memory(error):
        raise error
    faults.free_memory()
    st.session_state.pop("step_run", None)
    st.error(f"{tr('live.cannot')}: {faults.describe(error)}")


keep_interrupted_run()
try:
    if run_clicked:
        st.session_state.pop("step_run", None)
        run_both()
    if step_clicked:
        st.session_state["step_run"] = build_decoder().start(prompt, st.session_state["chat"])
except Exception as error:  # show_failure re-raises what it does not handle
    show_failure(error)
if st.session_state.get("partial_tokens"):
    st.warning(fill("live.partial", count=st.session_state.pop("partial_tokens")))

step_run = st.session_state.get("step_run")
if step_run is not None:
    explained = st.empty()  # filled after the click below is handled, with the cycles made by then
    if st.button(tr("live.next"), type="primary"):
        try:
            next_step(step_run)
        except Exception as error:  # shown, or re-raised by show_failure
            show_failure(error)
    explained.info(fill("live.step_explain", made=len(step_run.record.cycles)))
    if "step_run" in st.session_state and step_run.record.cycles:
        show_run(step_run.record, key="step", threads=torch.get_num_threads())

if models.registry_pair(st.session_state["draft"], st.session_state["target"]):
    st.caption(fast.choice_line(models.pair_choice(), session.lang()))
runs = st.session_state["runs"]
if runs and not st.session_state.get("step_run"):
    record = runs[-1]
    st.subheader(tr("live.last"))
    if st.session_state.get("last_turn"):
        st.caption(fill("live.turn", **st.session_state["last_turn"]))
    baseline = session_baseline(record)
    promise = seed_promise(SamplingPolicy(**record.policy), record.verifier, record.settings.schedule)
    if promise != "promise.greedy":  # a sampled run: say what its seed fixes
        st.info(fill(promise, seed=record.settings.seed, rule=VERIFIERS.label(record.verifier, session.lang())))
    if has_measured_budget(record, baseline):
        budget = measured_budget(record, baseline)
        st.session_state["measured_budget"] = budget
        cols = st.columns(3)  # two rows of three: each value whole, in presentation mode too, at 1280 px
        cols[0].metric(tr("live.measured"), f"{session.number(budget.actual_speedup)}×", help=tr("live.measured_help"))
        cols[1].metric(tr("live.formula"), f"{session.number(budget.predicted_speedup)}×", help=tr("live.formula_help"))
        cols[2].metric(tr("live.cost_ratio"), session.number(budget.cost_ratio_c), help=tr("live.cost_ratio_help"))
        cols = st.columns(3)
        cols[0].metric(tr("live.draft_cost"), session.number(budget.draft_ms_per_token, 1))
        cols[1].metric(tr("live.target_cost"), session.number(budget.target_ms_per_token, 1))
        cols[2].metric(tr("live.verify_block"), session.number(budget.verify_ms_per_cycle, 1))
        parts = part_speedups(record, baseline)
        if parts is not None:  # the same positions of the text on both sides, timed within moments of each other
            shown = " · ".join(f"{session.number(value)}×" for value in parts.values)
            st.caption(fill("live.parts", parts=shown))
            if not parts.steady:
                st.warning(fill("live.unsteady", low=parts.low, high=parts.high))
        busy, measured_run = st.session_state.get("busy_during", (0.0, None))
        # A load that stayed the same all along, which the parts cannot see (the tiny pair's figure means nothing).
        if measured_run is record and busy > BUSY_CORES and record.target != TINY_TARGET:
            st.warning(fill("live.busy", cores=busy, total=os.cpu_count()))
        if baseline.token_ids == record.token_ids:
            st.caption(tr("live.identical"))
    show_run(record, key="live", threads=torch.get_num_threads(), baseline=baseline)
