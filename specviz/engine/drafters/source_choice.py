"""Which source a hybrid drafter uses this cycle: the one expected to write the most tokens per millisecond.

Three sources can fill a cycle:
- ``copy``: prompt lookup (only when the text offers a match);
- ``model``: the draft model;
- ``alone``: no proposal, the target writes one token by itself.

Each is judged by the time-budget formula (``specviz.core.budget``): a proposal of
m tokens, each accepted with rate a, writes 1 + a + ... + a^m tokens on average, in
the target's pass over m + 1 rows plus, for the model, m times its time per token.
What the run has measured so far fills in the formula:

- a, per source: accepted / reached positions, counts fading by FADE each time the
  source fills a cycle, pulled towards a prior while counts are few. Copies keep
  one rate per match length (1 to LONGEST_MATCH tokens), with prior L / (L + 2):
  what followed a long match is likelier to repeat than what followed a single
  token. So a new, longer match is tried on its prior without a probe;
- the target's pass, a running mean for each number of rows timed (the nearest one
  otherwise); one row not yet timed is taken as the cheapest pass / VERIFY_SPREAD,
  so the target alone is tried whenever it might win;
- the draft's time per token, a running mean; catching up on the text written while
  the model sat out counts, reading the prompt does not.

The model drafts the run's first cycles (nothing has been timed). When another
source wins, the model is probed with PROBE_TOKENS tokens after PROBE_EVERY
cycles, and each probe that loses doubles the wait (up to MAX_WAIT): a short
memory of a bad start must not lock the model out of a run that turns predictable.
A cycle whose time includes reading the prompt counts for acceptance, not time.

The choice depends only on cycles already finished, never on the tokens about to
be proposed, so each cycle's output keeps exactly the target's distribution.
Measured times vary, so under sampling a seeded hybrid run need not repeat its text.
[Departure from llama.cpp, which drafts from the model whenever no copy is found;
tuned on the four prompt sets, docs/benchmarks.md "Hybrid that chooses per cycle".]
"""

from __future__ import annotations

from dataclasses import dataclass, field

from specviz.core.budget import tokens_per_cycle
from specviz.core.online_costs import FadedRate, PassTimes, mean_with

# Every "<source>.<reason>" the choice can give, each with its sentence in the cycle view
# (frame.1.hybrid.<source>.<reason>); traces recorded by earlier versions may hold the ones marked "earlier".
CHOICES = frozenset({"copy.faster", "model.first", "model.faster", "model.no_match", "model.probe",
                     "alone.first", "alone.faster",
                     "copy.first", "copy.probe", "alone.probe"})  # earlier
FADE = 0.9  # weight left to a source's earlier acceptance counts each time it fills a cycle
MODEL_PRIOR = 0.7  # the draft model's acceptance rate before any count
PRIOR_WEIGHT = 2.0  # pseudo-positions behind each prior
LONGEST_MATCH = 16  # copies after longer matches share the rate of this length
# How much cheaper a target pass over one row may be than a pass over k + 1 rows: measured on a 2-core CPU
# with the 1.5B target, 318 against 480 ms at k = 8.
VERIFY_SPREAD = 1.25
PROBE_EVERY = 6  # cycles the model may sit out before it drafts again
MAX_WAIT = 48  # the longest wait between two probes of a losing model
PROBE_TOKENS = 2  # a probe's proposal: short, so a model that loses again costs little


@dataclass(frozen=True)
class Decision:
    """The source of the next cycle, why, and how many tokens it proposes."""

    source: str  # "copy", "model" or "alone"
    reason: str
    length: int  # tokens to propose (0 for alone)
    match: int = 0  # copies: the length of the match copied after

    @property
    def choice(self) -> str:
        """"<source>.<reason>" as traces record it; "" for a cycle that had nothing to choose."""
        return f"{self.source}.{self.reason}" if self.reason else ""


@dataclass
class Acceptance:
    """A source's acceptance rate per position: faded counts and a prior."""

    prior: float
    counts: FadedRate = field(default_factory=FadedRate)

    @property
    def passed(self) -> float:
        return self.counts.passed

    @property
    def reached(self) -> float:
        return self.counts.reached

    def rate(self) -> float:
        return self.counts.leaning(self.prior, PRIOR_WEIGHT)

    def add(self, proposed: int, accepted: int) -> None:
        self.counts.add(accepted, min(accepted + 1, proposed), FADE)  # a rejection checks one position more


