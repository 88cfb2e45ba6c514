"""Statistical helpers for tests: a chi-square goodness-of-fit test with pooled bins."""

from __future__ import annotations

import numpy as np
from scipy import stats

# Every statistical test in the suite uses this significance level. Each is paired
# with a deliberately broken variant that must be rejected at the same level.
ALPHA = 1e-3


def chi_square_pvalue(observed_counts: np.ndarray, expected_probs: np.ndarray, min_expected: float = 5.0) -> float:
    """p-value of observed counts against expected probabilities.

    Bins whose expected count is under `min_expected` are pooled into one, so the
    chi-square approximation holds. An observation in a bin of probability 0 gives 0.
    """
    observed = np.asarray(observed_counts, dtype=float)
    probs = np.asarray(expected_probs, dtype=float)
    n = observed.sum()
    if np.any((probs <= 0) & (observed > 0)):
        return 0.0
    support = probs > 0  # zero-probability bins were checked above and carry no information
    observed, probs = observed[support], probs[support]
    expected = probs * n
    big = expected >= min_expected
    obs = list(observed[big])
    exp = list(expected[big])
    if (~big).any():
        obs.append(observed[~big].sum())
        exp.append(expected[~big].sum())
    if len(obs) < 2:
        return 1.0
    exp = np.array(exp)
    exp *= sum(obs) / exp.sum()  # guard against float drift in the pooled total
    return float(stats.chisquare(obs, exp).pvalue)
