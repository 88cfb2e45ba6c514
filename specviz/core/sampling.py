"""Where a run's randomness comes from: one sampler per generation, chosen by the verifier.

Terminology:
- stream sampler: every draw takes the next numbers of one seeded generator, so
  what a seed gives depends on how many draws came before (k, the schedule);
- positional noise: a uniform u(seed, position, token) for every token id at every
  absolute position of the text (prompt included), computed by hashing, never
  drawn in turn; the same at a position whoever asks and however many asked before;
- Gumbel-max sampling: the token argmax_i log p_i - log(-log u_i), which is a draw
  from p (the exponential race: the token whose -log u_i / p_i is smallest).
Two distributions sampled with the same noise agree with probability at least
(1 - TV) / (1 + TV) (Daliri, Musco and Suresh 2024, arXiv 2408.07978): that is
how a draft and a target coupled by noise alone agree without talking.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from fractions import Fraction
from typing import Protocol

import numpy as np
import torch

from specviz.core.policy import sample_one
from specviz.limits import K

STREAM = "stream"  # written into traces: one seeded generator, drawn in turn
NOISE_SCHEME = "gumbel-splitmix64-v1"  # written into traces: the hash below, keyed by (seed, absolute position)
_GAMMA = np.uint64(0x9E3779B97F4A7C15)  # splitmix64's increment (the golden ratio in 64 bits)
_CACHED_POSITIONS = K.high + 2  # noise rows kept: a cycle's draft and target ask for the same k + 1 positions
_BELOW_ONE = np.nextafter(1.0, 0.0)  # the largest float64 below 1


@dataclass(frozen=True)
class NoiseKey:
    """What positional noise is keyed by: a run's seed and the absolute position of the first proposal."""

    seed: int
    position: int


class Sampler(Protocol):
    scheme: str  # what a trace records: STREAM, NOISE_SCHEME or a variant's own name
    generator: torch.Generator  # the run's stream, for draws that are not tokens (the checks' uniforms)

    def draw(self, probs: torch.Tensor, position: int, ids: torch.Tensor | None = None) -> int:
        """One token drawn from probs ([vocab]) for absolute `position`; returns a column of probs.

        ids ([vocab] int64, optional): the token id of each column when they are not 0..vocab-1.
        """

    def begin_cycle(self, position: int) -> None:
        """A cycle starts at absolute `position` (only a sampler broken on purpose cares)."""


class StreamSampler:
    """Token draws from the run's seeded generator, in turn (inverse CDF, `sample_one`)."""

    scheme = STREAM  # what a trace records as the run's noise

    def __init__(self, generator: torch.Generator):
        self.generator = generator

    def draw(self, probs: torch.Tensor, position: int, ids: torch.Tensor | None = None) -> int:
        return sample_one(probs, self.generator)

    def begin_cycle(self, position: int) -> None:
        pass


