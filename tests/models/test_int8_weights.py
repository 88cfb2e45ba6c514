"""The laptop mode's target: int8 weights, bfloat16 activations, verify blocks with single steps' bits."""

from __future__ import annotations

import pytest
import torch
from transformers import DynamicCache

from specviz.engine.decoder import DecodeConfig, Decoder
from specviz.models import row_attention, tiny
from specviz.models.int8_weights import load_int8_weights
from specviz.models.kernels import WeightInt8Linear, int8_weights_supported, quantize_weights
from specviz.models.loader import load_model

pytestmark = pytest.mark.skipif(not int8_weights_supported(), reason="no int8-weight kernel in this PyTorch")

PROMPTS = ("The quick brown fox jumps over", "Il modello piccolo propone, quello grande verifica",
           "def fibonacci(n):\n    if n < 2:\n        return n\n")


def test_each_row_of_a_block_has_the_bits_of_that_row_alone():
    torch.manual_seed(0)
    linear = torch.nn.Linear(96, 200)
    layer = WeightInt8Linear.from_linear(linear)
    block = torch.randn(1, 8, 96, dtype=torch.bfloat16)  # [batch, rows, in_features]
    with torch.inference_mode():
        together = layer(block)
        alone = torch.cat([layer(block[:, i:i + 1]) for i in range(8)], dim=1)
        dense = linear(block.float())
    assert together.shape == (1, 8, 200)
    assert torch.equal(together, alone)
    # Close to the float layer: per-channel int8 keeps each weight within half a step of its scale.
    assert (together.float() - dense).abs().max() < 0.05 * dense.abs().max()


def test_quantizing_rounds_each_weight_to_its_channels_scale():
    weight = torch.tensor([[1.0, -0.5, 0.25], [0.0, 0.0, 2.0]])
    layer = WeightInt8Linear.from_linear(torch.nn.Linear(3, 2))
    layer.set_weight(weight)
    assert layer.weight_int8.tolist() == [[127, -64, 32], [0, 0, 127]]  # 63.5 rounds to even, to 64
    assert layer.scale.float().tolist() == pytest.approx([1 / 127, 2 / 127], rel=1e-2)


def test_streaming_a_saved_model_gives_the_model_quantized_after_loading(tmp_path):
    model = tiny.tiny_model("target")
    model.save_pretrained(tmp_path, safe_serialization=True)
    streamed = load_int8_weights(tmp_path)
    reference = tiny.tiny_model("target")
    quantize_weights(reference)
    reference = reference.to(torch.bfloat16)
    reference.set_attn_implementation(row_attention.NAME)
    for name, buffer in streamed.named_buffers():  # rotary frequencies: computed, kept in float32 when streamed
        if buffer.is_floating_point() and not name.endswith("scale"):
            reference.get_buffer(name).data = buffer.clone()
    ids = torch.tensor([[5, 17, 90, 3, 44, 250, 7]])
    with torch.inference_mode():
        assert torch.equal(streamed(ids).logits, reference(ids).logits)
    assert sum(isinstance(m, WeightInt8Linear) for m in streamed.modules()) == \
        sum(type(m) is torch.nn.Linear for m in model.modules())


def test_a_verify_block_scores_each_position_as_a_single_step_would():
    target = load_model("tiny-target", device="cpu", dtype="int8-weights")
    assert target.kernels == "int8-weights" and target.computes_in == "int8-weights"
    ids = torch.tensor([list(range(40, 52))])
    block = torch.tensor([[7, 200, 12, 99, 5, 61]])
    with torch.inference_mode():
        cache = DynamicCache(config=target.model.config)
        target.model(ids, past_key_values=cache, use_cache=True)
        together = target.model(block, past_key_values=cache, use_cache=True).logits[0]
        cache = DynamicCache(config=target.model.config)
        target.model(ids, past_key_values=cache, use_cache=True)
        alone = torch.cat([target.model(block[:, i:i + 1], past_key_values=cache, use_cache=True).logits[0]
                           for i in range(block.shape[1])])
    assert torch.equal(together, alone)


def test_greedy_speculation_on_an_int8_weight_pair_gives_that_targets_text():
    target = load_model("tiny-target", device="cpu", dtype="int8-weights")
    draft = load_model("tiny-draft", device="cpu", dtype="int8-weights")
    rejected = 0
    for prompt in PROMPTS:
        reference = Decoder(target, None, DecodeConfig(schedule="constant", max_new_tokens=40)).run(prompt).token_ids
        for k, schedule in ((1, "constant"), (4, "constant"), (6, "dynamic")):
            run = Decoder(target, draft, DecodeConfig(k=k, schedule=schedule, max_new_tokens=40)).run(prompt)
            assert run.token_ids == reference, (prompt, k, schedule)
            rejected += run.totals.proposed - run.totals.accepted
    assert rejected > 0  # the draft did disagree with the target along the way
