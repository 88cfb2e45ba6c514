"""The streamed GGUF conversion writes what Hugging Face's whole-model conversion wrote, a slice at a time."""

from __future__ import annotations

import json

import pytest
import torch
from safetensors import safe_open
from transformers import AutoModelForCausalLM, AutoTokenizer

from specviz.models import conversion
from tests.models.tiny_gguf import write_tiny_gguf


def whole_model_conversion(gguf, folder):
    """The conversion as it was: every tensor dequantized into a float32 model, then saved."""
    model = AutoModelForCausalLM.from_pretrained(str(gguf.parent), gguf_file=gguf.name, dtype=torch.float32)
    model.hf_quantizer = None
    del model.config.quantization_config
    model.save_pretrained(folder)
    AutoTokenizer.from_pretrained(str(gguf.parent), gguf_file=gguf.name).save_pretrained(folder)


def tensors(folder):
    with safe_open(str(folder / "model.safetensors"), "pt") as handle:
        return {name: handle.get_tensor(name) for name in handle.keys()}


@pytest.fixture(scope="module")
def both(tmp_path_factory):
    root = tmp_path_factory.mktemp("conversion")
    gguf = write_tiny_gguf(root / "tiny.gguf")
    whole_model_conversion(gguf, root / "whole")
    conversion.convert_gguf(gguf, root / "streamed")
    return root / "whole", root / "streamed"


def test_every_tensor_has_the_same_name_shape_and_bits(both):
    whole, streamed = map(tensors, both)
    assert set(whole) == set(streamed) and len(whole) > 10
    assert all(torch.equal(whole[name], streamed[name]) for name in whole)
    assert all(tensor.dtype == torch.float32 for tensor in streamed.values())


def test_config_generation_config_and_tokenizer_files_match(both):
    whole, streamed = both
    for name in ("config.json", "generation_config.json"):
        assert json.loads((whole / name).read_text()) == json.loads((streamed / name).read_text()), name
    assert (whole / "tokenizer.json").read_bytes() == (streamed / "tokenizer.json").read_bytes()


def test_rows_are_streamed_in_slices_and_still_match(both, tmp_path, monkeypatch):
    """With slices of 3 rows every matrix is written in several pieces: the bits must not change."""
    monkeypatch.setattr(conversion, "ROWS", 3)
    conversion.convert_gguf(both[0].parent / "tiny.gguf", tmp_path / "sliced")
    whole, sliced = tensors(both[0]), tensors(tmp_path / "sliced")
    assert all(torch.equal(whole[name], sliced[name]) for name in whole)


def test_the_converted_copy_loads_and_computes_what_the_whole_conversion_computes(both):
    whole, streamed = (AutoModelForCausalLM.from_pretrained(str(folder)) for folder in both)
    tokens = torch.tensor([[1, 2, 3, 4, 5]])
    assert torch.equal(whole(tokens).logits, streamed(tokens).logits)


def test_a_tensor_of_the_wrong_size_is_refused(tmp_path, monkeypatch):
    """A processor that changes a tensor's size would break the header's offsets: the writer checks each one."""
    gguf = write_tiny_gguf(tmp_path / "tiny.gguf")
    real = conversion._float_blocks

    def one_row_short(tensor, processor, streamable):
        blocks = list(real(tensor, processor, streamable))
        return blocks[:-1] + [blocks[-1][:-1]] if blocks[-1].ndim == 2 else blocks

    monkeypatch.setattr(conversion, "_float_blocks", one_row_short)
    with pytest.raises(ValueError, match="another size"):
        conversion.convert_gguf(gguf, tmp_path / "out")
