"""The hybrid drafter's choice of source, fed hand-made cycle counts and times that force each outcome."""

from specviz.engine.drafters.source_choice import MAX_WAIT, PROBE_EVERY, VERIFY_SPREAD, SourceChoice


def run(choice: SourceChoice, can_copy: bool, written: dict[str, tuple[int, float]]) -> tuple[str, str]:
    """One cycle: choose, fill, and report the tokens and milliseconds `written` gives the chosen source."""
    source, reason = choice.choose(can_copy)
    choice.filled(source)
    choice.timed(source, *written[source])
    return source, reason


def test_each_drafter_is_tried_before_any_comparison():
    choice = SourceChoice()
    assert choice.choose(can_copy=True) == ("model", "first")
    assert choice.choose(can_copy=False) == ("model", "no_match")  # nothing to copy: the model
    choice.timed("model", 4, 200.0)
    assert choice.choose(can_copy=True) == ("copy", "first")
    assert choice.choose(can_copy=False) == ("model", "no_match")


def test_the_source_with_more_tokens_per_millisecond_fills_the_cycle():
    choice = SourceChoice()
    choice.timed("copy", 3, 100.0)  # 0.030 tokens per ms
    choice.timed("model", 3, 200.0)  # 0.015
    assert choice.choose(can_copy=True) == ("copy", "faster")
    choice = SourceChoice()
    choice.timed("copy", 1, 100.0)  # 0.010
    choice.timed("model", 4, 200.0)  # 0.020
    assert choice.choose(can_copy=True) == ("model", "faster")
    assert choice.choose(can_copy=False) == ("model", "no_match")


def test_the_target_alone_is_tried_where_it_might_win_and_chosen_where_it_does():
    choice = SourceChoice()
    choice.timed("model", 2, 300.0, draft_ms=200.0)  # 0.0067 tokens per ms; the target's part: 100 ms
    assert choice.rate("alone") == VERIFY_SPREAD / 100.0  # optimistic: one token in part of the cheapest pass
    assert choice.choose(can_copy=False) == ("alone", "first")
    choice.timed("alone", 1, 90.0)  # 0.011
    assert choice.choose(can_copy=False) == ("alone", "faster")
    choice.timed("copy", 2, 100.0)  # 0.02
    assert choice.choose(can_copy=True) == ("copy", "faster")  # a copy still beats both


def test_the_target_alone_is_not_tried_where_the_model_clearly_wins():
    choice = SourceChoice()
    choice.timed("model", 7, 900.0, draft_ms=400.0)  # code: 0.0078 tokens per ms, 500 ms of target pass
    assert choice.rate("alone") < choice.rate("model")
    assert [choice.choose(can_copy=False) for _ in range(3)] == [("model", "no_match")] * 3


def test_a_losing_source_is_probed_again_less_and_less_often():
    choice = SourceChoice()
    times = {"copy": (1, 100.0), "model": (4, 200.0), "alone": (1, 90.0)}
    run(choice, True, times)
    run(choice, True, times)  # both measured: from here the model wins
    assert {s for s, m in choice.measured.items() if m.cycles} == {"copy", "model"}
    probes = [i for i in range(200) if run(choice, True, times) == ("copy", "probe")]
    gaps = [b - a for a, b in zip(probes, probes[1:])]
    assert probes[0] == PROBE_EVERY  # the first probe once the copy sat out PROBE_EVERY cycles
    assert gaps[0] == 2 * PROBE_EVERY + 1 and gaps[-1] == MAX_WAIT + 1  # each probe doubles the wait, up to the most
    assert gaps == sorted(gaps)


def test_a_probe_that_wins_makes_the_source_the_choice():
    choice = SourceChoice()
    run(choice, True, {"model": (4, 200.0)})
    run(choice, True, {"copy": (1, 100.0)})
    for _ in range(PROBE_EVERY):
        assert run(choice, True, {"model": (4, 200.0)}) == ("model", "faster")
    assert run(choice, True, {"copy": (8, 100.0)}) == ("copy", "probe")  # the text turned repetitive
    assert choice.choose(can_copy=True) == ("copy", "faster")


def test_every_choice_has_its_sentence_and_a_trace_refuses_an_unknown_one(tiny_pair):
    import json

    import pytest

    from specviz.engine.decoder import DecodeConfig, Decoder
    from specviz.engine.drafters.source_choice import CHOICES
    from specviz.engine.trace import run_from_json
    from specviz.errors import SpecvizError
    from specviz.text import text

    assert all(text(f"frame.1.hybrid.{choice}", lang) for choice in CHOICES for lang in ("en", "it"))
    draft, target = tiny_pair
    run = Decoder(target, draft, DecodeConfig(k=4, max_new_tokens=12, drafter="hybrid")).run("ab ab ab a")
    assert {c.drafter_choice for c in run.cycles} <= CHOICES
    data = json.loads(run.to_json())
    data["cycles"][0]["drafter_choice"] = "model.because"  # an uploaded trace the cycle view could not word
    with pytest.raises(SpecvizError, match="drafter_choice"):
        run_from_json(json.dumps(data))
