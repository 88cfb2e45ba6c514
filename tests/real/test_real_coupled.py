"""Coupled draws on the real pair: one seed, one text, the target alone's, for one prompt of every set."""

from __future__ import annotations

import pytest

from specviz.core.policy import SamplingPolicy
from specviz.engine.decoder import DecodeConfig, Decoder
from tests.real.test_real_drafters import PROMPTS

pytestmark = pytest.mark.real
TOKENS = 24
POLICY = SamplingPolicy(temperature=0.7)
CONFIGURATIONS = [("model", 1, "constant"), ("model", 3, "budget"), ("model", 7, "constant"), ("hybrid", 4, "budget")]


@pytest.mark.parametrize("prompt_set", PROMPTS)
def test_the_coupled_text_is_the_target_alones_whatever_drafts(real_pair, prompt_set):
    draft, target = real_pair
    prompt = PROMPTS[prompt_set]

    def config(**more):
        return DecodeConfig(policy=POLICY, seed=3, verifier="coupled", max_new_tokens=TOKENS,
                            trace_detail="counters", **more)

    alone = Decoder(target, None, config()).run(prompt).token_ids
    for drafter, k, schedule in CONFIGURATIONS:
        run = Decoder(target, draft, config(drafter=drafter, k=k, schedule=schedule)).run(prompt)
        assert run.token_ids == alone, (drafter, k, schedule)
        assert run.totals.proposed > 0
