"""The live decoding page on the tiny pair: run, colour by fate, inspect a cycle, measured budget."""

import json
from pathlib import Path

from streamlit.testing.v1 import AppTest

from specviz.models.loader import load_model
from specviz.text import literal

PAGE = str(Path(__file__).resolve().parents[2] / "pages" / "live.py")


def click(at: AppTest, label: str) -> AppTest:
    return next(b for b in at.button if b.label.startswith(label)).click().run()


def tiny_page(**state) -> AppTest:
    at = AppTest.from_file(PAGE, default_timeout=60)
    at.session_state["draft"], at.session_state["target"] = "tiny-draft", "tiny-target"
    at.session_state["prompt"] = "Il gatto"
    at.session_state["schedule"] = "constant"  # every cycle proposes: the tiny draft costs as much as its target
    for key, value in state.items():
        at.session_state[key] = value
    return at.run()


def test_run_shows_tokens_by_fate_and_the_measured_budget():
    at = tiny_page(temperature=1.0, max_new_tokens=40)
    assert not at.exception
    click(at, "Run")
    assert not at.exception and not at.error
    page_html = " ".join(element.proto.body for element in at.get("html"))
    assert 'class="sv-accepted"' in page_html and 'class="sv-correction"' in page_html
    labels = [m.label for m in at.metric]
    assert "measured speed-up" in labels and "budget formula, observed α" in labels
    charts = [json.loads(chart.proto.spec) for chart in at.get("plotly_chart")]
    titles = [chart["layout"]["title"]["text"] for chart in charts]
    assert "Cycle timeline" in titles and "Where the time goes" in titles
    run = at.session_state["runs"][-1]
    timeline = next(c for c in charts if c["layout"]["title"]["text"] == "Cycle timeline")
    accepted = next(trace for trace in timeline["data"] if trace["name"] == "accepted")
    assert accepted["y"] == [c.accepted for c in run.cycles]
    click(at, "Run")  # a second run streams against the baseline measured by the first
    assert any("speed-up so far" in c.value for c in at.caption)


def test_inspecting_a_rejected_cycle_shows_p_q_and_the_residual():
    at = tiny_page(temperature=1.0, max_new_tokens=40)
    click(at, "Run")
    run = at.session_state["runs"][-1]
    rejected = next(c for c in run.cycles if c.kind == "correction")
    if len(run.cycles) > 1:
        at.select_slider(key="live_cycle").set_value(rejected.index + 1).run()
    assert not at.exception
    rows = at.dataframe[0].value
    assert list(rows["verdict"])[rejected.accepted] == "rejected"
    figure = next(json.loads(c.proto.spec) for c in at.get("plotly_chart")
                  if "rejected position" in json.loads(c.proto.spec)["layout"]["title"]["text"])
    assert [t["name"] for t in figure["data"]] == ["target p", "draft q", "residual (normalised)"]
    assert figure["data"][0]["y"] == rejected.top.target_p


def test_greedy_run_equals_the_target_alone():
    at = tiny_page(temperature=0.0, max_new_tokens=30)
    click(at, "Run")
    assert at.session_state["runs"][-1].token_ids == at.session_state["baseline"].token_ids
    assert any("token for token" in c.value for c in at.caption)


def test_step_mode_advances_one_cycle_per_click():
    at = tiny_page(max_new_tokens=20)
    click(at, "Step mode")
    assert any("Step mode: each click runs one cycle" in i.value for i in at.info)  # turning it on explains it
    for expected in (1, 2, 3):
        at.session_state["step_frame"] = 3  # a frame looked at in the cycle before
        click(at, "Next cycle")
        assert len(at.session_state["step_run"].record.cycles) == expected
        if expected > 1:  # the cycle view follows the record: the cycle just made, from its first frame
            assert at.select_slider(key="step_cycle").value == expected
        assert at.session_state["step_frame"] == 1
        assert any(f"Cycles so far: {expected}." in i.value for i in at.info)
        title = next(m.value for m in at.markdown if m.value.startswith("**1 ·"))
        assert "(1/5)" in title
    assert not at.exception


def test_bad_input_shows_a_message_and_the_page_keeps_working():
    at = tiny_page()
    at.session_state["prompt"] = "   "
    at.run()
    click(at, "Run")
    assert "prompt is empty" in at.error[0].value
    at.session_state["draft"] = "no-such-model"  # a name the host does not offer: the picker shows one that pairs
    at.session_state["prompt"] = "hello"
    at.run()
    assert at.session_state["draft"] == "tiny-draft"
    click(at, "Run")
    assert not at.error and at.session_state["runs"]


def test_mismatched_tokenizers_show_a_message(tmp_path, hosting):
    hosting(ALLOW_LOCAL_FOLDERS="1")
    draft = load_model("tiny-draft", device="cpu", packed=False)  # dense weights, to save
    draft.model.save_pretrained(tmp_path, safe_serialization=True)
    draft.tokenizer.save_pretrained(tmp_path)
    other = type(draft.tokenizer).from_pretrained(str(tmp_path))  # a real tokenizer with one token more
    other.add_tokens(["<extra>"])
    other.save_pretrained(tmp_path)
    at = tiny_page(draft=str(tmp_path))
    click(at, "Run")
    assert not at.exception
    assert "different tokenizers" in at.error[0].value