@dataclass
class SourceChoice:
    """Chooses copy, model or alone before each cycle; told how each cycle went after it."""

    model: Acceptance = field(default_factory=lambda: Acceptance(MODEL_PRIOR))
    copies: dict[int, Acceptance] = field(default_factory=dict)  # match length -> its copies' acceptance
    times: PassTimes = field(default_factory=PassTimes)  # rows -> the target's part of a cycle
    draft_ms: float | None = None  # the draft model's time per token
    idle: int = 0  # cycles since the model last drafted
    wait: int = PROBE_EVERY  # idle cycles before the next probe
    started: bool = False  # the model has drafted once

    def copy_acceptance(self, match: int) -> Acceptance:
        length = min(match, LONGEST_MATCH)
        return self.copies.setdefault(length, Acceptance(length / (length + 2)))

    @property
    def verify_ms(self) -> dict[int, float]:
        """The target's pass time by rows timed (the running means themselves)."""
        return self.times.ms

    def pass_ms(self, rows: int) -> float | None:
        """The target's expected time for a pass over `rows` rows (None before any is timed)."""
        if rows == 1 and rows not in self.times.ms and self.times.ms:
            # One step of the target alone, untimed: optimistically cheaper than any pass.
            return self.times.cheapest() / VERIFY_SPREAD
        return self.times.nearest(rows)

    def rate(self, source: str, length: int, match: int = 0) -> float:
        """Expected tokens per millisecond of a cycle `source` fills with `length` tokens."""
        cycle_ms = self.pass_ms(length + 1) or 0.0
        if source == "alone":
            return 1.0 / max(cycle_ms, 1e-6)
        acceptance = self.model if source == "model" else self.copy_acceptance(match)
        if source == "model":
            cycle_ms += length * (self.draft_ms or 0.0)
        return tokens_per_cycle(acceptance.rate(), length) / max(cycle_ms, 1e-6)

    def choose(self, k: int, copy_length: int = 0, match: int = 0) -> Decision:
        """The next cycle's source; a copy of `copy_length` tokens after a `match`-token match is possible if > 0."""
        if not self.started or not self.verify_ms:  # nothing timed yet: the model drafts
            return self._filled(Decision("model", "first", k))
        options = [Decision("model", "faster" if copy_length else "no_match", k), Decision("alone", "faster", 0)]
        if copy_length:
            options.append(Decision("copy", "faster", copy_length, match))
        best = max(options, key=lambda option: self.rate(option.source, option.length, option.match))
        if best.source == "model":
            self.wait = PROBE_EVERY  # a winner, once it loses, is probed soon
        elif self.idle >= self.wait:  # the model left out too long drafts again, briefly
            self.wait = min(2 * self.wait, MAX_WAIT)
            return self._filled(Decision("model", "probe", min(k, PROBE_TOKENS)))
        elif best.source == "alone" and 1 not in self.verify_ms:
            best = Decision("alone", "first", 0)
        return self._filled(best)

    def _filled(self, decision: Decision) -> Decision:
        self.idle = 0 if decision.source == "model" else self.idle + 1
        self.started = self.started or decision.source == "model"
        return decision

    def finished(self, decision: Decision, accepted: int, cycle_ms: float | None = None,
                 draft_ms: float = 0.0, draft_ms_per_token: float | None = None) -> None:
        """How the cycle of `decision` went: `accepted` of its proposal, and, unless it read the prompt
        (`cycle_ms` None), its time proposal to proposal, `draft_ms` of it drafting."""
        if decision.source == "model":
            self.model.add(decision.length, accepted)
            if draft_ms_per_token is not None:
                self.draft_ms = mean_with(self.draft_ms, draft_ms_per_token)
        elif decision.source == "copy":
            self.copy_acceptance(decision.match).add(decision.length, accepted)
        if cycle_ms is not None:
            rows = decision.length + 1
            self.times.add(rows, cycle_ms - draft_ms)
