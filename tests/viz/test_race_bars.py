"""The streamed time race: two bars whose numbers are the recorded cycles' sums."""

import re

import pytest

from specviz.engine.decoder import DecodeConfig, Decoder
from specviz.viz.run_figures import alone_ms_for, race_bars


@pytest.fixture(scope="module")
def runs(tiny_pair):
    draft, target = tiny_pair
    speculative = Decoder(target, draft, DecodeConfig(k=4, schedule="constant", max_new_tokens=20)).run("Il gatto")
    alone = Decoder(target, None, DecodeConfig(schedule="constant", max_new_tokens=30)).run("Il gatto")
    return speculative, alone


def seconds_and_tokens(html: str) -> list[tuple[float, int]]:
    return [(float(s), int(n)) for s, n in re.findall(r"· (\d+\.\d) s · (\d+) ", html)]


def test_with_a_measured_baseline_both_bars_show_the_time_for_the_same_tokens(runs):
    speculative, alone = runs
    html = race_bars(speculative, alone, labels={"measured": "solo target (misurato)", "tokens": "token"})
    (spec_s, spec_n), (alone_s, alone_n) = seconds_and_tokens(html)
    assert spec_n == alone_n == len(speculative.token_ids)
    assert spec_s == pytest.approx(sum(c.cycle_ms for c in speculative.cycles) / 1000, abs=0.051)
    # The baseline writes one token per cycle: its time for n tokens is the sum of its first n cycles.
    assert alone_s == pytest.approx(sum(c.cycle_ms for c in alone.cycles[:spec_n]) / 1000, abs=0.051)
    assert "solo target (misurato)" in html and " token<" in html


def test_without_a_baseline_the_target_alone_is_predicted_from_one_step(runs):
    speculative, _ = runs
    html = race_bars(speculative, None, single_ms=100.0)
    assert "predicted" in html
    assert seconds_and_tokens(html)[1] == (round(len(speculative.token_ids) * 0.1, 1), len(speculative.token_ids))
    assert "target alone" not in race_bars(speculative, None, single_ms=None)


def test_a_baseline_shorter_than_the_run_is_extended_at_its_own_rate(runs):
    _, alone = runs
    rate = sum(c.cycle_ms for c in alone.cycles) / len(alone.token_ids)
    assert alone_ms_for(len(alone.token_ids) * 2, alone, None) == pytest.approx(rate * len(alone.token_ids) * 2)
