"""Statistical helpers for tests, on top of specviz.core.stats."""

from __future__ import annotations

from specviz.core.stats import chi_square

# Every statistical test in the suite uses this significance level. Each is paired with a
# deliberately broken variant that must be rejected at the same level.
ALPHA = 1e-3


def chi_square_pvalue(observed_counts, expected_probs) -> float:
    return chi_square(observed_counts, expected_probs)[1]
