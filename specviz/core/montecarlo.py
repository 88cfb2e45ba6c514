"""Monte Carlo of one verification step, through the real verify() function."""

from __future__ import annotations

import numpy as np
import torch

from specviz.core.verify import verify

MAX_SAMPLES = 20_000


def sample_step(p: list[float], q: list[float], n: int, seed: int = 0, rule: str = "exact") -> np.ndarray:
    """Empirical frequencies of the emitted token over n one-token proposals (k = 1)."""
    n = max(1, min(int(n), MAX_SAMPLES))
    generator = torch.Generator().manual_seed(seed)
    draft_probs = torch.tensor([q], dtype=torch.float64)  # [1, vocab]
    target_probs = torch.tensor([p, p], dtype=torch.float64)  # [2, vocab]; the bonus row is unused here
    proposals = torch.multinomial(draft_probs[0], n, replacement=True, generator=generator)
    counts = np.zeros(len(p))
    for token in proposals:
        result = verify(target_probs, draft_probs, token[None], generator, rule=rule)
        counts[result.emitted[0]] += 1
    return counts / n

