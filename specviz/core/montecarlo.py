"""Monte Carlo of one verification step, through the real verifier code."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np
import torch

from specviz.core.stats import total_variation
from specviz.core.verifiers import get_verifier, make_sampler
from specviz.limits import MONTE_CARLO_SAMPLES

MAX_SAMPLES = MONTE_CARLO_SAMPLES.high
CHUNK = 250  # samples per rule between two progress updates (a few milliseconds each)


class _Trials:
    """One rule's seeded trials of one verification step (k = 1): each trial t is its own position t.

    The proposal of trial t is drawn from q by the rule's sampler at position t, so a rule
    whose draws share noise with the draft (coupled) sees its draft couple as in a run.
    """

    def __init__(self, rule: str, p: list[float], q: list[float], seed: int):
        self.rule = get_verifier(rule)
        self.sampler = make_sampler(self.rule, seed, torch.device("cpu"))
        self.draft_probs = torch.tensor([q], dtype=torch.float64)  # [1, vocab]
        self.target_probs = torch.tensor([p, p], dtype=torch.float64)  # [2, vocab]; the bonus row is unused here

    def emitted(self, start: int, end: int) -> list[int]:
        """The emitted token of trials start..end-1."""
        tokens = []
        for t in range(start, end):
            proposal = torch.tensor([self.sampler.draw(self.draft_probs[0], t)])  # [1]
            result = self.rule.verify(self.target_probs, self.draft_probs, proposal, self.sampler, position=t)
            tokens.append(int(result.emitted[0]))
        return tokens


def sample_step(p: list[float], q: list[float], n: int, seed: int = 0, verifier: str = "token") -> np.ndarray:
    """The emitted token of each of n one-token proposals (k = 1), in order: int array [n]."""
    n = max(1, min(int(n), MAX_SAMPLES))
    return np.array(_Trials(verifier, p, q, seed).emitted(0, n))


def frequencies(tokens: np.ndarray, vocab: int) -> np.ndarray:
    return np.bincount(tokens, minlength=vocab) / max(len(tokens), 1)


def distance_curve(tokens: np.ndarray, p: list[float], points: int = 12) -> tuple[list[int], list[float]]:
    """Total variation between p and the frequencies of the first N samples, for N spaced logarithmically."""
    sizes = sorted({int(n) for n in np.geomspace(min(50, len(tokens)), len(tokens), points)})
    return sizes, [total_variation(frequencies(tokens[:n], len(p)), p) for n in sizes]


@dataclass(frozen=True)
class MonteCarloResult:
    """Frequencies and distance curves per rule over the samples drawn so far."""

    p: tuple[float, ...]
    q: tuple[float, ...]
    samples_done: int
    samples_asked: int
    frequencies: dict[str, list[float]]  # rule -> [vocab]
    curves: dict[str, tuple[list[int], list[float]]]  # rule -> (N, total variation after N)

    @property
    def complete(self) -> bool:
        return self.samples_done == self.samples_asked


class MonteCarloJob:
    """``sample_step`` for several rules at once, in small steps a page can show and stop.

    Each rule has its own seeded generator, so the draws are the same as one
    ``sample_step`` call per rule, whatever the step size; a stopped job's
    result covers the samples every rule has drawn.
    """

    def __init__(self, p: list[float], q: list[float], n: int, rules: tuple[str, ...] = ("token", "naive"),
                 seed: int = 1):
        self.p, self.q = tuple(float(x) for x in p), tuple(float(x) for x in q)
        self.total = max(1, min(int(n), MAX_SAMPLES))
        self.trials = {name: _Trials(name, list(self.p), list(self.q), seed) for name in rules}
        self.emitted: dict[str, list[int]] = {name: [] for name in rules}

    @property
    def done(self) -> int:
        return min(len(tokens) for tokens in self.emitted.values())

    def steps(self) -> Iterator[int]:
        """Draw the next CHUNK samples of every rule per step; yields the samples done."""
        while self.done < self.total:
            start, end = self.done, min(self.done + CHUNK, self.total)
            for name, trials in self.trials.items():
                self.emitted[name] += trials.emitted(start, end)
            yield self.done

    def result(self) -> MonteCarloResult | None:
        """The frequencies over the samples done so far (None before the first step)."""
        done = self.done
        if not done:
            return None
        draws = {name: np.array(tokens[:done]) for name, tokens in self.emitted.items()}
        return MonteCarloResult(
            self.p, self.q, done, self.total,
            {name: frequencies(d, len(self.p)).tolist() for name, d in draws.items()},
            {name: distance_curve(d, list(self.p)) for name, d in draws.items()})
