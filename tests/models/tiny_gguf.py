"""The tiny target written as a GGUF file (Q8_0 matrices, float32 vectors), for conversion tests."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from gguf import GGMLQuantizationType, GGUFWriter, get_tensor_name_map, quantize
from gguf.constants import MODEL_ARCH

from specviz.models import tiny


def write_tiny_gguf(path: Path, role: str = "target") -> Path:
    """The tiny model of `role` as GGUF: its config, a byte-level gpt2 vocabulary and its weights."""
    model, config = tiny.tiny_model(role), tiny.TinyConfig()
    writer = GGUFWriter(str(path), "qwen2")
    writer.add_block_count(config.layers)
    writer.add_context_length(config.context)
    writer.add_embedding_length(config.hidden_size)
    writer.add_feed_forward_length(config.intermediate_size)
    writer.add_head_count(config.heads)
    writer.add_head_count_kv(config.kv_heads)
    writer.add_layer_norm_rms_eps(model.config.rms_norm_eps)
    writer.add_rope_freq_base(float(model.config.rope_parameters["rope_theta"]))
    vocab = tiny.tiny_tokenizer().get_vocab()
    writer.add_tokenizer_model("gpt2")
    writer.add_token_list([token for token, _ in sorted(vocab.items(), key=lambda item: item[1])])
    writer.add_token_types([1] * 256 + [3])  # normal bytes, then one control token
    writer.add_token_scores([0.0] * 257)  # no merges: every token is one byte
    writer.add_eos_token_id(256)
    writer.add_bos_token_id(256)
    names = get_tensor_name_map(MODEL_ARCH.QWEN2, config.layers)
    for hf_name, tensor in model.state_dict().items():
        stem, _, suffix = hf_name.rpartition(".")
        gguf_name = f"{names.get_name(stem)}.{suffix}"
        values = tensor.detach().float().numpy()
        if values.ndim == 2:  # matrices quantized, as in the shipped models; the reader then dequantizes them
            writer.add_tensor(gguf_name, quantize(values, GGMLQuantizationType.Q8_0),
                              raw_dtype=GGMLQuantizationType.Q8_0)
        else:
            writer.add_tensor(gguf_name, np.ascontiguousarray(values))
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    return path
