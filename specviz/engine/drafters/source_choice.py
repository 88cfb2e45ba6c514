"""Which source a hybrid drafter uses this cycle, chosen by what this run has measured so far.

Three sources can fill a cycle:
- ``copy``: prompt lookup (only when the text offers a match);
- ``model``: the draft model;
- ``alone``: no proposal, the target writes one token by itself.

For each source the run keeps two running means over the cycles it filled: the
tokens the cycle wrote (accepted + 1) and the cycle's wall-clock time (from one
proposal to the next, the target's pass included). The cycle goes to the source
with the most tokens per millisecond. As in the budget schedule:

- a source not measured yet is tried when it may win: the model, then copy as
  soon as the text offers a match, then ``alone`` if one token in 1/VERIFY_SPREAD
  of the cheapest target pass measured (a cycle's time less its drafting) would
  beat the best rate so far;
- a measured source that sits out PROBE_EVERY cycles fills one again, so a run
  that moves from code to prose can change its mind; each probe that does not
  win doubles that source's wait (up to MAX_WAIT), as probing a loser costs time;
- a cycle whose time includes reading the prompt (the run's first, the draft
  model's first) is not timed: the source is tried again.
- the choice depends only on cycles already finished, never on the tokens about
  to be proposed, so each cycle's output keeps exactly the target's distribution.

Measured times vary, so under sampling a seeded hybrid run need not repeat its text.
"""

from __future__ import annotations

from dataclasses import dataclass, field

SOURCES = ("copy", "model", "alone")
# Every "<source>.<reason>" that `choose` can return; each has its sentence in the cycle view
# (frame.1.hybrid.<source>.<reason>). "no_match" explains a model cycle with nothing to copy.
CHOICES = frozenset({"copy.first", "copy.faster", "copy.probe", "model.first", "model.no_match", "model.faster",
                     "model.probe", "alone.first", "alone.faster", "alone.probe"})
WEIGHT = 0.5  # weight of the newest cycle in each running mean (a short memory: runs are short)
PROBE_EVERY = 16  # cycles a source may sit out before it fills one again
MAX_WAIT = 64  # the longest a losing source waits between probes
# How much cheaper a target pass over one row may be than a pass over k + 1 rows. Measured on a 2-core
# CPU with the 1.5B target: 318 against 480 ms at k = 8 (1.5); 2 leaves room, so the target alone is
# tried wherever it might win.
VERIFY_SPREAD = 2.0


@dataclass
class Measured:
    """Running means over the cycles one source filled."""

    tokens: float = 0.0  # tokens written per cycle
    ms: float = 0.0  # wall-clock time per cycle
    draft_ms: float = 0.0  # the part of it spent drafting
    cycles: int = 0  # cycles timed

    def add(self, tokens: int, ms: float, draft_ms: float) -> None:
        weight = 1.0 if self.cycles == 0 else WEIGHT  # the first cycle sets the means
        self.tokens += weight * (tokens - self.tokens)
        self.ms += weight * (ms - self.ms)
        self.draft_ms += weight * (draft_ms - self.draft_ms)
        self.cycles += 1


@dataclass
class SourceChoice:
    """Chooses copy, model or alone before each cycle; told each cycle's tokens and time after it."""

    measured: dict[str, Measured] = field(default_factory=lambda: {s: Measured() for s in SOURCES})
    idle: dict[str, int] = field(default_factory=lambda: dict.fromkeys(SOURCES, 0))  # cycles since each filled one
    wait: dict[str, int] = field(default_factory=lambda: dict.fromkeys(SOURCES, PROBE_EVERY))  # idle cycles to a probe

    def rate(self, source: str) -> float | None:
        """Expected tokens per millisecond (None: not known yet)."""
        seen = self.measured[source]
        if seen.cycles:
            return seen.tokens / max(seen.ms, 1e-6)
        passes = [m.ms - m.draft_ms for m in self.measured.values() if m.cycles]  # the target's part of a cycle
        if source == "alone" and passes:  # one token, optimistically cheaper than the cheapest pass measured
            return VERIFY_SPREAD / max(min(passes), 1e-6)
        return None

    def choose(self, can_copy: bool) -> tuple[str, str]:
        """(source, reason) for the next cycle; copy only if `can_copy`."""
        available = [s for s in SOURCES if s != "copy" or can_copy]
        # Each drafter is tried before any comparison, the model first: it is the usual winner, and a
        # run's first cycles are the most precious when it is short.
        for source in ("model", "copy"):
            if source in available and not self.measured[source].cycles:
                return source, "first" if can_copy else "no_match"
        rates = {s: self.rate(s) for s in available}
        best = max(available, key=lambda s: rates[s])
        self.wait[best] = PROBE_EVERY  # a winner, once it loses, is probed soon
        for source in available:  # a measured source left out too long is measured again
            if source != best and self.measured[source].cycles and self.idle[source] >= self.wait[source]:
                self.wait[source] = min(2 * self.wait[source], MAX_WAIT)
                return source, "probe"
        if not self.measured[best].cycles:  # the target alone, tried on its optimistic estimate
            return best, "first"
        return best, "faster" if can_copy or best != "model" else "no_match"

    def filled(self, source: str) -> None:
        """`source` fills the cycle about to run."""
        for other in SOURCES:
            self.idle[other] = 0 if other == source else self.idle[other] + 1

    def timed(self, source: str, tokens: int, ms: float, draft_ms: float = 0.0) -> None:
        """The cycle `source` filled wrote `tokens` in `ms` milliseconds, `draft_ms` of them drafting."""
        self.measured[source].add(tokens, ms, draft_ms)
