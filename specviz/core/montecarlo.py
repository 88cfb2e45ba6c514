"""Monte Carlo of one verification step, through the real verifier code."""

from __future__ import annotations

import numpy as np
import torch

from specviz.core.stats import total_variation
from specviz.core.verifiers import get_verifier

MAX_SAMPLES = 20_000


def sample_step(p: list[float], q: list[float], n: int, seed: int = 0, verifier: str = "token") -> np.ndarray:
    """The emitted token of each of n one-token proposals (k = 1), in order: int array [n]."""
    n = max(1, min(int(n), MAX_SAMPLES))
    generator = torch.Generator().manual_seed(seed)
    draft_probs = torch.tensor([q], dtype=torch.float64)  # [1, vocab]
    target_probs = torch.tensor([p, p], dtype=torch.float64)  # [2, vocab]; the bonus row is unused here
    proposals = torch.multinomial(draft_probs[0], n, replacement=True, generator=generator)
    rule = get_verifier(verifier)
    return np.array([rule.verify(target_probs, draft_probs, token[None], generator).emitted[0]
                     for token in proposals])


def frequencies(tokens: np.ndarray, vocab: int) -> np.ndarray:
    return np.bincount(tokens, minlength=vocab) / max(len(tokens), 1)


def distance_curve(tokens: np.ndarray, p: list[float], points: int = 12) -> tuple[list[int], list[float]]:
    """Total variation between p and the frequencies of the first N samples, for N spaced logarithmically."""
    sizes = sorted({int(n) for n in np.geomspace(min(50, len(tokens)), len(tokens), points)})
    return sizes, [total_variation(frequencies(tokens[:n], len(p)), p) for n in sizes]
