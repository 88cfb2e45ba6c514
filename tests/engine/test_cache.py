"""After cycles with rejections, both KV caches describe exactly the confirmed text."""

import pytest
import torch

from specviz.core.policy import SamplingPolicy
from specviz.engine.decoder import DecodeConfig, Decoder


def next_logits_from_cache(cached, tokens):
    """Feed what the cache has not seen; the logits after the last confirmed token."""
    return cached.forward(tokens[cached.length:])[-1]


@torch.inference_mode()
def fresh_next_logits(loaded, tokens, vocab):
    return loaded.model(torch.tensor([tokens])).logits[0, -1, :vocab]


@pytest.mark.parametrize("cycles", [1, 3, 7])
def test_caches_match_a_fresh_forward_pass(tiny_pair, cycles):
    draft, target = tiny_pair
    decoder = Decoder(target, draft, DecodeConfig(schedule="constant", k=4, max_new_tokens=200, seed=2,
                                                  policy=SamplingPolicy(temperature=1.0)))
    run = decoder.start("Il gatto")
    records = [run.step() for _ in range(cycles)]
    assert run.tokens == run.record.prompt_ids + run.record.token_ids
    if cycles == 7:
        assert any(r.kind == "correction" for r in records)  # there were rejections to roll back
        assert any(r.kind == "bonus" for r in records)
    lengths = run.caches()
    assert (lengths.confirmed, lengths.target, lengths.draft) == (
        len(run.tokens), run.target_cache.length, run.drafter.model.length)
    for cached in (run.target_cache, run.drafter.model):
        # Only confirmed tokens may be in a cache, never a discarded proposal.
        assert cached.length <= len(run.tokens)
        assert cached.cache.get_seq_length() == cached.length
        got = next_logits_from_cache(cached, run.tokens)
        want = fresh_next_logits(cached.loaded, run.tokens, decoder.vocab_size)
        torch.testing.assert_close(got, want, atol=1e-4, rtol=1e-4)
    run.close()
    assert run.record.stop_reason == "cancelled"
