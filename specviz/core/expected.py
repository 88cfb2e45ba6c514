"""How many proposals each exact verifier keeps per cycle, computed exactly with fractions.

The setting of the toy: N positions, each with the same p and q whatever came
before (i.i.d. positions, a context-independent draft and target). Then, for a
proposal x_1..x_N drawn from q:
- token rule: position i survives with probability α = Σ min(p, q), independently,
  so P(at least i accepted) = α^i;
- sample-and-match: a proposal survives if the target draws the same token,
  with probability β = Σ p·q, so P(at least i accepted) = β^i;
- block verification: P(at least i accepted) = E[p_i], the expected weight of
  the prefix, p_i = min(1, p_{i-1} · p(x_i)/q(x_i)) with p_0 = 1 (block.py). The
  weight's distribution is carried exactly, one position at a time.
The expected number of accepted proposals per cycle is the sum over i.
"""

from __future__ import annotations

from fractions import Fraction

from specviz.errors import SpecvizError

MAX_WEIGHT_STATES = 200_000  # distinct block weights carried at once (the toy's sizes stay far below)


def acceptance_by_position(p: list[Fraction], q: list[Fraction], n: int) -> dict[str, list[Fraction]]:
    """P(at least i proposals accepted) for i = 1..n, for each exact verifier (by its registered name)."""
    alpha = sum(min(a, b) for a, b in zip(p, q))
    beta = sum(a * b for a, b in zip(p, q))
    return {"token": [alpha ** i for i in range(1, n + 1)],
            "block": block_weight_means(p, q, n),
            "match": [beta ** i for i in range(1, n + 1)]}


def block_weight_means(p: list[Fraction], q: list[Fraction], n: int) -> list[Fraction]:
    """E[p_1], ..., E[p_n]: block verification's chance of keeping at least i proposals."""
    steps = [(b, a / b) for a, b in zip(p, q) if b > 0]  # (q(x), p(x)/q(x)) for every token the draft proposes
    weights = {Fraction(1): Fraction(1)}  # weight value -> its probability; p_0 = 1
    means = []
    for _ in range(n):
        following: dict[Fraction, Fraction] = {}
        for weight, chance in weights.items():
            for q_x, ratio in steps:
                after = min(Fraction(1), weight * ratio)
                following[after] = following.get(after, Fraction(0)) + chance * q_x
        if len(following) > MAX_WEIGHT_STATES:
            raise SpecvizError(f"too many distinct block weights ({len(following)}): use fewer positions")
        weights = following
        means.append(sum(weight * chance for weight, chance in weights.items()))
    return means


def expected_accepted(p: list[Fraction], q: list[Fraction], n: int) -> dict[str, Fraction]:
    """The exact expected number of accepted proposals per cycle of n, for each exact verifier."""
    return {name: sum(by_position, Fraction(0)) for name, by_position in acceptance_by_position(p, q, n).items()}
