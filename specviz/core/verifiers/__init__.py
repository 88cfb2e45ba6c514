"""Verifiers: the rules that keep a prefix of the draft's proposal (see base.py for the interface)."""

from specviz.core.verifiers import block, broken, coupled, match, token  # noqa: F401 - importing registers them
from specviz.core.verifiers.base import (
           VERIFIERS,
           Verdict,
           VerdictFacts,
           Verifier,
           VerifyResult,
           get_verifier,
           judge_all,
           make_sampler,
           register_verifier,
)


def exact_verifiers() -> tuple[str, ...]:
    """What the pickers and the CLI offer, the default first: every registered exact rule with an `order`."""
    return VERIFIERS.listed()


AUTO = "auto"  # a choice, not a rule: the token rule when greedy, coupled draws when sampling


def verifier_choices() -> tuple[str, ...]:
    """What the Live page and `generate` offer: "auto" first (their default), then every exact rule."""
    return (AUTO, *exact_verifiers())


def resolve_verifier(name: str, greedy: bool) -> str:
    """The rule a choice runs. "auto" is the token rule under greedy decoding (the article's rule; every exact
    rule keeps the same tokens there) and coupled draws under sampling, so that a seed fixes the text; chosen by
    measurement on the real pair ("Coupled draws" in docs/benchmarks.md)."""
    if name != AUTO:
        return name
    return "token" if greedy else "coupled"


def broken_verifiers() -> tuple[str, ...]:
    """The rules kept to show how exactness breaks."""
    return tuple(name for name, cls in VERIFIERS.items() if not cls.exact)


__all__ = ["AUTO", "VERIFIERS", "Verifier", "VerifyResult", "Verdict", "VerdictFacts", "broken_verifiers",
           "exact_verifiers", "get_verifier", "judge_all", "make_sampler", "register_verifier", "resolve_verifier",
           "verifier_choices"]
