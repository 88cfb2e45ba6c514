"""The hybrid drafter's choice of source, fed hand-made acceptance counts and times that force each outcome."""

import pytest

from specviz.core.budget import tokens_per_cycle
from specviz.core.online_costs import FadedRate, PassTimes
from specviz.engine.drafters.source_choice import (
    FADE,
    LONGEST_MATCH,
    MAX_WAIT,
    PRIOR_WEIGHT,
    PROBE_EVERY,
    PROBE_TOKENS,
    VERIFY_SPREAD,
    Acceptance,
    Decision,
    SourceChoice,
)


def measured(model_rate: float, verify_ms: dict[int, float], draft_ms: float = 40.0) -> SourceChoice:
    """A choice that has seen the model accept `model_rate` of its positions over many cycles."""
    choice = SourceChoice(times=PassTimes(dict(verify_ms)), draft_ms=draft_ms, started=True)
    choice.model = Acceptance(0.5, FadedRate(passed=100 * model_rate, reached=100.0))
    return choice


def test_the_model_drafts_until_a_target_pass_has_been_timed():
    choice = SourceChoice()
    first = choice.choose(8, copy_length=8, match=5)
    assert first == Decision("model", "first", 8)
    choice.finished(first, accepted=3, cycle_ms=None, draft_ms=400.0, draft_ms_per_token=40.0)  # read the prompt
    assert choice.model.passed == 3 and choice.model.reached == 4  # its acceptance counts, its time does not
    assert not choice.verify_ms and choice.choose(8).reason == "first"
    choice.finished(Decision("model", "first", 8), accepted=8, cycle_ms=800.0, draft_ms=320.0)
    assert choice.verify_ms == {9: 480.0}  # the target's part: the cycle less its drafting
    assert choice.choose(8).reason != "first"


def test_the_expected_rate_is_the_budget_formula_with_what_was_measured():
    choice = measured(0.75, {9: 480.0, 5: 400.0}, draft_ms=40.0)
    rate = choice.model.rate()
    assert rate == pytest.approx((75 + PRIOR_WEIGHT * 0.5) / (100 + PRIOR_WEIGHT))
    assert choice.rate("model", 8) == pytest.approx(tokens_per_cycle(rate, 8) / (480.0 + 8 * 40.0))
    assert choice.rate("model", 4) == pytest.approx(tokens_per_cycle(rate, 4) / (400.0 + 4 * 40.0))
    assert choice.rate("model", 6) == pytest.approx(tokens_per_cycle(rate, 6) / (480.0 + 6 * 40.0))  # nearest: 9 rows
    assert choice.rate("alone", 0) == pytest.approx(VERIFY_SPREAD / 400.0)  # untimed: part of the cheapest pass
    choice.verify_ms[1] = 320.0
    assert choice.rate("alone", 0) == pytest.approx(1 / 320.0)


def test_a_copy_after_a_longer_match_is_trusted_more_and_each_length_learns_apart():
    choice = measured(0.5, {9: 480.0})
    rates = [choice.rate("copy", 8, match) for match in range(1, LONGEST_MATCH + 3)]
    assert rates[:LONGEST_MATCH] == sorted(rates[:LONGEST_MATCH]) and len(set(rates[:LONGEST_MATCH])) == LONGEST_MATCH
    assert rates[LONGEST_MATCH - 1] == rates[-1]  # longer matches share the longest rate
    choice.finished(Decision("copy", "faster", 8, match=2), accepted=0)
    assert choice.rate("copy", 8, 2) < rates[1] and choice.rate("copy", 8, 3) == rates[2]


def test_counts_fade_each_time_the_source_fills_a_cycle():
    acceptance = Acceptance(0.5)
    acceptance.add(proposed=8, accepted=8)
    acceptance.add(proposed=8, accepted=0)
    assert (acceptance.passed, acceptance.reached) == (pytest.approx(8 * FADE), pytest.approx(8 * FADE + 1))


