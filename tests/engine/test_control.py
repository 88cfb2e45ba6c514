"""Schedules, stopping rules, seeds and the trace's JSON form."""

import dataclasses
import json

import pytest

from specviz.core.policy import SamplingPolicy
from specviz.engine.decoder import DecodeConfig, Decoder
from specviz.engine.schedules.heuristic import HeuristicSchedule
from specviz.engine.trace import CycleRecord, run_from_json
from specviz.errors import SpecvizError

PROMPT = "The quick brown fox"


def finished(k: int, accepted: int) -> CycleRecord:
    """A hand-built record of a cycle that proposed k tokens and accepted `accepted` of them."""
    return CycleRecord(index=1, k=k, proposed=[7] * k, proposed_texts=[], target_p=[], draft_q=[],
                       accept_prob=[1.0] * min(accepted + 1, k), uniforms=[], accepted=accepted,
                       kind="bonus" if accepted == k else "correction", emitted=[7] * (accepted + 1),
                       emitted_texts=[])


def test_heuristic_schedule_grows_by_two_and_shrinks_by_one():
    schedule = HeuristicSchedule(k=4, k_max=9)
    seen = []
    for proposed_all in (True, True, True, False, False, False, False, False):
        k = schedule.next_k()
        seen.append(k)
        schedule.update(finished(k, k if proposed_all else 0))
    assert seen == [4, 6, 8, 9, 8, 7, 6, 5]
    for _ in range(20):
        schedule.update(finished(schedule.next_k(), 0))
    assert schedule.next_k() == 1


def test_heuristic_schedule_in_a_run(tiny_pair):
    draft, target = tiny_pair
    run = Decoder(target, draft, DecodeConfig(k=3, schedule="heuristic", max_new_tokens=120)).run(PROMPT)
    for before, after in zip(run.cycles, run.cycles[1:-1]):
        full = before.accepted == len(before.proposed)
        assert after.k == max(1, min(32, before.k + 2 if full else before.k - 1)), (before, after)
    assert len({c.k for c in run.cycles}) > 1


def test_perfect_draft_under_heuristic_grows_k(tiny_pair):
    _, target = tiny_pair
    run = Decoder(target, target, DecodeConfig(k=1, schedule="heuristic", max_new_tokens=60)).run(PROMPT)
    assert [c.k for c in run.cycles[:4]] == [1, 3, 5, 7]


def test_dynamic_schedule_stops_when_the_draft_is_unsure(tiny_pair):
    draft, target = tiny_pair
    flat = SamplingPolicy(temperature=3.0)  # no draft distribution reaches a top probability of 1
    unsure = Decoder(target, draft, DecodeConfig(k=6, schedule="dynamic", confidence=1.0, policy=flat,
                                                 max_new_tokens=30)).run(PROMPT)
    # Never confident: one token, then verify (a cycle with no token budget left proposes none).
    assert all(len(c.proposed) == 1 for c in unsure.cycles if c.k > 0)
    sure = Decoder(target, draft, DecodeConfig(k=6, schedule="dynamic", confidence=0.0,
                                               max_new_tokens=30)).run(PROMPT)
    assert all(len(c.proposed) == c.k for c in sure.cycles)
    # Greedy: q is one-hot, but the confidence is the softmax of the draft's logits, which never reaches 1.
    greedy_unsure = Decoder(target, draft, DecodeConfig(k=6, schedule="dynamic", confidence=1.0,
                                                        max_new_tokens=30)).run(PROMPT)
    assert all(len(c.proposed) == 1 for c in greedy_unsure.cycles if c.k > 0)
    middle = Decoder(target, draft, DecodeConfig(k=3, schedule="dynamic", confidence=0.4,
                                                 max_new_tokens=60)).run(PROMPT)
    stopped_early = [c for c in middle.cycles if 0 < len(c.proposed) < c.k]
    full = [c for c in middle.cycles if len(c.proposed) == c.k == 3]
    assert stopped_early and full


