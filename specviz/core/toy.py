"""One position of speculative sampling, computed exactly with fractions.

Given the target's distribution p and the draft's q over a small vocabulary,
this gives every quantity the article's worked example tabulates:

- accepted mass per token: P(draft proposes x and x is accepted) = min(p, q);
- rejected mass: 1 - sum(min(p, q)), the chance of a rejection;
- residual: max(p - q, 0), unnormalised; correction: the residual normalised;
- exact: min(p, q) + rejected * correction, which equals p;
- naive: min(p, q) + rejected * p, the wrong "resample from p" rule.

When p == q nothing is ever rejected: the residual is zero, the correction is
undefined (None) and exact == p through the accepted mass alone.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from specviz.errors import SpecvizError

MAX_TOY_VOCAB = 64


@dataclass(frozen=True)
class ToyResult:
    p: list[Fraction]
    q: list[Fraction]
    accepted: list[Fraction]  # min(p, q) per token
    accepted_total: Fraction
    rejected_mass: Fraction
    residual: list[Fraction]  # max(p - q, 0), not normalised
    correction: list[Fraction] | None  # residual / sum(residual); None when p == q
    exact: list[Fraction]
    naive: list[Fraction]

    def to_json(self) -> dict:
        """Every probability as an exact fraction string such as "3/10"."""

        def fmt(values):
            return None if values is None else [str(v) for v in values]

        return {
            "p": fmt(self.p),
            "q": fmt(self.q),
            "accepted_mass": str(self.accepted_total),
            "accepted_per_token": fmt(self.accepted),
            "rejected_mass": str(self.rejected_mass),
            "residual": fmt(self.residual),
            "correction": fmt(self.correction),
            "exact": fmt(self.exact),
            "naive": fmt(self.naive),
        }


# A decimal (at most 30 digits, an exponent of at most 2 digits) or a fraction of two integers.
PROBABILITY_TEXT = re.compile(r"[+-]?(\d{1,30}(\.\d{0,30})?|\.\d{1,30})([eE][+-]?\d{1,2})?|\d{1,30}/\d{1,30}")


def parse_probability(text: str) -> Fraction:
    """'0.3' -> 3/10, '1/3' -> 1/3, exactly; SpecvizError on anything else."""
    cleaned = text.strip()
    if not PROBABILITY_TEXT.fullmatch(cleaned):
        # Fraction would accept 1e-99999999 too, and spend minutes building its denominator.
        raise SpecvizError(f"not a probability: {text[:40]!r} (use decimals like 0.3 or fractions like 1/3)")
    try:
        value = Fraction(cleaned)
    except (ValueError, ZeroDivisionError):
        raise SpecvizError(f"not a probability: {text!r} (use decimals like 0.3 or fractions like 1/3)") from None
    if value < 0:
        raise SpecvizError(f"probabilities must be >= 0, got {cleaned}")
    return value


def parse_distribution(text: str, name: str = "distribution") -> list[Fraction]:
    """Parse a comma-separated distribution that sums exactly to 1."""
    if not text or not text.strip():
        raise SpecvizError(f"{name} is empty")
    values = [parse_probability(part) for part in text.split(",")]
    return check_distribution(values, name)


def check_distribution(values: list[Fraction], name: str = "distribution") -> list[Fraction]:
    if len(values) < 2:
        raise SpecvizError(f"{name} needs at least 2 tokens, got {len(values)}")
    if len(values) > MAX_TOY_VOCAB:
        raise SpecvizError(f"{name} has {len(values)} tokens; at most {MAX_TOY_VOCAB} are allowed")
    if any(v < 0 for v in values):
        raise SpecvizError(f"{name} has a negative probability")
    total = sum(values, Fraction(0))
    if total != 1:
        raise SpecvizError(f"{name} sums to {total} ({float(total):.6g}), not 1")
    return list(values)


def normalise(weights: list[float | Fraction]) -> list[Fraction]:
    """Exact normalisation of non-negative weights (floats are taken at face value)."""
    fractions = [Fraction(w).limit_denominator(10**6) if isinstance(w, float) else Fraction(w) for w in weights]
    if any(f < 0 for f in fractions):
        raise SpecvizError("weights must be >= 0")
    total = sum(fractions, Fraction(0))
    if total == 0:
        raise SpecvizError("weights are all zero")
    return [f / total for f in fractions]


def one_position(p: list[Fraction], q: list[Fraction]) -> ToyResult:
    """The exact outcome of one verification step for distributions p (target) and q (draft)."""
    check_distribution(p, "p")
    check_distribution(q, "q")
    if len(p) != len(q):
        raise SpecvizError(f"p has {len(p)} tokens but q has {len(q)}")
    accepted = [min(a, b) for a, b in zip(p, q)]
    rejected = 1 - sum(accepted, Fraction(0))
    residual = [max(a - b, Fraction(0)) for a, b in zip(p, q)]
    residual_mass = sum(residual, Fraction(0))  # equals `rejected`
    correction = None if residual_mass == 0 else [r / residual_mass for r in residual]
    exact = [a + rejected * c for a, c in zip(accepted, correction or [Fraction(0)] * len(p))]
    naive = [a + rejected * t for a, t in zip(accepted, p)]
    return ToyResult(p, q, accepted, sum(accepted, Fraction(0)), rejected, residual, correction, exact, naive)
