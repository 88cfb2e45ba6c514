"""Exactness lab on the tiny pair: the exact rule fits, the broken rules are caught, greedy is identical."""

import json
from pathlib import Path

from streamlit.testing.v1 import AppTest

from specviz.engine.exactness import LAB_VARIANTS
from specviz.text import text

PAGE = str(Path(__file__).resolve().parents[2] / "pages" / "exactness.py")


def lab(rule: str, two: bool = False, top_k: int = 20) -> AppTest:
    at = AppTest.from_file(PAGE, default_timeout=120)
    at.session_state["draft"], at.session_state["target"] = "tiny-draft", "tiny-target"
    at.run()
    at.number_input(key="lab_top_k").set_value(top_k)
    at.slider(key="lab_runs").set_value(1000)
    variants = {text(key, "en"): key for key in LAB_VARIANTS}  # the options are text keys, shown translated
    at.radio(key="lab_rule").set_value(variants[rule])
    at.checkbox(key="lab_two").set_value(two)
    next(b for b in at.button if b.label == "Run the experiment").click().run()
    assert not at.exception
    return at


def test_exact_rule_fits_first_and_two_tokens():
    at = lab("exact rule", two=True)
    assert len(at.success) == 4 and not at.error, [e.value for e in at.error]
    overlay = json.loads(at.get("plotly_chart")[0].proto.spec)
    assert overlay["data"][0]["name"] == "target's exact p"


def test_naive_rule_is_caught_but_the_target_alone_still_fits():
    at = lab("broken: naive correction (resample from p)")
    assert any(e.value.startswith("speculative, first token") and "does NOT fit" in e.value for e in at.error)
    assert any(s.value.startswith("target alone, first token") for s in at.success)


def test_greedy_mismatch_drafter_is_caught():
    at = lab("broken: draft proposes greedily but reports its sampling q")
    assert any("speculative" in e.value and "does NOT fit" in e.value for e in at.error)


def test_greedy_comparison_is_identical():
    at = AppTest.from_file(PAGE, default_timeout=60)
    at.session_state["draft"], at.session_state["target"] = "tiny-draft", "tiny-target"
    at.run()
    next(b for b in at.button if b.label.startswith("Compare greedy")).click().run()
    assert any("Identical, token for token: 32 tokens" in s.value for s in at.success)


def test_a_lab_job_runs_in_steps_and_keeps_the_pairs_it_finished(tiny_pair):
    from specviz.core.policy import SamplingPolicy
    from specviz.engine.exactness import LabJob

    draft, target = tiny_pair
    job = LabJob(target, draft, "def f(x):", SamplingPolicy(1.0, top_k=20), 50, False, "exactness.variant.exact")
    steps = job.steps()
    assert [next(steps) for _ in range(10)] == list(range(1, 11))  # one seeded pair per step
    result = job.result()
    assert (result.runs_done, result.runs_asked, result.complete) == (10, 50, False)
    assert sum(result.first[0].counts) == sum(result.first[1].counts) == 10


def test_a_stopped_experiment_keeps_what_it_finished_and_frees_the_queue(monkeypatch):
    from streamlit.runtime.scriptrunner_utils.exceptions import StopException

    from specviz.engine import exactness

    real, calls = exactness.sample_first_tokens, []

    def stopped_after_some(*args, **kwargs):
        calls.append(1)
        if len(calls) > 40:  # 20 seeded pairs, then the user presses Stop
            raise StopException()
        return real(*args, **kwargs)

    monkeypatch.setattr(exactness, "sample_first_tokens", stopped_after_some)
    at = AppTest.from_file(PAGE, default_timeout=120)
    at.session_state["draft"], at.session_state["target"] = "tiny-draft", "tiny-target"
    at.run()
    next(b for b in at.button if b.label == "Run the experiment").click().run()
    at.run()  # the next rerun finds the stopped job
    assert not at.exception
    assert any("stopped after 20 of 500" in w.value for w in at.warning)
    assert at.session_state["lab_result"].runs_done == 20
    from pages.ui.hosting import generation_queue

    with generation_queue().turn(timeout_s=1):  # the slot was given back
        pass


def test_the_lab_starts_on_the_tiny_pair_apart_from_the_live_pages_pair_and_explains_itself():
    at = AppTest.from_file(PAGE, default_timeout=60).run()
    assert not at.exception
    assert (at.session_state["lab_draft"], at.session_state["lab_target"]) == ("tiny-draft", "tiny-target")
    assert at.slider(key="lab_runs").value == 500  # about 8 s on the tiny pair on a 2-core CPU
    assert at.session_state["target"] == "qwen2.5-coder-1.5b"  # the Live page's pair is untouched
    assert text("exactness.plain", "en") in [m.value for m in at.expander[0].markdown]
    at.selectbox(key="lab_target_pick").set_value("qwen2.5-coder-1.5b").run()
    assert at.session_state["lab_target"] == "qwen2.5-coder-1.5b"
    assert at.session_state["draft"] == "qwen2.5-coder-0.5b" and at.session_state["target"] == "qwen2.5-coder-1.5b"


def test_the_lab_offers_every_exact_and_broken_rule_and_judges_them():
    # Exact rules fit; the raw-q drafter does not once top-k cuts away much of q (here top-k = 3).
    for rule in ("exact: block verification (Sun et al. 2025)", "exact: sample and match (the target's own draw)"):
        at = lab(rule)
        assert not at.error and any(s.value.startswith("speculative, first token") for s in at.success), rule
    at = lab("broken: q from unfiltered logits, token drawn after top-k", top_k=3)
    assert any(e.value.startswith("speculative, first token") and "does NOT fit" in e.value for e in at.error)
