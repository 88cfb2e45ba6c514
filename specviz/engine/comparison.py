"""The speculative run and the target alone measured side by side, so the speed-up is the pair's, not the load's.

Run one after the other, the two see different machines whenever the load changes
(another user, another program): the same run measured 0.5× and 3.7×. Interleaved,
each stretch of text is timed on both sides within the same second or so:

- ``interleave`` steps whichever run has written fewer tokens (the speculative run
  on a tie), so neither gets more than one cycle ahead;
- ``part_speedups`` splits the text into parts and gives the speed-up over each,
  from the same token positions on both sides. The speed-up of a part also follows
  its text (a predictable stretch accepts more), so the machine's steadiness is read
  from the target alone instead, whose cost per token is the same at every position:
  ``steady`` holds while its ms per token agrees across parts within UNSTEADY.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from specviz.engine.run import DecodeRun
from specviz.engine.trace import RunRecord

PARTS = 4  # parts of the text whose speed-ups are compared
UNSTEADY = 1.25  # the target alone's slowest part over its fastest, in ms per token, beyond which the load changed
JUDGED_MS = 5.0  # below this many ms per token (a toy pair) timer noise, not load, moves the parts: not judged


def interleave(speculative: DecodeRun, alone: DecodeRun) -> Iterator[DecodeRun]:
    """Step the two runs in turn until both finish, the one behind in tokens first; yields the run just stepped."""
    while not (speculative.finished and alone.finished):
        spec_tokens, alone_tokens = len(speculative.record.token_ids), len(alone.record.token_ids)
        behind = alone if speculative.finished or (not alone.finished and alone_tokens < spec_tokens) else speculative
        behind.step()
        yield behind


@dataclass(frozen=True)
class PartSpeedups:
    """The speed-up over each part of the text, first part first, and the target alone's ms per token there."""

    values: list[float]
    alone_ms_per_token: list[float]

    @property
    def low(self) -> float:
        return min(self.values)

    @property
    def high(self) -> float:
        return max(self.values)

    @property
    def steady(self) -> bool:
        """Whether the machine gave the target alone the same speed over the whole text (then the whole-run
        speed-up describes this pair, not the load)."""
        fastest = min(self.alone_ms_per_token)
        return fastest < JUDGED_MS or max(self.alone_ms_per_token) <= UNSTEADY * fastest


def _ms_per_token_by_position(record: RunRecord) -> list[float]:
    """Each written token's share of its cycle's time, position by position (the first cycle, which also read the
    prompt, left out as in `measured.decode_ms_per_token`)."""
    shares = [float("nan")] * len(record.cycles[0].emitted) if record.cycles else []
    for cycle in record.cycles[1:]:
        shares += [cycle.cycle_ms / len(cycle.emitted)] * len(cycle.emitted)
    return shares


def part_speedups(speculative: RunRecord, alone: RunRecord, parts: int = PARTS) -> PartSpeedups | None:
    """The speed-up over each of `parts` equal stretches of the token positions both runs wrote (None if too few)."""
    spec, base = _ms_per_token_by_position(speculative), _ms_per_token_by_position(alone)
    first = max(len(speculative.cycles[0].emitted) if speculative.cycles else 0,
                len(alone.cycles[0].emitted) if alone.cycles else 0)  # positions the prompt's reading covers
    last = min(len(spec), len(base))
    if last - first < parts:
        return None
    bounds = [first + (last - first) * i // parts for i in range(parts + 1)]
    stretches = [(sum(base[a:b]), sum(spec[a:b])) for a, b in zip(bounds, bounds[1:])]
    if any(spec_ms <= 0 or alone_ms <= 0 for alone_ms, spec_ms in stretches):
        return None
    return PartSpeedups([alone_ms / spec_ms for alone_ms, spec_ms in stretches],
                        [alone_ms / (b - a) for (alone_ms, _), a, b in zip(stretches, bounds, bounds[1:])])