def test_constant_schedule_keeps_k(tiny_pair):
    draft, target = tiny_pair
    run = Decoder(target, draft, DecodeConfig(schedule="constant", k=5, max_new_tokens=50)).run(PROMPT)
    done = 0
    for cycle in run.cycles:
        assert cycle.k == min(5, 50 - done - 1)  # never proposes past the token budget
        done += len(cycle.emitted)
    assert run.cycles[0].k == 5


@pytest.mark.parametrize("limit", [1, 2, 3, 5, 8, 13])
def test_max_new_tokens_is_exact(tiny_pair, limit):
    draft, target = tiny_pair
    for spec in (draft, None):
        run = Decoder(target, spec, DecodeConfig(schedule="constant", k=4, max_new_tokens=limit)).run(PROMPT)
        assert len(run.token_ids) == limit
        assert run.stop_reason == "max-new-tokens"


def test_eos_stops_and_nothing_follows(tiny_pair):
    draft, target = tiny_pair
    free = Decoder(target, draft, DecodeConfig(schedule="constant", k=4, max_new_tokens=30)).run(PROMPT).token_ids
    stop_token = free[6]
    first = free.index(stop_token)
    with_eos = dataclasses.replace(target, eos_ids=frozenset({stop_token}))
    for spec in (draft, None):
        run = Decoder(with_eos, spec, DecodeConfig(schedule="constant", k=4, max_new_tokens=30)).run(PROMPT)
        assert run.token_ids == free[: first + 1]
        assert run.stop_reason == "eos"


def test_stop_string_cuts_at_the_completing_token(tiny_pair):
    draft, target = tiny_pair
    free = Decoder(target, draft, DecodeConfig(schedule="constant", k=4, max_new_tokens=30)).run(PROMPT)
    decode = target.tokenizer.decode
    stop = decode(free.token_ids[9:11])
    for spec in (draft, None):
        run = Decoder(target, spec, DecodeConfig(schedule="constant", k=4, max_new_tokens=30,
                                                 stop_strings=(stop,))).run(PROMPT)
        assert run.stop_reason == "stop-string"
        assert stop in decode(run.token_ids) and stop not in decode(run.token_ids[:-1])
        assert run.token_ids == free.token_ids[: len(run.token_ids)]
        assert sum(len(c.emitted) for c in run.cycles) == len(run.token_ids)


def test_a_seed_reproduces_a_sampled_run(tiny_pair):
    draft, target = tiny_pair
    config = DecodeConfig(schedule="constant", k=3, max_new_tokens=40, seed=42, policy=SamplingPolicy(temperature=1.0))
    one, two = (Decoder(target, draft, config).run(PROMPT) for _ in range(2))
    assert one.token_ids == two.token_ids
    assert [c.uniforms for c in one.cycles] == [c.uniforms for c in two.cycles]
    other = Decoder(target, draft, dataclasses.replace(config, seed=43)).run(PROMPT)
    assert other.token_ids != one.token_ids


def test_trace_round_trips_through_json_without_loss(tiny_pair):
    draft, target = tiny_pair
    run = Decoder(target, draft, DecodeConfig(schedule="constant", k=4, max_new_tokens=40,
                                              policy=SamplingPolicy(1.0))).run(PROMPT)
    assert any(c.top is not None for c in run.cycles)
    again = run_from_json(run.to_json())
    assert again == run
    assert json.loads(again.to_json()) == json.loads(run.to_json())


def test_trace_records_what_a_viewer_needs(tiny_pair):
    draft, target = tiny_pair
    run = Decoder(target, draft, DecodeConfig(schedule="constant", k=4, max_new_tokens=60,
                                              policy=SamplingPolicy(1.0))).run(PROMPT)
    for cycle in run.cycles:
        checked = len(cycle.accept_prob)
        assert checked == min(cycle.accepted + 1, len(cycle.proposed))
        assert cycle.accept_prob == pytest.approx([min(1.0, p / q) for p, q in zip(cycle.target_p, cycle.draft_q)])
        for i, (u, a) in enumerate(zip(cycle.uniforms, cycle.accept_prob)):
            assert (u < a) == (i < cycle.accepted)
        if cycle.kind == "correction":
            assert cycle.top is not None and abs(sum(cycle.top.residual) - 1) < 1.0 or cycle.top.residual
            assert cycle.emitted[-1] in cycle.top.ids or len(cycle.top.ids) >= 10
        assert cycle.draft_ms >= sum(cycle.draft_ms_per_token) - 1e-6
    totals = run.totals
    assert totals.generated == len(run.token_ids) == sum(len(c.emitted) for c in run.cycles)
    assert totals.acceptance_by_position[0] == pytest.approx(
        sum(c.accepted > 0 for c in run.cycles if c.proposed) / sum(1 for c in run.cycles if c.proposed))
    assert run.timing.ttft_ms > 0 and run.timing.wall_ms >= run.timing.ttft_ms


