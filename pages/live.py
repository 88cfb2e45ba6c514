"""Live decoding: run speculative decoding on real models and watch every cycle."""

import time

import streamlit as st

from pages import shared
from specviz.core.policy import SamplingPolicy
from specviz.engine.decoder import DecodeConfig, Decoder
from specviz.engine.measured import measured_budget
from specviz.engine.schedule import SCHEDULES
from specviz.errors import SpecvizError
from specviz.serving import faults
from specviz.text import literal
from specviz.viz import run_figures

shared.init_state()
tr = shared.tr
st.title(tr("live.title"))
st.caption(tr("live.caption"))

hosting = shared.hosting()
bounds = shared.bounds()
names = list(hosting.allowed_models)
with st.sidebar:
    st.button(tr("live.demo"), on_click=shared.use_tiny_pair, help=tr("live.demo_help"))
    st.text_input(tr("live.draft"), key="draft", help=shared.term_help("draft") + " " + ", ".join(names))
    st.text_input(tr("live.target"), key="target", help=shared.term_help("target"))
    st.slider(tr("live.k"), *bounds["k"], key="k", help=shared.term_help("proposal"))
    st.selectbox(tr("live.schedule"), SCHEDULES, key="schedule",
                 help=tr("live.schedule_help").format(threshold=DecodeConfig().confidence))
    st.slider(tr("live.temperature"), 0.0, 2.0, step=0.05, key="temperature")
    st.number_input(tr("live.top_k"), 0, 1000, key="top_k")
    st.slider(tr("live.top_p"), 0.05, 1.0, step=0.05, key="top_p")
    st.number_input(tr("live.max_new"), *bounds["max_new_tokens"], key="max_new_tokens")
    st.number_input(tr("live.seed"), 0, 2**31 - 1, key="seed")
    st.toggle(tr("live.chat"), key="chat")
shared.share_settings()

examples = shared.example_prompts()
own = tr("live.own")
example = st.selectbox(tr("live.example"), [own] + list(examples), key="example")
if example != own and st.session_state.get("loaded_example") != example:
    st.session_state["prompt"], st.session_state["loaded_example"] = examples[example], example
prompt = st.text_area(tr("live.prompt"), key="prompt", height=110, max_chars=hosting.max_prompt_chars)
columns = st.columns(3)
run_clicked = columns[0].button(tr("live.run"), type="primary")
compare = columns[1].checkbox(tr("live.compare"), value=True, key="compare")
step_clicked = columns[2].button(tr("live.step"))


def build_decoder(draft: bool = True) -> Decoder:
    config = DecodeConfig(
        policy=SamplingPolicy(float(st.session_state["temperature"]), int(st.session_state["top_k"]),
                              float(st.session_state["top_p"])),
        k=int(st.session_state["k"]), schedule=st.session_state["schedule"],
        max_new_tokens=int(st.session_state["max_new_tokens"]), seed=int(st.session_state["seed"]))
    hosting.check_prompt(prompt)
    target = shared.load_with_progress(st.session_state["target"])
    helper = shared.load_with_progress(st.session_state["draft"]) if draft else None
    return Decoder(target, helper, config)


def comparable_baseline(record):
    """The session's target-only run of the same prompt and policy, if there is one."""
    baseline = st.session_state.get("baseline")
    if baseline is not None and baseline.prompt == record.prompt and baseline.policy == record.policy:
        return baseline
    return None


def stream_into(decoder: Decoder, title: str):
    """Run to the end, redrawing the text and the live budget after every cycle.

    If the run stops part way (memory, a changed setting, the stop button), the
    cycles done so far are kept as a run.
    """
    try:
        return _stream(decoder, title)
    except BaseException:  # also Streamlit's rerun and stop, which pass on unchanged
        partial = decoder.record
        if partial is not None and partial.cycles:
            shared.remember_run(partial)
            st.session_state["partial_tokens"] = len(partial.token_ids)
        raise


