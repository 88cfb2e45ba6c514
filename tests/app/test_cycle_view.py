"""The Live page's cycle frames, cache strips, time race, pickers and presentation mode, checked against the record."""

import json

import pytest
from test_live import click, tiny_page

from specviz.models import memory, modes


def charts(at) -> list[dict]:
    return [json.loads(chart.proto.spec) for chart in at.get("plotly_chart")]


def titled(at, words: str) -> dict:
    return next(c for c in charts(at) if words in (c["layout"].get("title") or {}).get("text", ""))


@pytest.fixture(scope="module")
def after_a_run():
    at = tiny_page(temperature=1.0, max_new_tokens=40, seed=2, verifier="token")  # the article's rule, by name
    click(at, "Run")
    assert not at.exception
    return at


def test_the_frames_step_through_the_five_stages_of_the_chosen_cycle(after_a_run):
    at = after_a_run
    run = at.session_state["runs"][-1]
    rejected = next(c for c in run.cycles if c.kind == "correction" and c.index > 0)
    at.select_slider(key="live_cycle").set_value(rejected.index + 1).run()
    assert any("1 · The draft proposes" in m.value for m in at.markdown)
    assert titled(at, "q of each proposed token")["data"][0]["y"] == pytest.approx(rejected.proposal_q)
    click(at, "Next")
    assert titled(at, "Measured time of the target's passes")["data"][0]["x"][0] == pytest.approx(rejected.verify_ms)
    click(at, "Next")
    checks = titled(at, "min(1, p/q)")
    assert checks["data"][0]["y"][: len(rejected.accept_prob)] == pytest.approx(rejected.accept_prob)
    assert checks["data"][1]["y"] == pytest.approx(rejected.uniforms)
    click(at, "Next")
    residual = titled(at, "At the rejected position")
    assert [trace["y"] for trace in residual["data"]] == [rejected.top.target_p, rejected.top.draft_q,
                                                         rejected.top.residual]
    click(at, "Next")
    strips = titled(at, "KV caches after the cycle")
    cropped = next(t for t in strips["data"] if t["name"] == "cropped")
    caches = rejected.caches
    assert len(cropped["x"]) == caches.target_filled - caches.target_kept + caches.draft_filled - caches.draft_kept
    assert any(f"from {caches.target_filled} to {caches.target_kept}" in m.value for m in at.markdown)
    next_button = next(b for b in at.button if b.label.startswith("Next ▶"))
    assert next_button.disabled  # the last frame
    click(at, "◀ Previous")
    assert any("4 · Correction or bonus" in m.value for m in at.markdown)


def test_the_time_race_adds_up_the_recorded_cycles(after_a_run):
    at = after_a_run
    run, baseline = at.session_state["runs"][-1], at.session_state["baseline"]
    race = next(c for c in charts(at) if any(t["name"] == "speculative" for t in c["data"]))
    speculative, alone = race["data"]
    assert speculative["x"][-1] == len(run.token_ids)
    assert speculative["y"][-1] == pytest.approx(sum(c.cycle_ms for c in run.cycles))
    assert alone["name"] == "target alone (measured)"
    assert alone["y"][-1] == pytest.approx(sum(c.cycle_ms for c in baseline.cycles))


def test_the_pair_configuration_and_the_tiny_pair_warning_are_shown(after_a_run):
    at = after_a_run
    assert any(c.value.startswith("draft ") and "target float32" in c.value and "CPU" in c.value for c in at.caption)
    assert any("random weights" in i.value for i in at.info)


def test_the_pickers_offer_the_hosts_models_and_mark_pairs_that_cannot_pair():
    at = tiny_page()
    draft = at.selectbox(key="draft_pick")
    mode = modes.choose("qwen2.5-coder-0.5b", "qwen2.5-coder-1.5b", "auto", "server").mode  # the server's own choice
    held = memory.measured("qwen2.5-coder-0.5b", mode.draft_dtype).held / memory.GB  # as measured, in that mode
    assert draft.value == "tiny-draft"
    assert any(o.startswith(f"qwen2.5-coder-0.5b · {held:.1f} GB") for o in draft.options), draft.options
    at.selectbox(key="target_pick").set_value("qwen2.5-coder-1.5b").run()
    assert at.session_state["target"] == "qwen2.5-coder-1.5b"
    shown = at.selectbox(key="draft_pick").proto.options
    assert any("smollm2-135m" in o and "cannot pair with qwen2.5-coder-1.5b" in o for o in shown), shown
    assert any(o.startswith("qwen2.5-coder-0.5b") and "cannot pair" not in o for o in shown), shown


def test_presentation_mode_hides_discarded_tokens_and_is_shareable():
    from specviz.settings import from_query

    spans, fonts = {}, {}
    for presenting in (False, True):
        at = tiny_page(temperature=1.0, max_new_tokens=40, seed=2, presentation=presenting)
        click(at, "Run")
        spans[presenting] = " ".join(h.proto.body for h in at.get("html") if "sv-tokens" in h.proto.body)
        charts = [json.loads(c.proto.spec)["layout"] for c in at.get("plotly_chart")]
        fonts[presenting] = {layout.get("font", {}).get("size") for layout in charts}
        fonts[presenting] |= {layout.get("xaxis", {}).get("tickfont", {}).get("size") for layout in charts} - {None}
    assert "sv-discarded" in spans[False] and "sv-discarded" not in spans[True]
    assert "66;border-bottom:4px" in spans[True]  # stronger colours for a projector
    assert fonts[True] == {18, 16} and not fonts[False] & {18, 16}  # every chart's text larger for a projector
    assert from_query("presentation", "1", {}) is True and from_query("presentation", "no", {}) is False
