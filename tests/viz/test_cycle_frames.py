"""One cycle taken apart: each frame's data comes from the cycle's record and the engine's own caches."""

import json

import pytest

from specviz.engine.decoder import DecodeConfig, Decoder
from specviz.engine.trace import run_from_json
from specviz.viz.cycle_frames import STAGES, frames, single_step, slots

PROMPT = "def f(x):"


@pytest.fixture(scope="module")
def sampled_run(tiny_pair):
    """A sampled run with rejections and bonuses, stepped by hand so the caches can be read after each cycle."""
    draft, target = tiny_pair
    from specviz.core.policy import SamplingPolicy

    run = Decoder(target, draft, DecodeConfig(schedule="constant", k=4, max_new_tokens=80, seed=3,
                                              policy=SamplingPolicy(temperature=1.0))).start(PROMPT)
    caches = []
    while not run.finished:
        run.step()
        caches.append(run.caches())
    return run.record, caches


def test_the_recorded_cache_lengths_are_the_engines(sampled_run):
    record, caches = sampled_run
    for cycle, after in zip(record.cycles, caches):
        assert (cycle.caches.target_kept, cycle.caches.draft_kept) == (after.target, after.draft)
        # Filled: the confirmed text before the cycle plus every proposal; kept: plus the accepted ones.
        before = cycle.caches.target_kept - cycle.accepted
        assert cycle.caches.target_filled == before + len(cycle.proposed)
        assert after.confirmed == before + len(cycle.emitted) or cycle is record.cycles[-1]


def test_every_cycle_has_five_frames_in_both_languages(sampled_run):
    record, _ = sampled_run
    kinds = {c.kind for c in record.cycles}
    assert kinds == {"correction", "bonus"}, kinds  # the run exercises both endings
    for index in range(len(record.cycles)):
        for language in ("en", "it"):
            shown = frames(record, index, language)
            assert [f.stage for f in shown] == list(range(1, STAGES + 1))
            assert all(f.sentence and f.title for f in shown)


def test_the_frames_draw_the_cycles_numbers(sampled_run):
    record, _ = sampled_run
    index = next(i for i, c in enumerate(record.cycles) if c.kind == "correction" and c.top and i > 0)
    cycle = record.cycles[index]
    one, two, three, four, five = frames(record, index)
    assert list(one.figure.data[0].y) == pytest.approx(cycle.proposal_q)
    assert cycle.proposal_q[: len(cycle.draft_q)] == pytest.approx(cycle.draft_q)  # q(x) of the checked ones
    assert two.figure.data[0].x[0] == pytest.approx(cycle.verify_ms)
    bars, marks = three.figure.data
    checked = len(cycle.accept_prob)
    assert list(bars.y[:checked]) == pytest.approx(cycle.accept_prob) and list(marks.y) == pytest.approx(cycle.uniforms)
    assert f"position {cycle.accepted + 1}" in three.sentence
    assert [list(bar.y) for bar in four.figure.data] == [cycle.top.target_p, cycle.top.draft_q, cycle.top.residual]
    assert four.figure.layout.xaxis.type == "category"
    cropped = [d for d in five.figure.data if d.name == "cropped"][0]
    assert len(cropped.x) == (cycle.caches.target_filled - cycle.caches.target_kept) + (
        cycle.caches.draft_filled - cycle.caches.draft_kept)
    assert f"from {cycle.caches.target_filled} to {cycle.caches.target_kept}" in five.sentence


def test_a_replayed_trace_gives_the_same_frames(sampled_run):
    record, _ = sampled_run
    replayed = run_from_json(record.to_json())
    for index in (0, len(record.cycles) - 1):
        assert [(f.title, f.sentence) for f in frames(replayed, index)] == \
            [(f.title, f.sentence) for f in frames(record, index)]


def test_a_trace_without_the_new_fields_still_gives_five_frames(sampled_run):
    record, _ = sampled_run
    data = json.loads(record.to_json())
    for cycle in data["cycles"]:
        del cycle["proposal_q"], cycle["caches"]
    old = run_from_json(json.dumps(data))
    shown = frames(old, 1)
    assert len(shown) == STAGES and "does not record" in shown[4].sentence and shown[4].figure is None


def test_a_single_step_comes_from_k0_cycles_or_the_baseline(tiny_pair):
    draft, target = tiny_pair
    budget = Decoder(target, draft, DecodeConfig(k=2, schedule="budget", max_new_tokens=30)).run(PROMPT)
    assert single_step(budget).source == "k0"
    constant = Decoder(target, draft, DecodeConfig(schedule="constant", k=2, max_new_tokens=30)).run(PROMPT)
    # A run's last cycle may have no room to propose (a single step too); keep the proposing ones only.
    constant.cycles = [c for c in constant.cycles if c.proposed]
    alone = Decoder(target, None, DecodeConfig(schedule="constant", max_new_tokens=30)).run(PROMPT)
    assert single_step(constant) is None and single_step(constant, alone).source == "baseline"
    assert "one step" in frames(constant, 1, baseline=alone)[1].sentence


def test_a_strip_shows_the_last_confirmed_slots_then_the_cycles():
    drawn = slots(filled=14, kept=12, confirmed_before=10)
    assert [s for _, s in drawn] == ["confirmed"] * 6 + ["accepted"] * 2 + ["cropped"] * 2
    assert drawn[0][0] == 4


def test_the_first_frame_says_who_drafted_each_hybrid_cycle_and_why(tiny_pair):
    from specviz.text import text

    draft, target = tiny_pair
    record = Decoder(target, draft, DecodeConfig(k=4, schedule="constant", max_new_tokens=40,
                                                 drafter="hybrid")).run("xyz ab ab a")
    seen = set()
    for index, cycle in enumerate(record.cycles):
        first = frames(record, index, "it")[0]
        if cycle.drafter_choice:
            assert first.sentence.startswith(text(f"frame.1.hybrid.{cycle.drafter_choice}", "it"))  # why, first
        else:  # only a cycle that could propose nothing (the last token) has no choice to explain
            assert cycle.k == 0 and index == len(record.cycles) - 1 and first.sentence == text("frame.1.none", "it")
        seen.add(cycle.hybrid_source)
        if cycle.hybrid_source == "copy":  # the text with the copied span, no q chart
            assert cycle.sources and first.html and first.figure is None and "La ricerca nel prompt" in first.sentence
        elif cycle.hybrid_source == "model":  # the usual sentence and q chart
            assert cycle.proposed and not cycle.sources and first.figure is not None
        else:  # the target alone: nothing proposed, nothing drawn
            assert not cycle.proposed and first.figure is None
    assert {"copy", "model"} <= seen
