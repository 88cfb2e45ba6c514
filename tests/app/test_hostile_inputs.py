"""Hostile or careless input, each found by trying to break a shared server: a clear message, never a crash."""

from __future__ import annotations

import json

import pytest

from specviz.core import budget as budget_math
from specviz.core import toy
from specviz.core.policy import SamplingPolicy
from specviz.engine.decoder import DecodeConfig, Decoder
from specviz.engine.trace import run_from_json
from specviz.errors import SpecvizError
from specviz.serving.config import load_config
from specviz.serving.serve import streamlit_command
from specviz.viz import toy_figures
from tests.test_cli import specviz

PROMPT = "The quick brown fox"


@pytest.fixture(scope="module")
def trace(tiny_pair) -> dict:
    draft, target = tiny_pair
    run = Decoder(target, draft, DecodeConfig(schedule="constant", k=3, max_new_tokens=12,
                                              policy=SamplingPolicy(1.0), seed=3)).run(PROMPT)
    return json.loads(run.to_json())


def _with(trace: dict, path: tuple, value) -> str:
    data = json.loads(json.dumps(trace))
    place = data
    for key in path[:-1]:
        place = place[key]
    place[path[-1]] = value
    return json.dumps(data)


@pytest.mark.parametrize("path, value", [
    (("totals", "acceptance_rate"), 10**400),  # an integer no float can hold
    (("cycles", 0, "target_p"), [10**400]),
    (("cycles", 0, "index"), -100),  # a cycle out of its place
    (("cycles", 0, "draft_ms"), 10**30),
    (("prompt",), "\ud800"),  # a lone surrogate: not text any encoder can write
    (("cycles", 0, "emitted_texts"), ["\udfff"]),
    (("policy", "temperature"), 10**400),  # printed by Replay
])
def test_a_trace_with_impossible_values_is_refused_with_one_line(trace, path, value):
    text = _with(trace, path, value)
    with pytest.raises(SpecvizError) as error:
        run_from_json(text)
    assert "\n" not in str(error.value)


def test_an_infinite_number_in_a_trace_is_refused(trace):
    text = _with(trace, ("timing", "wall_ms"), 1.0).replace('"wall_ms": 1.0', '"wall_ms": 1e999')
    with pytest.raises(SpecvizError):
        run_from_json(text)


def test_the_untouched_trace_still_loads(trace):
    assert run_from_json(json.dumps(trace)).token_ids == trace["token_ids"]


def test_a_budget_whose_cycle_costs_nothing_is_a_message_not_a_division_by_zero():
    with pytest.raises(SpecvizError, match="cannot all be 0"):
        budget_math.Budget(k=4, draft_ms=0, verify_ms=0, overhead_ms=0, baseline_ms=40, alpha=0.8)


@pytest.mark.parametrize("text", ["1e-5000,1", "1e-99999999,1", "0." + "1" * 5000 + ",0.5"])
def test_toy_distributions_with_absurd_numbers_are_refused_quickly(text):
    with pytest.raises(SpecvizError):
        toy.parse_distribution(text, "p")


def test_a_temperature_too_small_to_compute_is_refused():
    with pytest.raises(SpecvizError, match="temperature"):
        SamplingPolicy(temperature=1e-300)


def test_the_heuristic_schedule_stays_within_the_hosts_max_k(tiny_pair):
    _, target = tiny_pair
    # The target drafting for itself: every proposal passes, so the heuristic grows k at every cycle.
    run = Decoder(target, target, DecodeConfig(k=2, k_max=6, schedule="heuristic", max_new_tokens=80)).run(PROMPT)
    assert max(c.k for c in run.cycles) == 6


def test_allowed_models_must_be_a_list_not_a_string(tmp_path):
    path = tmp_path / "host.toml"
    path.write_text('[hosting]\nallowed_models = "tiny-draft"\n')
    with pytest.raises(SpecvizError, match="allowed_models"):
        load_config({"SPECVIZ_CONFIG": str(path)})


