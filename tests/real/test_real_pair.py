"""The real offline pair: verified weights, cached conversion, greedy equality, distribution."""

import numpy as np
import pytest
import torch

from specviz.core.policy import SamplingPolicy, logits_to_probs
from specviz.engine.decoder import DecodeConfig, Decoder
from specviz.models.assets import chunk_files, join_and_verify
from specviz.models.loader import cache_dir, cache_is_valid, load_model
from specviz.models.pairing import shared_vocab_size
from specviz.models.registry import REGISTRY
from tests.engine.test_greedy import PROMPTS, hf_greedy
from tests.stats import ALPHA, chi_square_pvalue

pytestmark = pytest.mark.real


@pytest.mark.parametrize("name", ["qwen2.5-coder-0.5b", "qwen2.5-coder-1.5b"])
def test_packaged_weights_join_to_the_published_sha256(tmp_path, name):
    source = REGISTRY[name].source
    joined = join_and_verify(chunk_files(source), source, tmp_path)  # raises on a wrong sha256
    assert joined.stat().st_size == source.size


def test_second_load_uses_the_converted_cache(real_pair):
    draft, target = real_pair
    for loaded in (draft, target):
        assert cache_is_valid(cache_dir(REGISTRY[loaded.name]), REGISTRY[loaded.name])
    again = load_model("qwen2.5-coder-0.5b", device="cpu", dtype="float32")
    assert again.source == "cache"
    assert shared_vocab_size(draft, target) == 151936
    assert {151643, 151645} <= target.eos_ids  # <|endoftext|> and <|im_end|>


def test_mismatched_real_tokenizers_are_refused(real_pair):
    from specviz.errors import SpecvizError

    _, target = real_pair
    smol = load_model("smollm2-135m", device="cpu", dtype="float32")
    with pytest.raises(SpecvizError, match="different tokenizers"):
        Decoder(target, smol, DecodeConfig(schedule="constant"))


@pytest.mark.parametrize("prompt", PROMPTS.values(), ids=PROMPTS.keys())
def test_greedy_speculative_equals_transformers(real_pair, prompt):
    draft, target = real_pair
    baseline = Decoder(target, None, DecodeConfig(schedule="constant", max_new_tokens=24)).run(prompt)
    assert baseline.token_ids == hf_greedy(target, baseline.prompt_ids, 24)
    accepted = 0
    for k in (1, 2, 4, 8):
        run = Decoder(target, draft, DecodeConfig(schedule="constant", k=k, max_new_tokens=24)).run(prompt)
        assert run.token_ids == baseline.token_ids, k
        accepted += run.totals.accepted
    assert accepted > 0


def test_sampled_first_token_follows_the_target(real_pair):
    """A smaller statistical run on the real pair (the tiny pair carries the broken variants)."""
    draft, target = real_pair
    policy = SamplingPolicy(temperature=1.0, top_k=8)
    prompt = PROMPTS["italian"]
    ids = target.tokenizer(prompt).input_ids
    with torch.inference_mode():
        logits = target.model(torch.tensor([ids])).logits[0, -1]
    exact = logits_to_probs(logits, policy).double().numpy()
    counts = np.zeros_like(exact)
    for seed in range(120):
        run = Decoder(target, draft, DecodeConfig(schedule="constant", k=1, max_new_tokens=2, seed=seed, policy=policy,
                                                  trace_detail="counters")).run(prompt)
        counts[run.token_ids[0]] += 1
    assert chi_square_pvalue(counts, exact) > ALPHA