@pytest.mark.parametrize("case, model_rate, copy_match, expected", [
    ("code: a short match does not beat a good draft model", 0.85, 2, ("model", "faster")),
    ("code: nothing to copy", 0.85, 0, ("model", "no_match")),
    ("editing: a long match beats even a good draft model", 0.85, 8, ("copy", "faster")),
    ("prose: the draft model is poor, a short match is worth a try", 0.15, 2, ("copy", "faster")),
    ("prose: nothing to copy, the target alone is tried", 0.15, 0, ("alone", "first")),
])
def test_each_source_fills_the_cycle_where_it_is_expected_to_be_fastest(case, model_rate, copy_match, expected):
    choice = measured(model_rate, {9: 480.0})  # a 2-core CPU at k = 8: 480 ms a pass, 40 ms a draft token
    decision = choice.choose(8, copy_length=8 if copy_match else 0, match=copy_match)
    assert (decision.source, decision.reason) == expected, case
    assert decision.length == (8 if decision.source != "alone" else 0)


def test_the_target_alone_once_timed_wins_where_proposals_do_not_pay():
    choice = measured(0.15, {9: 480.0})
    choice.finished(choice.choose(8), accepted=0, cycle_ms=320.0)  # the target alone: one row, 320 ms
    assert choice.choose(8) == Decision("alone", "faster", 0)
    choice.verify_ms[1] = 700.0  # had one row cost as much as nine, the model would have won
    assert choice.choose(8).source == "model"


def test_a_losing_model_is_probed_briefly_and_less_and_less_often():
    choice = measured(0.1, {9: 480.0, 1: 320.0})
    decisions = [choice.choose(8) for _ in range(300)]
    probes = [i for i, d in enumerate(decisions) if d.source == "model"]
    assert all(decisions[i] == Decision("model", "probe", PROBE_TOKENS) for i in probes)
    gaps = [b - a for a, b in zip([-1] + probes, probes)]
    assert gaps[:4] == [PROBE_EVERY + 1, 2 * PROBE_EVERY + 1, 4 * PROBE_EVERY + 1, MAX_WAIT + 1]
    assert set(gaps[3:]) == {MAX_WAIT + 1}


def test_probes_that_do_well_bring_the_model_back():
    choice = measured(0.1, {9: 480.0, 1: 320.0})
    choice.model = Acceptance(0.5, FadedRate(passed=0.2, reached=2.0))  # a bad start, few counts
    probes = 0
    while (decision := choice.choose(8)).reason != "no_match":  # the text has turned predictable:
        probes += decision.reason == "probe"  # every probe's two tokens are accepted
        choice.finished(decision, accepted=decision.length, cycle_ms=320.0 + 120.0 * decision.length,
                        draft_ms=40.0 * decision.length, draft_ms_per_token=40.0)
    assert decision == Decision("model", "no_match", 8) and probes == 2


def test_every_choice_has_its_sentence_and_a_trace_refuses_an_unknown_one(tiny_pair):
    import json

    from specviz.engine.decoder import DecodeConfig, Decoder
    from specviz.engine.drafters.source_choice import CHOICES
    from specviz.engine.trace import run_from_json
    from specviz.errors import SpecvizError
    from specviz.text import text

    assert all(text(f"frame.1.hybrid.{choice}", lang) for choice in CHOICES for lang in ("en", "it"))
    draft, target = tiny_pair
    run = Decoder(target, draft, DecodeConfig(schedule="constant", k=4, max_new_tokens=12,
                                              drafter="hybrid")).run("ab ab ab a")
    assert {c.drafter_choice for c in run.cycles} - {""} <= CHOICES
    # "" only where there was nothing to choose: the run's last token, with no proposal (timing decides whether
    # the run ends on such a cycle, so it may or may not occur here)
    assert all(not c.proposed and c is run.cycles[-1] for c in run.cycles if c.drafter_choice == "")
    data = json.loads(run.to_json())
    data["cycles"][0]["drafter_choice"] = "model.because"  # an uploaded trace the cycle view could not word
    with pytest.raises(SpecvizError, match="drafter_choice"):
        run_from_json(json.dumps(data))