def _finalize(x: np.ndarray) -> np.ndarray:
    """splitmix64's output function: a well-mixed 64-bit value of each entry (uint64 arrays wrap silently)."""
    x = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    x = (x ^ (x >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return x ^ (x >> np.uint64(31))


def positional_uniforms(seed: int, position: int, ids: np.ndarray) -> np.ndarray:
    """u(seed, position, id) in (0, 1) for each token id in `ids` (float64, same shape).

    A counter-based hash: the value for one id never depends on which other ids are asked,
    so a draft with a smaller vocabulary reads the same noise as the target for shared ids.
    """
    key = _finalize(np.array([seed], dtype=np.uint64) * _GAMMA + _GAMMA)
    key = _finalize(key ^ (np.array([position], dtype=np.uint64) * _GAMMA + _GAMMA))
    return to_uniform(_finalize(key + (ids.astype(np.uint64) + np.uint64(1)) * _GAMMA))


def to_uniform(bits: np.ndarray) -> np.ndarray:
    """64-bit hashes -> floats in (0, 1) from their top 53 bits, centred in their interval (never 0)."""
    u = ((bits >> np.uint64(11)).astype(np.float64) + 0.5) * 2.0 ** -53
    # The top value, 2^53 - 1/2, rounds to 2^53 (u = 1, log(-log u) = -inf): keep it just below 1.
    return np.minimum(u, _BELOW_ONE)


class GumbelSampler:
    """Gumbel-max draws with noise keyed by (seed, absolute position): the same text whoever drafts."""

    scheme = NOISE_SCHEME

    def __init__(self, seed: int, generator: torch.Generator):
        self.seed = seed
        self.generator = generator
        self._rows: OrderedDict[tuple[int, int], np.ndarray] = OrderedDict()  # (key, vocab) -> log(-log u)

    def key(self, position: int) -> int:
        """What the noise at `position` is keyed by: the position itself."""
        return position

    def draw(self, probs: torch.Tensor, position: int, ids: torch.Tensor | None = None) -> int:
        support = (probs > 0).nonzero()
        if support.shape[0] == 1:  # greedy (one-hot p): every noise gives that token, so none is computed
            return int(support[0, 0])
        with np.errstate(divide="ignore"):  # p = 0 gives -inf: such a token never wins
            log_p = np.log(probs.detach().double().cpu().numpy())
        # The exponential race: argmin E_i / p_i = argmax log p_i - log E_i, with E_i = -log u_i.
        return int(np.argmax(log_p - self._log_exponentials_at(position, probs.shape[0], ids)))

    def _log_exponentials_at(self, position: int, vocab: int, ids: torch.Tensor | None) -> np.ndarray:
        """log(-log u) of each column at `position`: token ids 0..vocab-1, or the given ids ([vocab])."""
        if ids is None:
            return self._log_exponentials(self.key(position), vocab)
        assert ids.shape[0] == vocab, f"{ids.shape[0]} ids for {vocab} columns"
        return np.log(-np.log(positional_uniforms(self.seed, self.key(position), ids.cpu().numpy())))

    def uniform(self, position: int, token: int) -> float:
        """The noise u of one token at one position (what a trace shows as that token's draw)."""
        return float(positional_uniforms(self.seed, self.key(position), np.array([token]))[0])

    def begin_cycle(self, position: int) -> None:
        pass

    def _log_exponentials(self, key: int, vocab: int) -> np.ndarray:
        """log(-log u) over token ids 0..vocab-1 at one key, remembered for the k + 1 positions a cycle reads."""
        row = self._rows.get((key, vocab))
        if row is None:
            row = np.log(-np.log(positional_uniforms(self.seed, key, np.arange(vocab))))
            self._rows[(key, vocab)] = row
            if len(self._rows) > _CACHED_POSITIONS:
                self._rows.popitem(last=False)
        return row


def coupled_agreement(p: list, q: list) -> Fraction | float:
    """P(the Gumbel-max draws of p and q with the same noise are the same token), exactly.

    Token i wins both races iff E_j > E_i · max(p_j / p_i, q_j / q_i) for every j; integrating
    over E_i ~ Exp(1) gives 1 / Σ_j max(p_j / p_i, q_j / q_i). Exact with Fractions.
    """
    total = 0 * p[0]  # a Fraction for Fractions, a float for floats (0 when they share no token)
    for p_i, q_i in zip(p, q):
        if p_i > 0 and q_i > 0:
            total += 1 / sum(max(p_j / p_i, q_j / q_i) for p_j, q_j in zip(p, q))
    return total


def coupled_agreement_rows(
    target_probs: torch.Tensor,  # [n, vocab] p
    draft_probs: torch.Tensor,  # [n, vocab] q
) -> torch.Tensor:
    """`coupled_agreement` of each row pair ([n], float64), in O(vocab log vocab) instead of O(vocab²).

    With ρ_j = q_j / p_j, max(p_j / p_i, q_j / q_i) is p_j / p_i when ρ_j <= ρ_i and q_j / q_i otherwise,
    so sorting by ρ and two running sums give every token's Σ_j at once.
    """
    p, q = target_probs.double(), draft_probs.double()
    ratio = torch.where(p > 0, q / p.clamp_min(1e-300), torch.full_like(p, float("inf")))  # [n, vocab] ρ
    ratio, order = ratio.sort(dim=-1, stable=True)
    p, q = p.gather(-1, order), q.gather(-1, order)
    p_up_to = p.cumsum(-1)  # Σ p_j over ρ_j <= ρ_i (ties: either form gives the same term)
    q_after = q.sum(-1, keepdim=True) - q.cumsum(-1)  # Σ q_j over ρ_j > ρ_i
    both = (p > 0) & (q > 0)
    terms = torch.where(both, p / (p_up_to + q_after * p / q.clamp_min(1e-300)), torch.zeros_like(p))
    return terms.sum(-1)
