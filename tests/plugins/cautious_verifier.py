"""A toy verifier in one file: the token rule under its own name, with its own words.

It keeps each proposal with probability min(1, p/q), as the token rule does (so it
is exact), and explains itself in its own sentences. Importing this module is all
it takes to offer it everywhere; tests/plugins/test_one_file_plugins.py shows it.
"""

from __future__ import annotations

from fractions import Fraction

from specviz.core.verifiers.base import register_verifier
from specviz.core.verifiers.token import TokenVerifier


@register_verifier
class CautiousVerifier(TokenVerifier):
    name = "cautious"
    exact = True
    order = 10
    label = ("cautious rule", "regola prudente")
    help = ("Cautious: the token rule, told step by step.", "Prudente: la regola token per token, passo per passo.")
    bar_label = "min(1, p/q)"
    chart_key = "frame.3.cautious.chart"
    compares_draws = True
    texts = {
        "frame.3.cautious": ("The cautious rule kept {accepted} of {k}.",
                             "La regola prudente ne ha tenuti {accepted} su {k}."),
        "frame.3.cautious.chart": ("Cautious checks", "Controlli prudenti"),
        "verifiers.cautious": ("**Cautious** keeps {n} of {k}.", "**Prudente** ne tiene {n} su {k}."),
    }

    @classmethod
    def explain_checks(cls, k: int, accepted: int, kept_all: bool, say) -> str:
        return say("frame.3.cautious", accepted=accepted, k=k)

    @classmethod
    def explain_verdict(cls, verdict, k: int, facts, say) -> str:
        return say("verifiers.cautious", n=verdict.accepted, k=k)

    @staticmethod
    def acceptance_by_position(p: list[Fraction], q: list[Fraction], n: int) -> list[Fraction]:
        return TokenVerifier.acceptance_by_position(p, q, n)
