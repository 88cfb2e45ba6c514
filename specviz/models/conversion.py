"""GGUF to safetensors, a slice at a time: the conversion's peak memory is a few rows, not the model.

Hugging Face's own GGUF loading dequantizes every tensor into memory, builds the
float32 model, then serializes it: 3.9 GB resident for the 0.5B draft (a 2.5 GB
file) and about 10 GB for the 1.5B target, enough to get a server on a 16 GB
machine killed while it loads the other model. This converter writes the same
file without ever holding the model:

1. the config comes from the GGUF header (``AutoConfig``, as before), and the
   model is built on PyTorch's meta device: names and shapes, no memory;
2. Hugging Face's own name map and tensor processor (``modeling_gguf_pytorch_utils``)
   say which GGUF tensor becomes which parameter and how;
3. the safetensors header is written first (every shape is known), then each
   tensor is dequantized and appended, ``ROWS`` rows at a time where its
   processor leaves it unchanged (each row's blocks dequantize alone, so the
   values are the same bits), whole where the processor reorders it (the llama
   family's q/k permutation: small tensors);
4. the tokenizer is converted the usual way (``AutoTokenizer``) and saved beside it.

The GGUF file is memory-mapped, so the pages read are the kernel's page cache,
which it reclaims under pressure; the process's own memory stays at a few hundred MB.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from pathlib import Path

import numpy as np
import torch
from transformers import AutoConfig, AutoModelForCausalLM, AutoTokenizer, GenerationConfig

Progress = Callable[[str, float], None]
ROWS = 2048  # rows dequantized at a time: 2048 x 1536 float32 is 12.6 MB
ALIGNMENT = 8  # safetensors pads its header so the data starts on an 8-byte boundary


def convert_gguf(gguf: Path, folder: Path, report: Progress | None = None) -> None:
    """Write `gguf` as a Hugging Face folder (config, generation config, tokenizer, model.safetensors)."""
    from gguf import GGUFReader
    from transformers.modeling_gguf_pytorch_utils import (
        TENSOR_PROCESSORS,
        TensorProcessor,
        get_gguf_hf_weights_map,
        load_gguf_checkpoint,
        read_field,
    )

    report = report or (lambda message, fraction: None)
    folder.mkdir(parents=True, exist_ok=True)
    # 1. The config and an empty model: parameter names and shapes only.
    config = AutoConfig.from_pretrained(str(gguf.parent), gguf_file=gguf.name)
    config.dtype = torch.float32  # what the tensors are written in
    with torch.device("meta"):
        model = AutoModelForCausalLM.from_config(config, dtype=torch.float32)
    config.architectures = [type(model).__name__]  # as save_pretrained writes it
    shapes = {name: tuple(tensor.shape) for name, tensor in model.state_dict().items()}
    # 2. Hugging Face's name map and processor for this architecture.
    reader = GGUFReader(gguf)
    architecture = read_field(reader, "general.architecture")[0]
    header_config = load_gguf_checkpoint(str(gguf), return_tensors=False)["config"]
    processor = TENSOR_PROCESSORS.get(architecture, TensorProcessor)(config=header_config)
    name_map = get_gguf_hf_weights_map(model, processor)
    streamable = type(processor) is TensorProcessor  # leaves every tensor as it is: rows can go one block at a time
    tensors = [(name_map[t.name], t) for t in reader.tensors if t.name in name_map]
    # 3. The header first, then every tensor's float32 bytes in the same order.
    header, offset = {}, 0
    for name, _ in tensors:
        size = 4 * math.prod(shapes[name])
        header[name] = {"dtype": "F32", "shape": list(shapes[name]), "data_offsets": [offset, offset + size]}
        offset += size
    header["__metadata__"] = {"format": "pt"}
    with (folder / "model.safetensors").open("wb") as out:
        _write_header(out, header)
        for index, (name, tensor) in enumerate(tensors):
            report("converting GGUF to float", index / max(len(tensors), 1))
            for block in _float_blocks(tensor, processor, streamable):
                out.write(np.ascontiguousarray(block, dtype=np.float32).tobytes())
            if out.tell() != _data_start(header) + header[name]["data_offsets"][1]:
                raise ValueError(f"{tensor.name}: wrote a tensor of another size than {shapes[name]}")
    # 4. What from_pretrained and save_pretrained would have written beside the weights.
    config.save_pretrained(folder)
    GenerationConfig.from_model_config(config).save_pretrained(folder)
    report("converting the tokenizer", 0.95)
    AutoTokenizer.from_pretrained(str(gguf.parent), gguf_file=gguf.name).save_pretrained(folder)


def _float_blocks(tensor, processor, streamable: bool):
    """The tensor's float32 values as blocks of rows, in order."""
    from gguf import dequantize

    data = tensor.data  # [rows, bytes or values per row], memory-mapped
    if streamable and data.ndim >= 2:
        for start in range(0, data.shape[0], ROWS):
            yield dequantize(data[start:start + ROWS], tensor.tensor_type)
        return
    yield processor.process(weights=dequantize(data, tensor.tensor_type), name=tensor.name).weights


def _write_header(out, header: dict) -> None:
    encoded = json.dumps(header, separators=(",", ":")).encode()
    encoded += b" " * (-len(encoded) % ALIGNMENT)
    out.write(len(encoded).to_bytes(8, "little"))
    out.write(encoded)


def _data_start(header: dict) -> int:
    encoded = json.dumps(header, separators=(",", ":")).encode()
    return 8 + len(encoded) + (-len(encoded) % ALIGNMENT)
