"""How many proposals each exact verifier keeps per cycle, computed exactly with fractions.

The setting of the toy: N positions, each with the same p and q whatever came
before (i.i.d. positions, a context-independent draft and target). Each verifier
that can say declares ``acceptance_by_position(p, q, n)``, P(at least i accepted)
for i = 1..n (specviz/core/verifiers); the expected number of accepted proposals
per cycle is the sum over i.
"""

from __future__ import annotations

from fractions import Fraction

from specviz.core.verifiers import VERIFIERS


def acceptance_by_position(p: list[Fraction], q: list[Fraction], n: int) -> dict[str, list[Fraction]]:
    """P(at least i proposals accepted) for i = 1..n, for each listed verifier that declares it (by name)."""
    return {name: VERIFIERS.get(name).acceptance_by_position(p, q, n) for name in VERIFIERS.listed()
            if hasattr(VERIFIERS.get(name), "acceptance_by_position")}


def expected_accepted(p: list[Fraction], q: list[Fraction], n: int) -> dict[str, Fraction]:
    """The exact expected number of accepted proposals per cycle of n, for each listed verifier that declares it."""
    return {name: sum(by_position, Fraction(0)) for name, by_position in acceptance_by_position(p, q, n).items()}
