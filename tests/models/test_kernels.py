"""oneDNN-packed linear layers compute what nn.Linear computes, and the loader applies them on the CPU."""

from __future__ import annotations

import pytest
import torch

from specviz.errors import SpecvizError
from specviz.models import tiny
from specviz.models.kernels import (
    MIN_BLOCK_ROWS,
    PackedLinear,
    int8_supported,
    pack_linears,
    packing_applies,
    packing_supported,
)
from specviz.models.loader import load_model

needs_mkldnn = pytest.mark.skipif(not torch.backends.mkldnn.is_available(), reason="oneDNN not built in")


@needs_mkldnn
@pytest.mark.parametrize("bias", [True, False])
@pytest.mark.parametrize("shape", [(1, 96), (3, 96), (2, 5, 96)])
def test_packed_linear_matches_nn_linear(bias, shape):
    torch.manual_seed(0)
    linear = torch.nn.Linear(96, 200, bias=bias)
    x = torch.randn(*shape)
    with torch.inference_mode():
        expected = linear(x)
        got = PackedLinear(linear)(x)
    assert got.shape == expected.shape
    torch.testing.assert_close(got, expected, rtol=1e-4, atol=1e-5)


@needs_mkldnn
@pytest.mark.parametrize("shape", [(1, 96), (1, 1, 96), (2, 96), (3, 96), (1, 2, 96), (1, 3, 96), (2, 3, 96),
                                   (2, 5, 96), (1, 8, 96)])
def test_dual_layout_matches_nn_linear_for_every_row_count(shape):
    torch.manual_seed(0)
    linear = torch.nn.Linear(96, 200)
    x = torch.randn(*shape)
    with torch.inference_mode():
        torch.testing.assert_close(PackedLinear(linear, verify_rows=8)(x), linear(x), rtol=1e-4, atol=1e-5)


@needs_mkldnn
@pytest.mark.parametrize("rows", [2, 3])
def test_a_small_block_is_padded_and_each_row_computes_as_in_a_full_block(rows, monkeypatch):
    torch.manual_seed(0)
    layer = PackedLinear(torch.nn.Linear(96, 200), verify_rows=8)
    block, others = torch.randn(1, rows, 96), torch.randn(1, MIN_BLOCK_ROWS - rows, 96)
    seen = []
    linear_pointwise = torch.ops.mkldnn._linear_pointwise
    monkeypatch.setattr(torch.ops.mkldnn, "_linear_pointwise",
                        lambda x, *rest: seen.append(tuple(x.shape)) or linear_pointwise(x, *rest), raising=False)
    with torch.inference_mode():
        small = layer(block)
        full = layer(torch.cat([block, others], dim=1))
    assert seen == [(1, MIN_BLOCK_ROWS, 96), (1, MIN_BLOCK_ROWS, 96)]  # the small block ran as a full one
    assert small.shape == (1, rows, 200)
    assert torch.equal(small, full[:, :rows])  # the rows do not depend on what fills the rest of the block


@needs_mkldnn
def test_dual_layout_uses_the_second_copy_only_for_several_rows():
    torch.manual_seed(0)
    linear, other = torch.nn.Linear(96, 200), torch.nn.Linear(96, 200)
    layer = PackedLinear(linear, verify_rows=8)
    # Swap in another layer's several-row copy: one-row products must not change, several-row ones must.
    layer.packed_weight_rows = PackedLinear(other, verify_rows=8).packed_weight_rows
    one, several = torch.randn(1, 1, 96), torch.randn(1, 4, 96)
    with torch.inference_mode():
        torch.testing.assert_close(layer(one), linear(one), rtol=1e-4, atol=1e-5)
        assert not torch.allclose(layer(several), linear(several), rtol=1e-4, atol=1e-5)
        torch.testing.assert_close(layer(several), torch.nn.functional.linear(several, other.weight, linear.bias),
                                   rtol=1e-4, atol=1e-5)


@needs_mkldnn
def test_packed_linear_detects_a_wrong_weight():
    """The comparison above can fail: a packed layer of other weights does not pass it."""
    torch.manual_seed(0)
    linear, other = torch.nn.Linear(96, 200), torch.nn.Linear(96, 200)
    x = torch.randn(3, 96)
    with torch.inference_mode():
        assert not torch.allclose(PackedLinear(other)(x), linear(x), rtol=1e-4, atol=1e-5)


