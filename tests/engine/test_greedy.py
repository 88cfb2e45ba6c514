"""Greedy speculative decoding must give the target-alone tokens exactly."""

import pytest
import torch

from specviz.engine.decoder import DecodeConfig, Decoder
from specviz.models.kernels import int8_supported
from specviz.models.loader import load_model

PROMPTS = {
    "english": "The quick brown fox jumps over",
    "italian": "Il modello piccolo propone, quello grande verifica",
    "code": "def fibonacci(n):\n    if n < 2:\n        return n\n",
}


def hf_greedy(loaded, prompt_ids, max_new_tokens):
    ids = torch.tensor([prompt_ids])
    out = loaded.model.generate(ids, attention_mask=torch.ones_like(ids), do_sample=False,
                                max_new_tokens=max_new_tokens, eos_token_id=sorted(loaded.eos_ids),
                                pad_token_id=sorted(loaded.eos_ids)[0])
    return out[0, len(prompt_ids):].tolist()


@pytest.mark.parametrize("prompt", PROMPTS.values(), ids=PROMPTS.keys())
def test_speculative_equals_target_alone_and_transformers(tiny_pair, prompt):
    draft, target = tiny_pair
    baseline = Decoder(target, None, DecodeConfig(schedule="constant", max_new_tokens=40)).run(prompt)
    reference = hf_greedy(target, baseline.prompt_ids, 40)
    assert baseline.token_ids == reference
    for k in (1, 2, 4, 8):
        for schedule in ("constant", "heuristic", "dynamic"):
            run = Decoder(target, draft, DecodeConfig(k=k, schedule=schedule, max_new_tokens=40)).run(prompt)
            assert run.token_ids == reference, (k, schedule)
    assert run.totals.accepted < run.totals.proposed  # rejections did happen along the way


@pytest.mark.parametrize("verifier", ["block", "match"])
def test_every_exact_verifier_gives_the_target_alone_tokens_under_greedy(tiny_pair, verifier):
    draft, target = tiny_pair
    for prompt in PROMPTS.values():
        reference = Decoder(target, None, DecodeConfig(schedule="constant", max_new_tokens=40)).run(prompt).token_ids
        for k in (1, 4, 8):
            run = Decoder(target, draft, DecodeConfig(k=k, schedule="constant", max_new_tokens=40,
                                                      verifier=verifier)).run(prompt)
            assert run.token_ids == reference, (prompt, k)
            assert run.verifier == verifier


def test_a_perfect_draft_is_always_accepted(tiny_pair):
    _, target = tiny_pair
    run = Decoder(target, target, DecodeConfig(schedule="constant", k=4, max_new_tokens=30)).run(PROMPTS["english"])
    assert all(c.kind == "bonus" and c.accepted == c.k for c in run.cycles[:-1])
    assert run.totals.target_forward_passes == len(run.cycles)  # one pass per cycle, the prompt read in the first
    assert run.totals.mean_tokens_per_cycle == pytest.approx(30 / len(run.cycles))


@pytest.mark.skipif(not int8_supported(), reason="no quantized engine in this PyTorch build")
def test_an_int8_draft_changes_acceptance_not_the_output(tiny_pair):
    _, target = tiny_pair
    int8_draft = load_model("tiny-draft", device="cpu", dtype="int8")
    rejected = 0
    for prompt in PROMPTS.values():
        reference = Decoder(target, None, DecodeConfig(schedule="constant", max_new_tokens=40)).run(prompt).token_ids
        for k, schedule in ((2, "constant"), (4, "dynamic")):
            run = Decoder(target, int8_draft, DecodeConfig(k=k, schedule=schedule, max_new_tokens=40)).run(prompt)
            assert run.token_ids == reference, (prompt, k, schedule)
            rejected += run.totals.proposed - run.totals.accepted
    assert rejected > 0  # the draft did disagree with the target along the way
