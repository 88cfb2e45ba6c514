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


def broken_verifiers() -> tuple[str, ...]:
    """The rules kept to show how exactness breaks."""
    return tuple(name for name, cls in VERIFIERS.items() if not cls.exact)


__all__ = ["VERIFIERS", "Verifier", "VerifyResult", "Verdict", "VerdictFacts", "broken_verifiers", "exact_verifiers",
           "get_verifier", "judge_all", "make_sampler",
           "register_verifier"]