@needs_mkldnn
def test_pack_linears_replaces_every_linear_and_keeps_the_logits():
    plain, packed = tiny.tiny_model("target").eval(), tiny.tiny_model("target").eval()
    linears = sum(type(m) is torch.nn.Linear for m in packed.modules())
    assert pack_linears(packed) == linears > 0
    assert not any(type(m) is torch.nn.Linear for m in packed.modules())
    ids = torch.tensor([[5, 17, 99, 3, 250, 42]])
    with torch.inference_mode():
        expected, got = plain(ids).logits, packed(ids).logits
    torch.testing.assert_close(got, expected, rtol=1e-4, atol=1e-4)
    assert torch.equal(got.argmax(-1), expected.argmax(-1))


@needs_mkldnn
def test_loader_packs_on_the_cpu_and_can_be_told_not_to(monkeypatch):
    assert load_model("tiny-target", device="cpu", dtype="float32").kernels == "onednn-packed"
    assert load_model("tiny-target", device="cpu", dtype="float32", packed=False).kernels == "default"
    dual = load_model("tiny-target", device="cpu", dtype="float32", verify_rows=8)
    assert dual.kernels == "onednn-packed+8-row"
    assert all(m.packed_weight_rows is not None for m in dual.model.modules() if isinstance(m, PackedLinear))
    monkeypatch.setenv("SPECVIZ_PACKED_LINEAR", "0")
    assert load_model("tiny-target", device="cpu", dtype="float32").kernels == "default"


def test_packing_applies_only_to_cpu_float32_and_bfloat16(monkeypatch):
    monkeypatch.delenv("SPECVIZ_PACKED_LINEAR", raising=False)
    cpu = torch.device("cpu")
    assert packing_applies(cpu, torch.float32) == torch.backends.mkldnn.is_available()
    assert not packing_applies(cpu, torch.float16)
    assert not packing_applies(torch.device("cuda"), torch.float32)
    monkeypatch.setenv("SPECVIZ_PACKED_LINEAR", "0")
    assert not packing_applies(cpu, torch.float32)


def test_bfloat16_is_packed_only_where_the_cpu_has_the_kernels():
    # Many AVX2-only CPUs lack oneDNN's bfloat16 kernels: loading falls back to the default layers there.
    supported = packing_supported(torch.bfloat16)
    loaded = load_model("tiny-target", device="cpu", dtype="bfloat16")
    assert loaded.kernels == ("onednn-packed" if supported else "default")
    ids = torch.tensor([[5, 17, 99]])
    with torch.inference_mode():
        assert torch.isfinite(loaded.model(ids).logits).all()
    if not supported:
        with pytest.raises(SpecvizError, match="packed linear layers need oneDNN bfloat16"):
            load_model("tiny-target", device="cpu", dtype="bfloat16", packed=True)


def test_packing_asked_for_where_it_cannot_run_is_a_clear_error():
    assert not packing_supported(torch.float16)
    with pytest.raises(SpecvizError, match="packed linear layers need oneDNN float16"):
        load_model("tiny-target", device="cpu", dtype="float16", packed=True)


needs_int8 = pytest.mark.skipif(not int8_supported(), reason="no quantized engine in this PyTorch build")


@needs_int8
def test_int8_draft_is_quantized_and_close_to_float32():
    plain = load_model("tiny-draft", device="cpu", dtype="float32", packed=False)
    quantized = load_model("tiny-draft", device="cpu", dtype="int8")
    assert quantized.kernels == "int8-dynamic" and quantized.dtype == torch.float32
    assert not any(type(m) is torch.nn.Linear for m in quantized.model.modules())
    assert quantized.vocab_size == plain.vocab_size
    ids = torch.tensor([[5, 17, 99, 3, 250, 42]])
    with torch.inference_mode():
        expected = plain.model(ids).logits.softmax(-1)
        got = quantized.model(ids).logits.softmax(-1)
    # int8 rounding moves the probabilities a little (total variation well under 0.1), not to another model's.
    total_variation = 0.5 * (got - expected).abs().sum(-1)
    assert total_variation.max() < 0.1
    other = load_model("tiny-target", device="cpu", dtype="float32", packed=False)
    with torch.inference_mode():
        far = 0.5 * (other.model(ids).logits.softmax(-1)[..., :plain.vocab_size] - expected).abs().sum(-1)
    assert far.max() > 0.1  # the bound above can fail: another model's distribution lies outside it


def test_int8_is_refused_off_the_cpu_with_a_clear_error():
    if torch.cuda.is_available():
        with pytest.raises(SpecvizError, match="int8 linear layers run on a CPU"):
            load_model("tiny-draft", device="cuda", dtype="int8")
    with pytest.raises(SpecvizError, match="int8 for a CPU draft"):
        load_model("tiny-draft", device="cpu", dtype="int4")