def test_the_default_budget_schedule_shows_the_k_it_chose_per_cycle():
    at = tiny_page(schedule="budget", max_new_tokens=40)
    click(at, "Run")
    assert not at.exception
    run = at.session_state["runs"][-1]
    assert run.settings.schedule == "budget" and run.token_ids == at.session_state["baseline"].token_ids
    timeline = next(json.loads(c.proto.spec) for c in at.get("plotly_chart")
                    if json.loads(c.proto.spec)["layout"]["title"]["text"] == "Cycle timeline")
    chosen = next(trace for trace in timeline["data"] if trace["name"] == "k chosen")
    assert chosen["y"] == [c.k for c in run.cycles] and len(set(chosen["y"])) > 1


def test_laptop_mode_runs_int8_weights_and_says_whose_distribution_the_output_follows(monkeypatch):
    from pages.ui.hosting import hosting

    monkeypatch.setenv("SPECVIZ_LAPTOP", "1")
    hosting.clear()
    try:
        at = tiny_page(temperature=0.0, max_new_tokens=24)
        click(at, "Run")
        assert not at.exception and not at.error
        run = at.session_state["runs"][-1]
        assert run.target_kernels == "int8-weights" and run.draft_dtype == "int8-weights"
        assert run.token_ids == at.session_state["baseline"].token_ids
        weights = literal("int8-weights")  # the record's dtypes are shown literally: Markdown escaped
        line = next(c.value for c in at.caption if c.value.startswith(f"draft {weights}"))
        assert f"target {weights} (laptop mode: the output follows this int8 target's distribution" in line
        at.session_state["lang"] = "it"
        at.run()
        assert any("modalità portatile" in c.value for c in at.caption)
    finally:
        monkeypatch.delenv("SPECVIZ_LAPTOP")
        hosting.clear()


def test_the_first_run_uses_the_models_the_preload_loaded(monkeypatch):
    """The preload and a Run must hit the same cache entries: one load per model, not two."""
    from pages.ui import models
    from specviz.models import fast
    from specviz.serving import preload

    loads = []
    real_load = fast.load_model
    monkeypatch.setattr(fast, "load_model", lambda name, *a, **k: loads.append(name) or real_load(name, *a, **k))
    monkeypatch.setenv(preload.ENABLED, "1")
    monkeypatch.setattr(preload, "default_pair", lambda allowed: [("tiny-target", "target"), ("tiny-draft", "draft")])
    models._cached_model.clear()
    models.preloading.clear()
    try:
        at = tiny_page(temperature=0.0, max_new_tokens=12)
        job = models.preloading()
        job.thread.join(timeout=60)
        assert job.done and loads == ["tiny-target", "tiny-draft"]
        click(at, "Run")
        assert not at.exception and at.session_state["runs"]
        assert loads == ["tiny-target", "tiny-draft"]  # the Run loaded nothing more
    finally:
        models.preloading.clear()
        models._cached_model.clear()


def test_prompt_lookup_runs_without_a_draft_model_and_shows_where_it_copied_from():
    at = tiny_page(drafter="ngram", prompt="ab ab ab ab a", max_new_tokens=16, k=4)
    click(at, "Run")
    assert not at.exception and not at.error
    run = at.session_state["runs"][-1]
    assert run.drafter == "ngram" and run.draft is None and run.cycles[0].sources
    page_html = " ".join(element.proto.body for element in at.get("html"))
    assert 'class="sv-source"' in page_html and 'class="sv-copy"' in page_html  # cycle 1, frame 1: the copy
    assert any("Prompt lookup drafted this run" in i.value for i in at.info)
    assert not [s for s in at.selectbox if s.label == "Draft model"]  # no draft model to pick


def test_the_run_and_the_target_alone_are_measured_side_by_side(monkeypatch):
    """Their cycles interleave (not one run, then the other), and the page gives the speed-up by part of the text."""
    from specviz.engine.run import DecodeRun

    order, step = [], DecodeRun.step

    def logged(run):
        order.append(run.decoder.speculative)
        return step(run)

    monkeypatch.setattr(DecodeRun, "step", logged)
    at = tiny_page(temperature=0.0, max_new_tokens=40, k=3)
    click(at, "Run")
    assert not at.exception and not at.error
    spec_cycles = len(at.session_state["runs"][-1].cycles)
    assert order.count(True) == spec_cycles and order.count(False) == len(at.session_state["baseline"].cycles)
    assert sum(a != b for a, b in zip(order, order[1:])) >= spec_cycles - 1
    assert any(c.value.startswith("Speed-up over each quarter of the text") for c in at.caption)


def test_a_sampled_run_says_what_its_seed_promises_and_auto_fixes_the_text():
    """auto samples with coupled draws: the run equals the target alone beside it, and the page says so."""
    at = tiny_page(temperature=1.0, max_new_tokens=24, seed=5, k=3)
    assert at.session_state["verifier"] == "auto"
    click(at, "Run")
    assert not at.exception
    run = at.session_state["runs"][-1]
    assert (run.verifier, run.noise) == ("coupled", "gumbel-splitmix64-v1")
    assert run.token_ids == at.session_state["baseline"].token_ids  # the target alone, same seed: the same text
    assert any("Same seed, same text" in info.value and "seed 5" in info.value for info in at.info)
    at = tiny_page(verifier="token", temperature=1.0, max_new_tokens=24, seed=5, k=3)
    click(at, "Run")
    assert not at.exception and at.session_state["runs"][-1].verifier == "token"
    assert any("Same distribution, not the same text (token rule)" in info.value for info in at.info)


def test_a_greedy_run_under_auto_is_the_token_rule_and_promises_nothing_about_seeds():
    at = tiny_page(max_new_tokens=12)
    click(at, "Run")
    assert not at.exception and at.session_state["runs"][-1].verifier == "token"
    assert not any("seed" in info.value.lower() for info in at.info)