def _stream(decoder: Decoder, title: str):
    st.markdown(f"**{title}**")
    text_box, numbers = st.empty(), st.empty()
    for cycle in decoder.stream(prompt, chat=st.session_state["chat"]):
        record = decoder.record
        text_box.html(run_figures.token_spans(record))
        done = record.cycles
        ms_per_token = sum(c.cycle_ms for c in done) / len(record.token_ids)
        line = (f"cycle {cycle.index + 1} · {len(record.token_ids)} tokens · last cycle: draft "
                f"{cycle.draft_ms:.0f} ms, verify {cycle.verify_ms:.0f} ms, overhead {cycle.overhead_ms:.1f} ms "
                f"· {ms_per_token:.1f} ms per token so far")
        baseline = comparable_baseline(record) if decoder.draft is not None else None
        if baseline is not None:
            base_ms = sum(c.cycle_ms for c in baseline.cycles) / len(baseline.token_ids)
            line += f" · speed-up so far {base_ms / ms_per_token:.2f}× (target alone: {base_ms:.1f} ms per token)"
        numbers.caption(line)
    return decoder.record


def run_both() -> None:
    """Models load first (shared, cached); then one turn in the server's queue covers both runs."""
    speculative = build_decoder()
    alone = build_decoder(draft=False) if compare else None
    with shared.generation_turn() as turn:
        started = time.perf_counter()
        shared.remember_run(stream_into(speculative, tr("live.speculative")))
        if alone is not None:
            st.session_state["baseline"] = stream_into(alone, tr("live.alone"))
        taken = st.session_state["last_turn"]["run"] + 1 if st.session_state.get("last_turn") else 1
        st.session_state["last_turn"] = {"run": taken, "place": turn.joined_at_position, "waited": turn.waited_s,
                                         "generation": time.perf_counter() - started}


def next_step(stepper: dict) -> None:
    with shared.generation_turn():
        try:
            next(stepper["stream"])
        except StopIteration:
            shared.remember_run(stepper["decoder"].record)
            st.session_state.pop("stepper")
            st.success(tr("live.finished"))


def show_failure(error: Exception) -> None:
    """A clear message for what went wrong; memory is given back and the page keeps working."""
    if isinstance(error, SpecvizError):
        st.error(f"{tr('live.cannot')}: {literal(error)}")
        return
    if not faults.is_out_of_memory(error):
        raise error
    faults.free_memory()
    st.session_state.pop("stepper", None)
    st.error(f"{tr('live.cannot')}: {faults.describe(error)}")


try:
    if run_clicked:
        st.session_state.pop("stepper", None)
        run_both()
    if step_clicked:
        decoder = build_decoder()
        st.session_state["stepper"] = {"decoder": decoder, "stream": decoder.stream(prompt, st.session_state["chat"])}
except Exception as error:  # noqa: BLE001 - show_failure re-raises what it does not handle
    show_failure(error)
if st.session_state.get("partial_tokens"):
    st.warning(tr("live.partial").format(count=st.session_state.pop("partial_tokens")))

stepper = st.session_state.get("stepper")
if stepper:
    if st.button(tr("live.next"), type="primary"):
        try:
            next_step(stepper)
        except Exception as error:  # noqa: BLE001
            show_failure(error)
    progress = stepper["decoder"].record  # None until the first cycle has run
    if "stepper" in st.session_state and progress is not None and progress.cycles:
        shared.show_run(progress, key="step")

runs = st.session_state["runs"]
if runs and not st.session_state.get("stepper"):
    record = runs[-1]
    st.subheader(tr("live.last"))
    if st.session_state.get("last_turn"):
        st.caption(tr("live.turn").format(**st.session_state["last_turn"]))
    baseline = comparable_baseline(record)
    if baseline is not None and any(c.proposed for c in record.cycles):
        budget = measured_budget(record, baseline)
        st.session_state["measured_budget"] = budget
        cols = st.columns(4)
        cols[0].metric(tr("live.measured"), f"{budget['actual_speedup']:.2f}×",
                       help="decode time per token, target alone ÷ speculative, both measured just now")
        cols[1].metric(tr("live.formula"), f"{budget['predicted_speedup']:.2f}×",
                       help="the time-budget formula fed with the measured costs and per-position acceptance")
        cols[2].metric("draft ms / token vs target ms / token",
                       f"{budget['draft_ms_per_token']:.1f} / {budget['target_ms_per_token']:.1f}")
        cols[3].metric("verify ms per block", f"{budget['verify_ms_per_cycle']:.1f}")
        if baseline.token_ids == record.token_ids:
            st.caption(tr("live.identical"))
    shared.show_run(record, key="live")