def test_toy_token_labels_are_shown_literally_in_charts():
    result = toy.one_position([toy.Fraction(1, 2)] * 2, [toy.Fraction(1, 2)] * 2)
    for figure in (toy_figures.step_figure(result, ["<b>bold</b>", "1"]),
                   toy_figures.outcome_figure(result, ["<b>bold</b>", "1"])):
        assert all("<b>" not in str(label) for trace in figure.data for label in trace.x)
        assert figure.layout.xaxis.type == "category"  # a label "1" stays a name, not a number


def test_the_server_hides_error_details_and_keeps_the_hosts_port():
    config = load_config({})
    command = streamlit_command(config, [])
    assert command[command.index("--client.showErrorDetails") + 1] == "none"
    with pytest.raises(SpecvizError, match="port"):
        streamlit_command(config, ["--server.port", "8601"])


@pytest.mark.parametrize("argv, message", [
    (["toy", "--p", "1e-5000,1", "--q", "0.5,0.5"], "not a probability"),
    (["generate", "--prompt", "x", "--temperature", "1e-300"], "temperature"),
    (["generate", "--prompt", "x", "--device", "meta"], "unknown device"),
    (["generate", "--prompt", "x", "--target", "y" * 5000], "unknown model"),
    (["generate", "--prompt", "a\udcff", "--draft", "tiny-draft", "--target", "tiny-target"], "not valid text"),
])
def test_the_command_line_answers_in_one_line(argv, message):
    done = specviz(*argv)
    assert done.returncode == 2 and message in done.stderr and len(done.stderr.strip().splitlines()) == 1


def test_a_damaged_model_folder_is_one_line_from_the_command_line(tmp_path):
    from specviz.models.loader import load_model

    model = load_model("tiny-target", device="cpu", packed=False)
    model.model.save_pretrained(tmp_path, safe_serialization=True)
    model.tokenizer.save_pretrained(tmp_path)
    next(tmp_path.glob("*.safetensors")).write_bytes(b"not a tensor file" * 100)
    done = specviz("generate", "--prompt", "hi", "--draft", "tiny-draft", "--target", str(tmp_path))
    assert done.returncode == 2 and "could not load" in done.stderr and len(done.stderr.strip().splitlines()) == 1


def test_bench_checks_that_it_can_write_its_report_before_running(tmp_path):
    blocked = tmp_path / "file"
    blocked.write_text("")
    done = specviz("bench", "--quick", "--json", str(blocked / "report.json"))
    assert done.returncode == 2 and "cannot write" in done.stderr


def test_the_exactness_lab_keeps_one_row_of_logits_per_prompt(tiny_pair):
    """The lab's reference passes: logits for the last position only, not [batch, prompt, vocab]."""
    from specviz.engine import exactness

    draft, target = tiny_pair
    shapes = []
    handle = target.model.register_forward_hook(lambda module, args, output: shapes.append(output.logits.shape))
    try:
        decoder = Decoder(target, draft, DecodeConfig(schedule="constant", policy=SamplingPolicy(1.0, top_k=5)))
        prompt_ids = decoder.encode("def f(x): return x + 1  # a prompt of several tokens")
        first = exactness.exact_first(decoder, prompt_ids)
        exactness.exact_pairs(decoder, prompt_ids, first)
    finally:
        handle.remove()
    assert len(shapes) == 2 and all(shape[1] == 1 for shape in shapes), shapes


def test_a_two_token_sampled_run_shows_no_error_on_the_live_page():
    """A run too short for a measured budget (its only decode cycle proposes nothing) says nothing of it."""
    from streamlit.testing.v1 import AppTest
    from test_live import PAGE

    at = AppTest.from_file(PAGE, default_timeout=60)
    at.session_state["draft"], at.session_state["target"] = "tiny-draft", "tiny-target"
    at.session_state["max_new_tokens"], at.session_state["temperature"] = 2, 1.0
    for seed in range(1, 6):
        at.session_state["seed"] = seed
        at.run()
        next(b for b in at.button if b.label == "Run").click().run()
        assert not at.exception, seed
        at.run()  # and again: the error used to come back on every rerun
        assert not at.exception, seed
