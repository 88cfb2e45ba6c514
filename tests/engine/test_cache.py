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
    decoder = Decoder(target, draft, DecodeConfig(k=4, max_new_tokens=200, seed=2,
                                                  policy=SamplingPolicy(temperature=1.0)))
    stream = decoder.stream("Il gatto")
    records = [next(stream) for _ in range(cycles)]
    live = decoder.live
    assert live.tokens == decoder.record.prompt_ids + decoder.record.token_ids
    if cycles == 7:
        assert any(r.kind == "correction" for r in records)  # there were rejections to roll back
        assert any(r.kind == "bonus" for r in records)
    for cached in (live.scorer, live.drafter.model):
        # Only confirmed tokens may be in a cache, never a discarded proposal.
        assert cached.length <= len(live.tokens)
        assert cached.cache.get_seq_length() == cached.length
        got = next_logits_from_cache(cached, live.tokens)
        want = fresh_next_logits(cached.loaded, live.tokens, decoder.vocab_size)
        torch.testing.assert_close(got, want, atol=1e-4, rtol=1e-4)
    stream.close()
    assert decoder.record.stop_reason == "cancelled"
