"""Verifiers: the rules that keep a prefix of the draft's proposal (see base.py for the interface)."""

from specviz.core.verifiers import block, broken, match, token  # noqa: F401 - importing registers them
from specviz.core.verifiers.base import (
           VERIFIERS,
           Verdict,
           Verifier,
           VerifyResult,
           get_verifier,
           judge_all,
           register_verifier,
)

EXACT_VERIFIERS = ("token", "block", "match")  # the default first, then by how much each keeps
assert all(VERIFIERS.get(name).exact for name in EXACT_VERIFIERS)
BROKEN_VERIFIERS = tuple(name for name, cls in VERIFIERS.items() if not cls.exact)

__all__ = ["VERIFIERS", "EXACT_VERIFIERS", "BROKEN_VERIFIERS", "Verifier", "VerifyResult", "Verdict", "get_verifier",
           "judge_all", "register_verifier"]
