"""Load a safetensors model straight into int8 weights (the laptop mode), one tensor at a time.

Loading the float32 copy and then quantizing it would hold the float32 model, or map its whole
file, at once: 10.3 GB peak for the 1.5B target on a machine where the result holds 2.3 GB. Here
the model is built empty (on PyTorch's meta device), every linear layer becomes a
``WeightInt8Linear``, and each tensor is read from the file with ordinary reads (no memory map,
so the file's pages stay in the page cache, not in the process) and quantized or cast to
bfloat16 before the next is read. The peak is the result plus one tensor.
"""

from __future__ import annotations

import ctypes
import json
import math
import struct
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

import torch
from transformers import AutoConfig, AutoModelForCausalLM, PreTrainedModel

from specviz.models import row_attention
from specviz.models.kernels import WeightInt8Linear

# safetensors' dtype names for the dtypes a converted model holds
FILE_DTYPES = {"F32": torch.float32, "F16": torch.float16, "BF16": torch.bfloat16, "I64": torch.int64,
               "I32": torch.int32, "I8": torch.int8, "U8": torch.uint8, "BOOL": torch.bool}
READ_ROWS = 4096  # rows of a large tensor read at a time


@dataclass(frozen=True)
class StoredTensor:
    """A tensor in a .safetensors file, read row block by row block with plain file reads."""

    handle: BinaryIO
    offset: int  # of its first byte in the file
    dtype: torch.dtype
    shape: tuple[int, ...]

    def rows(self, start: int, stop: int) -> torch.Tensor:  # [stop - start, *shape[1:]]
        stop = min(stop, self.shape[0]) if self.shape else 1
        row_bytes = self.dtype.itemsize * math.prod(self.shape[1:])
        self.handle.seek(self.offset + start * row_bytes)
        buffer = bytearray((stop - start) * row_bytes)
        self.handle.readinto(buffer)
        if not buffer:
            return torch.empty(0, *self.shape[1:], dtype=self.dtype)
        return torch.frombuffer(buffer, dtype=self.dtype).reshape(stop - start, *self.shape[1:])

    def read(self) -> torch.Tensor:
        return self.rows(0, self.shape[0] if self.shape else 1).reshape(self.shape)

    def into(self, target: torch.Tensor) -> None:
        """Copy into `target` (any dtype) in blocks of rows: one block in memory at a time."""
        if len(self.shape) < 2:
            target.copy_(self.read())
            return
        for start in range(0, self.shape[0], READ_ROWS):
            target[start:start + READ_ROWS] = self.rows(start, start + READ_ROWS)


def stored_tensors(path: Path) -> Iterator[tuple[str, StoredTensor]]:
    """Each tensor of one .safetensors file, ready to be read; the file stays open while iterating."""
    with path.open("rb") as handle:
        (header_bytes,) = struct.unpack("<Q", handle.read(8))  # little-endian length of the JSON header
        header = json.loads(handle.read(header_bytes))
        for name, info in header.items():
            if name != "__metadata__":
                yield name, StoredTensor(handle, 8 + header_bytes + info["data_offsets"][0],
                                         FILE_DTYPES[info["dtype"]], tuple(info["shape"]))


def load_int8_weights(folder: Path) -> PreTrainedModel:
    """The model in `folder` with int8 linear weights and every other tensor in bfloat16."""
    config = AutoConfig.from_pretrained(str(folder), trust_remote_code=False)
    with torch.device("meta"):  # no memory: shapes only, filled from the file below
        # Row-by-row attention: a verify block then gets the bits of single steps (see row_attention).
        model = AutoModelForCausalLM.from_config(config, dtype=torch.bfloat16, trust_remote_code=False,
                                                 attn_implementation=row_attention.NAME)
    _replace_linears(model)
    modules = dict(model.named_modules())
    loaded: set[str] = set()
    for file in sorted(folder.glob("*.safetensors")):
        for name, tensor in stored_tensors(file):
            module_name, _, attribute = name.rpartition(".")
            module = modules.get(module_name)
            if module is None:
                continue  # a tensor the model does not use
            _put(module, attribute, tensor)
            loaded.add(name)
    _tie_head(model, loaded)
    _rebuild_meta_modules(model)
    left = [name for name, tensor in [*model.named_parameters(), *model.named_buffers()] if tensor.is_meta]
    if left:
        raise ValueError(f"tensors missing from the weights file: {', '.join(left[:3])}")
    _return_freed_memory()
    return model.eval()


def _return_freed_memory() -> None:
    """Hand the read buffers' freed pages back to the system (glibc keeps them otherwise)."""
    try:
        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):  # not glibc: nothing to do
        pass


def _replace_linears(model: torch.nn.Module) -> None:
    """Every nn.Linear becomes an empty WeightInt8Linear of its shape (real, small int8 buffers)."""
    slots = [(parent, child_name, child) for parent in model.modules()
             for child_name, child in parent.named_children() if type(child) is torch.nn.Linear]
    for parent, child_name, linear in slots:
        setattr(parent, child_name, WeightInt8Linear(linear.in_features, linear.out_features,
                                                     linear.bias is not None))


def _put(module: torch.nn.Module, attribute: str, stored: StoredTensor) -> None:
    """One tensor from the file into its module: quantized for an int8 layer's weight, else bfloat16."""
    if isinstance(module, WeightInt8Linear) and attribute == "weight":
        for start in range(0, stored.shape[0], READ_ROWS):
            module.set_weight_rows(start, stored.rows(start, start + READ_ROWS))
        return
    floating = stored.dtype.is_floating_point
    value = torch.empty(stored.shape, dtype=torch.bfloat16 if floating else stored.dtype)
    stored.into(value)
    if attribute in module._parameters:
        module._parameters[attribute] = torch.nn.Parameter(value, requires_grad=False)
    elif attribute in module._buffers:
        module._buffers[attribute] = value


def _tie_head(model: PreTrainedModel, loaded: set[str]) -> None:
    """A head tied to the input embedding (no weight of its own in the file) is quantized from it."""
    head = model.get_output_embeddings()
    head_name = next((name for name, module in model.named_modules() if module is head), None)
    if isinstance(head, WeightInt8Linear) and f"{head_name}.weight" not in loaded:
        head.set_weight(model.get_input_embeddings().weight.detach())


def _rebuild_meta_modules(model: torch.nn.Module) -> None:
    """Modules whose buffers are computed, not stored (rotary frequencies), are built again for real."""
    for parent in list(model.modules()):
        for child_name, child in list(parent.named_children()):
            if any(buffer.is_meta for buffer in child.buffers(recurse=False)) and \
                    not any(True for _ in child.parameters(recurse=False)):
                setattr(parent, child_name, type(child)(config=model.config))
