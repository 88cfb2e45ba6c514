"""The budget schedule chooses k (0 included) from measured costs and acceptance: hand-built cycles force each case."""

import pytest

from specviz.core.budget import tokens_per_cycle_positional
from specviz.engine.decoder import DecodeConfig, Decoder
from specviz.engine.schedules.budget import GROWTH, PROBE_EVERY, BudgetSchedule
from specviz.engine.trace import CycleRecord


def cycle(k: int, accepted: int, draft_ms: float, verify_ms: float, overhead_ms: float = 2.0) -> CycleRecord:
    """A finished cycle that proposed k tokens, accepted a prefix of `accepted`, with these times."""
    checked = min(accepted + 1, k)  # positions checked: the accepted ones and the first rejected one
    return CycleRecord(index=0, k=k, proposed=[5] * k, proposed_texts=[], target_p=[], draft_q=[],
                       accept_prob=[0.5] * checked, uniforms=[], accepted=accepted,
                       kind="bonus" if accepted == k else "correction", emitted=[5] * (accepted + 1),
                       emitted_texts=[], draft_ms=draft_ms * k, verify_ms=verify_ms, overhead_ms=overhead_ms)


def feed(schedule: BudgetSchedule, cycles: int, accept, draft_ms: float, verify_ms, single_ms: float) -> list[int]:
    """Run `cycles` cycles at the schedule's choices; accept(k) gives how many it accepts. The ks chosen."""
    chosen = []
    for _ in range(cycles):
        k = schedule.next_k()
        chosen.append(k)
        schedule.update(cycle(k, accept(k), draft_ms, verify_ms(k) if k else single_ms))
    return chosen


def test_an_untimed_single_step_is_assumed_as_cheap_as_the_cheapest_pass_so_k0_gets_tried():
    wrong = BudgetSchedule(k=3, k_max=8)  # a draft that is never right: k = 0 is tried and timed
    assert feed(wrong, 3, accept=lambda k: 0, draft_ms=30, verify_ms=lambda k: 100, single_ms=90) == [3, 3, 0]
    assert wrong.verify_ms[0] == 90
    right = BudgetSchedule(k=3, k_max=8)  # a draft that is always right: no cycle is spent on k = 0
    assert 0 not in feed(right, 6, accept=lambda k: k, draft_ms=10, verify_ms=lambda k: 100, single_ms=90)


def test_a_cheap_draft_that_is_always_right_grows_k_a_few_steps_at_a_time_up_to_k_max():
    schedule = BudgetSchedule(k=2, k_max=9)
    chosen = feed(schedule, 12, accept=lambda k: k, draft_ms=5, verify_ms=lambda k: 100, single_ms=100)
    assert chosen[:2] == [2, 2]
    timed = [max(chosen[1:i + 1]) for i in range(1, len(chosen) - 1)]  # cycle 0 is not timed
    assert all(k <= largest + GROWTH for k, largest in zip(chosen[2:], timed))
    assert chosen[-3:] == [9, 9, 9]


def test_a_draft_that_is_always_wrong_gives_way_to_the_target_alone_with_probes():
    schedule = BudgetSchedule(k=4, k_max=8)
    chosen = feed(schedule, 40, accept=lambda k: 0, draft_ms=30, verify_ms=lambda k: 120, single_ms=100)
    settled = chosen[3:]
    assert settled.count(0) >= len(settled) - len(settled) // PROBE_EVERY - 1
    probes = [i for i, k in enumerate(settled) if k]
    assert probes and all(b - a == PROBE_EVERY for a, b in zip(probes, probes[1:]))


def test_the_run_returns_to_speculation_when_the_text_becomes_predictable():
    schedule = BudgetSchedule(k=2, k_max=8)
    feed(schedule, 30, accept=lambda k: 0, draft_ms=10, verify_ms=lambda k: 110, single_ms=100)
    assert schedule.next_k() == 0 or schedule.since_proposal == 0
    later = feed(schedule, 60, accept=lambda k: k, draft_ms=10, verify_ms=lambda k: 110, single_ms=100)
    assert later[-10:] == [max(later)] * 10 and max(later) >= 4


def test_each_choice_is_the_best_expected_rate_of_the_formula():
    schedule = BudgetSchedule(k=4, k_max=8)
    feed(schedule, 25, accept=lambda k: min(k, 2), draft_ms=20, verify_ms=lambda k: 100 + 10 * k, single_ms=90)
    for k, rate in schedule.rates.items():
        expected = tokens_per_cycle_positional(schedule.acceptance(k)) / schedule.cost_ms(k)
        assert rate == pytest.approx(expected)
    best = max(schedule.rates, key=lambda k: (schedule.rates[k], -k))
    assert schedule.next_k() in (best, schedule.best_positive)
    # Two positions always pass, the third always fails: k = 2 is worth its cost, k = 3 is not.
    assert best == 2


def test_cycle_zero_reads_the_prompt_and_its_times_are_left_out():
    schedule = BudgetSchedule(k=3)
    schedule.update(cycle(3, 3, draft_ms=500, verify_ms=5000))
    assert schedule.verify_ms == {} and schedule.draft_ms is None
    assert schedule.reached == [1, 1, 1]  # its acceptance still counts


def test_greedy_text_under_the_budget_schedule_is_the_target_alones(tiny_pair):
    draft, target = tiny_pair
    for prompt in ("def f(x):", "The quick brown fox", "Once upon a time"):
        alone = Decoder(target, None, DecodeConfig(schedule="constant", max_new_tokens=60)).run(prompt).token_ids
        for k in (1, 4):
            run = Decoder(target, draft, DecodeConfig(k=k, schedule="budget", max_new_tokens=60)).run(prompt)
            assert run.token_ids == alone, (prompt, k)
            assert run.cycles[0].k == k  # the views show the k chosen per cycle
