"""A new drafter or verifier is one class and one registration: no edit of the decoding loop.

The fixed drafter below proposes the same token every time with a one-hot q.
Registered, it runs through the real loop; the exact rule must still give the
target's greedy text, and must reject exactly where the target disagrees.
"""

from __future__ import annotations

import json

import pytest
import torch

from specviz.core.policy import SamplingPolicy
from specviz.core.verifiers import VERIFIERS, VerifyResult, register_verifier
from specviz.core.verifiers.token import TokenVerifier
from specviz.engine.decoder import DecodeConfig, Decoder
from specviz.engine.drafters import DRAFTERS, Proposal, register_drafter
from specviz.engine.drafters.target_only import NoDrafter
from specviz.engine.trace import SCHEMA_VERSION, run_from_json
from specviz.errors import SpecvizError

PROMPT = "The quick brown fox"


class FixedDrafter(NoDrafter):
    """Proposes `token` k times, with q one-hot on it (no model, no cache: as the target-only drafter)."""

    name = "fixed"
    max_tokens = 32
    token = 0  # set by the fixture

    def propose(self, k, policy, generator, stop_below=None) -> Proposal:
        draft_probs = torch.zeros(k, self.setup.vocab_size, device=self.setup.device)  # [k, vocab]
        draft_probs[:, self.token] = 1.0
        return Proposal([self.token] * k, draft_probs)


@pytest.fixture
def fixed_drafter(tiny_pair):
    """Registered, proposing the token the target's greedy text holds most often (so some pass)."""
    _, target = tiny_pair
    text = Decoder(target, None, DecodeConfig(schedule="constant", max_new_tokens=40)).run(PROMPT).token_ids
    FixedDrafter.token = max(set(text), key=text.count)
    register_drafter(FixedDrafter)
    yield
    DRAFTERS.unregister("fixed")


def test_a_registered_drafter_runs_through_the_real_loop(tiny_pair, fixed_drafter):
    _, target = tiny_pair
    config = DecodeConfig(schedule="constant", k=3, max_new_tokens=40, drafter="fixed")
    run = Decoder(target, None, config).run(PROMPT)
    alone = Decoder(target, None, DecodeConfig(schedule="constant", max_new_tokens=40)).run(PROMPT)
    assert run.token_ids == alone.token_ids  # greedy: the exact rule keeps the target's text
    assert run.drafter == "fixed" and run.settings.speculative
    for cycle in run.cycles:
        assert cycle.proposed == [FixedDrafter.token] * cycle.k
        # One-hot q: accepted exactly while the target's own greedy token is the fixed one.
        expected = next((i for i, t in enumerate(cycle.emitted[: cycle.k]) if t != FixedDrafter.token), cycle.k)
        assert cycle.accepted == min(expected, len(cycle.emitted) - 1)
    assert any(c.accepted > 0 for c in run.cycles) and any(c.kind == "correction" for c in run.cycles)
    assert run.totals.draft_forward_passes == 0
    assert run.totals.target_forward_passes == len(run.cycles)


def test_a_registered_verifier_is_used_and_named_in_the_trace(tiny_pair):
    @register_verifier
    class RejectFirst(TokenVerifier):
        """Fails every first check and corrects from max(p - q, 0): exact, if useless."""

        name = "reject-first"

        def verify(self, target_probs, draft_probs, draft_tokens, sampler, position=0):
            if draft_tokens.numel() == 0:
                return super().verify(target_probs, draft_probs, draft_tokens, sampler, position)
            residual = self.correction_distribution(target_probs[0], draft_probs[0])  # [vocab]
            return VerifyResult(self.name, 0, [sampler.draw(residual, position)], "correction", [], [], [], [],
                                residual)

    try:
        draft, target = tiny_pair
        run = Decoder(target, draft, DecodeConfig(schedule="constant", k=3, max_new_tokens=12,
                                                  verifier="reject-first")).run(PROMPT)
        assert run.verifier == "reject-first"
        assert all(c.accepted == 0 for c in run.cycles)
        assert run.token_ids == Decoder(target, None, DecodeConfig(schedule="constant",
                                                                   max_new_tokens=12)).run(PROMPT).token_ids
    finally:
        VERIFIERS.unregister("reject-first")


def test_unknown_names_are_one_line_errors():
    with pytest.raises(SpecvizError, match="unknown drafter 'nope'"):
        DecodeConfig(schedule="constant", drafter="nope")
    with pytest.raises(SpecvizError, match="unknown verifier 'nope'"):
        DecodeConfig(schedule="constant", verifier="nope")


def test_the_trace_names_drafter_verifier_and_kernels_and_old_traces_still_load(tiny_pair):
    draft, target = tiny_pair
    run = Decoder(target, draft, DecodeConfig(schedule="constant", k=2, max_new_tokens=6,
                                              policy=SamplingPolicy(1.0))).run(PROMPT)
    assert (run.drafter, run.verifier, run.schema_version) == ("model", "token", SCHEMA_VERSION)
    assert run.target_kernels == target.kernels and run.draft_kernels == draft.kernels
    assert run.draft_dtype == str(draft.dtype).removeprefix("torch.")
    assert run_from_json(run.to_json()) == run
    # A version-1 trace (before drafters and verifiers were named) reads with the defaults of then.
    old = json.loads(run.to_json())
    for name in ("drafter", "verifier", "target_kernels", "draft_dtype", "draft_kernels"):
        del old[name]
    old["schema_version"] = 1
    loaded = run_from_json(json.dumps(old))
    assert (loaded.drafter, loaded.verifier, loaded.target_kernels) == ("model", "token", "unknown")
    assert loaded.cycles == run.cycles and loaded.token_ids == run.token_ids
    alone = json.loads(Decoder(target, None, DecodeConfig(schedule="constant", max_new_tokens=3)).run(PROMPT).to_json())
    alone["schema_version"] = 1
    assert run_from_json(json.dumps(alone)).drafter == "none"
