"""Goodness of fit for sampled tokens: chi-square with pooled small bins, and total variation."""

from __future__ import annotations

import numpy as np
from scipy import stats


def chi_square(observed_counts, expected_probs, min_expected: float = 5.0) -> tuple[float, float, int]:
    """(statistic, p-value, degrees of freedom) of counts against probabilities.

    Bins whose expected count is under `min_expected` are pooled into one so the
    chi-square approximation holds. An observation where the probability is 0
    is impossible under the hypothesis: the p-value is then 0.
    """
    observed = np.asarray(observed_counts, dtype=float).ravel()
    probs = np.asarray(expected_probs, dtype=float).ravel()
    n = observed.sum()
    if np.any((probs <= 0) & (observed > 0)):
        return float("inf"), 0.0, 0
    support = probs > 0  # zero-probability bins were checked above and carry no information
    observed, probs = observed[support], probs[support]
    expected = probs * n
    big = expected >= min_expected
    obs, exp = list(observed[big]), list(expected[big])
    if (~big).any():
        obs.append(observed[~big].sum())
        exp.append(expected[~big].sum())
    if len(obs) < 2:
        return 0.0, 1.0, 0
    exp = np.array(exp)
    exp *= sum(obs) / exp.sum()  # guard against float drift in the pooled total
    result = stats.chisquare(obs, exp)
    return float(result.statistic), float(result.pvalue), len(obs) - 1


def total_variation(a, b) -> float:
    return 0.5 * float(np.abs(np.asarray(a, dtype=float) - np.asarray(b, dtype=float)).sum())