@pytest.mark.parametrize("bad", ['{"schema_version": 99}', "[1, 2]", '{"schema_version": 1, "cycles": 3}', "{not json"])
def test_bad_traces_are_refused(bad):
    with pytest.raises(SpecvizError):
        run_from_json(bad)


@pytest.mark.parametrize(
    "path, value, message",
    [
        (("cycles", 0, "accepted"), "2", "wrong type"),
        (("cycles", 0, "accepted"), 99, "inconsistent"),
        (("cycles", 0, "kind"), "<script>", "inconsistent"),
        (("cycles", 0, "target_p"), ["x"], "wrong type"),
        (("cycles", 0, "top"), {"ids": [1]}, "no field"),
        (("token_ids",), [1.5], "wrong type"),
        (("policy",), [], "wrong type"),
        (("draft",), 3, "wrong type"),
    ],
)
def test_crafted_traces_with_wrong_types_are_refused(tiny_pair, path, value, message):
    draft, target = tiny_pair
    data = json.loads(Decoder(target, draft, DecodeConfig(schedule="constant", k=4,
                                                          max_new_tokens=8)).run(PROMPT).to_json())
    holder = data
    for step in path[:-1]:
        holder = holder[step]
    holder[path[-1]] = value
    with pytest.raises(SpecvizError, match=message):
        run_from_json(json.dumps(data))


def test_prompt_longer_than_the_context_is_refused(tiny_pair):
    draft, target = tiny_pair
    with pytest.raises(SpecvizError, match="context holds 2048"):
        Decoder(target, draft, DecodeConfig(schedule="constant")).run("x" * 3000)
    with pytest.raises(SpecvizError, match="empty"):
        Decoder(target, draft, DecodeConfig(schedule="constant")).run("   ")


def test_measured_budget_predicts_the_observed_tokens_per_cycle(tiny_pair):
    from specviz.engine.measured import measured_budget

    draft, target = tiny_pair
    spec = Decoder(target, draft, DecodeConfig(schedule="constant", k=4, max_new_tokens=200)).run(PROMPT)
    base = Decoder(target, None, DecodeConfig(schedule="constant", max_new_tokens=200)).run(PROMPT)
    budget = measured_budget(spec, base)
    # The positional formula's expectation equals the run's own mean when every cycle proposed k
    # (cycles near the end propose fewer, hence the tolerance).
    assert budget.predicted_tokens_per_cycle == pytest.approx(budget.observed_tokens_per_cycle, rel=0.1)
    assert budget.mean_k <= 4 and 0 < budget.cost_ratio_c
    assert budget.actual_speedup > 0 and budget.predicted_speedup > 0


def test_a_stop_string_cut_stays_inside_the_cycle_that_completed_it(tiny_pair):
    """Byte-level tokens: a prefix can end inside a character and decode to U+FFFD; no earlier cycle is cut."""
    draft, target = tiny_pair
    stopped = 0
    for seed in range(40):
        run = Decoder(target, draft, DecodeConfig(schedule="constant", k=4, max_new_tokens=40, seed=seed,
                                                  stop_strings=("\ufffd",),
                                                  policy=SamplingPolicy(temperature=1.5))).run(PROMPT)
        assert run.token_ids == [t for c in run.cycles for t in c.emitted], seed
        if run.stop_reason == "stop-string":
            stopped += 1
            before = [t for c in run.cycles[:-1] for t in c.emitted]
            assert run.cycles[-1].emitted and "\ufffd" not in target.tokenizer.decode(before), seed
    assert stopped >= 10  # the property was exercised
