"""The speculative run and the target alone measured side by side: interleaved cycles, speed-ups by part."""

from __future__ import annotations

import pytest

from specviz.core.policy import SamplingPolicy
from specviz.engine.comparison import UNSTEADY, interleave, part_speedups
from specviz.engine.decoder import DecodeConfig, Decoder
from specviz.engine.trace import CycleRecord, RunRecord

PROMPT = "Il gatto"


@pytest.mark.parametrize("temperature", [0.0, 1.0])
def test_interleaved_runs_stay_within_a_cycle_of_each_other_and_write_what_they_write_alone(tiny_pair, temperature):
    draft, target = tiny_pair
    config = DecodeConfig(schedule="constant", k=4, max_new_tokens=30, seed=5, policy=SamplingPolicy(temperature))
    speculative, alone = Decoder(target, draft, config), Decoder(target, None, config)
    spec_run, alone_run = speculative.start(PROMPT), alone.start(PROMPT)
    order = []
    for run in interleave(spec_run, alone_run):
        order.append(run is spec_run)
        gap = len(spec_run.record.token_ids) - len(alone_run.record.token_ids)
        if not (spec_run.finished or alone_run.finished):  # (a sampled text may end sooner on one side)
            assert -1 <= gap <= config.k + 1  # neither is more than one cycle ahead
    assert spec_run.finished and alone_run.finished
    switches = sum(a != b for a, b in zip(order, order[1:]))
    assert switches >= len(spec_run.record.cycles) - 1  # turn by turn, not one run and then the other
    assert spec_run.record.token_ids == speculative.run(PROMPT).token_ids  # each run keeps its own generator
    assert alone_run.record.token_ids == alone.run(PROMPT).token_ids


def record(ms_per_token: list[float], tokens_per_cycle: int) -> RunRecord:
    """A run whose cycles each write `tokens_per_cycle` tokens, position i costing ms_per_token[i]."""
    cycles = []
    for index, start in enumerate(range(0, len(ms_per_token), tokens_per_cycle)):
        costs = ms_per_token[start:start + tokens_per_cycle]
        cycles.append(CycleRecord(index=index, k=tokens_per_cycle - 1, proposed=[1] * (len(costs) - 1),
                                  proposed_texts=[], emitted_texts=[],
                                  target_p=[], draft_q=[], accept_prob=[], uniforms=[], accepted=len(costs) - 1,
                                  kind="bonus", emitted=[1] * len(costs), verify_ms=sum(costs)))
    return RunRecord(prompt="p", prompt_ids=[1], draft="d", target="t", device="cpu", dtype="float32", policy={},
                     settings=None, cycles=cycles, token_ids=[1] * len(ms_per_token))


def test_a_change_of_load_is_told_and_a_change_of_text_is_not():
    spec = record([10.0] * 40, tokens_per_cycle=4)
    steady = record([30.0] * 40, tokens_per_cycle=1)
    parts = part_speedups(spec, steady)
    assert parts.values == pytest.approx([3.0] * 4) and parts.steady
    # The same pair, but the target alone ran its second half on a loaded machine (twice as slow).
    loaded = record([30.0] * 20 + [60.0] * 20, tokens_per_cycle=1)
    parts = part_speedups(spec, loaded)
    assert parts.high / parts.low == pytest.approx(2.0) and not parts.steady
    # A steady machine and a text whose second half the draft predicts worse: the speed-up varies, the load not.
    harder = record([10.0] * 20 + [25.0] * 20, tokens_per_cycle=4)
    parts = part_speedups(harder, steady)
    assert parts.high / parts.low > UNSTEADY and parts.steady
    assert part_speedups(record([10.0] * 3, 1), record([10.0] * 3, 1)) is None  # too short to split
    # A toy pair's steps take a millisecond: timer noise moves its parts, so they are not judged.
    assert part_speedups(record([0.5] * 40, 4), record([1.0] * 20 + [3.0] * 20, 1)).steady


def test_other_programs_processor_use_is_measured_in_cores():
    """A quiet second reads well under BUSY_CORES; with burners on half the cores (one on this 2-core machine) it
    reads about that many cores. The broken variant, counting this process's own time as the machine's, must miss
    the burners."""
    import os
    import subprocess
    import sys
    import time

    from specviz.engine.machine_load import BUSY_CORES, CpuClock, busy_elsewhere, cpu_clock

    def measured(seconds: float, spin: bool) -> tuple[CpuClock, CpuClock]:
        before = cpu_clock()
        end = time.monotonic() + seconds
        while time.monotonic() < end:  # this process busy too: its own time must not count as the others'
            if not spin:
                time.sleep(0.05)
        return before, cpu_clock()

    quiet = busy_elsewhere(*measured(1.0, spin=True))
    burners = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(max(1, os.cpu_count() // 2))]
    try:
        time.sleep(0.3)  # the burners started
        before, after = measured(1.5, spin=False)
    finally:
        for burner in burners:
            burner.kill()
    loaded = busy_elsewhere(before, after)
    assert quiet < BUSY_CORES, quiet
    assert loaded > 0.6 * len(burners) and loaded > BUSY_CORES, loaded
    broken = (after.own_s - before.own_s) / (after.wall_s - before.wall_s)  # own time taken for the machine's
    assert broken < BUSY_CORES  # the broken reading misses the burners entirely
