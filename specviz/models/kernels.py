"""oneDNN-packed weights for the linear layers of a model on the CPU.

PyTorch's default CPU path for ``nn.Linear`` hands float32 products to a BLAS
whose cost grows with the number of rows for small row counts: on a 2-core CPU
a 1536x8960 product took 2.8 ms for one row and 8.1 ms for three. A verify pass
of k+1 rows then cost almost as much as k+1 single-token passes, which is the
opposite of what speculative decoding needs. oneDNN, with the weight reordered
once into its blocked layout, took 1.6 ms for one row and 1.4-1.7 ms for up to
five, and the whole 1.5B target went from 320 to about 190 ms per token.

The layout is chosen for one row, and a second copy laid out for several rows can be
kept beside it (``verify_rows``). Measured on an AVX2-only AMD CPU, the whole 1.5B
target, interleaved in one process: with the one-row layout a 5-row verify pass took
442 ms against 201 for one row (2.2x); with an 8-row layout 298 against 210, so the
verify got 33% cheaper while the one-row step got 4% dearer (a 4-row layout: 3-row pass
337 against 540 ms, one row 3-6% dearer). No single layout is best for both, and the
one-row step is also the target-only baseline's, the reference every speed-up is
measured against. So a target can keep both layouts (twice the memory of its linear
weights) and each product picks by its row count: one row the one-row layout, more
rows (verify, prompt) the other.

That second layout is not monotonic in the row count either. On an AMD CPU with AVX-512, the
whole target with the 8-row layout took 324 ms for 2 rows and 237 for 3 but 232 for 4 and 225 for
5, while the same 2 and 3 rows padded with zero rows to 4 took 222 and 226, with bit-identical
logits for the real rows. So a block of 2-3 rows is padded to ``MIN_BLOCK_ROWS`` before the
product and the padding's rows dropped after: the dynamic schedule's short proposals, and k = 1,
then verify at the cost of 4 rows. (One row padded to 4 took 214 ms against 225 with the one-row
layout: within this machine's noise, so one row keeps its own layout.)

Packing changes only how the product is computed, not what it computes (the
results agree with the default path to float rounding), and it applies to every
consumer of the model alike: this project's decoder and Hugging Face's
``generate`` both run on the same packed modules.

A draft may instead have its linear layers quantized to int8 (``quantize_linears``):
weights int8 per tensor, activations quantized on the fly, products in int8. On an
AVX2-only AMD CPU the 0.5B draft went from about 105 to 44 ms per token against its
float32 packed form. Quantizing changes what the draft computes, so it is meant for
the draft: its probabilities q then differ a little, which moves only how often its
proposals are accepted. The output's distribution is the target's whatever q is.

A target may keep int8 *weights* only (``quantize_weights``, the dtype name "int8-weights"):
each output channel's weights in int8 with one bfloat16 scale, activations in bfloat16, the
product by PyTorch's ``_weight_int8pack_mm``. Each row of its result is computed alone, so a
verify block of 8 rows gives bit-identical rows to 8 single-token steps (checked on load, and
by the tests), and p does not depend on how many rows a pass reads: an exact target, the
distribution being that of the quantized model. On a 2-core AVX-512 Intel CPU a 1536x8960
product took 0.49 ms for one row and 1.8 for five (float32 packed: 1.6 and ~1.5), and the
1.5B model holds about 2 GB instead of 6: the laptop mode's target.
"""

from __future__ import annotations

import functools
import os
import warnings

import torch

PACKED_DTYPES = (torch.float32, torch.bfloat16)
MIN_BLOCK_ROWS = 4  # with a several-row layout, blocks of 2-3 rows are padded to this many (see above)
INT8 = "int8"  # the dtype name that asks for int8 linear layers on a float32 model
QUANTIZE_ROWS = 4096  # output channels quantized at a time
INT8_WEIGHTS = "int8-weights"  # int8 weights, bfloat16 activations: exact for a target (see above)


class PackedLinear(torch.nn.Module):
    """``nn.Linear`` with its weight held in oneDNN's blocked layout."""

    def __init__(self, linear: torch.nn.Linear, keep_weight: bool = False, verify_rows: int | None = None):
        super().__init__()
        self.in_features, self.out_features = linear.in_features, linear.out_features
        weight = linear.weight.detach()  # [out_features, in_features]
        # The layout chosen for one row, the decode step.
        self.packed_weight = torch.ops.mkldnn._reorder_linear_weight(weight, 1)
        # Optionally a second copy laid out for `verify_rows` rows, used by every product of several rows.
        self.packed_weight_rows = None if verify_rows is None else \
            torch.ops.mkldnn._reorder_linear_weight(weight, verify_rows)
        # A copy, so that nothing of the packed layer keeps a memory-mapped file alive.
        self.bias = None if linear.bias is None else linear.bias.detach().clone()  # [out_features]
        if keep_weight:
            # An output head tied to the input embedding keeps the shared dense
            # tensor: it costs nothing, and tying code may read `.weight`.
            self.weight = linear.weight

    def forward(self, x: torch.Tensor) -> torch.Tensor:  # [..., rows, in_features] -> [..., rows, out_features]
        rows = x.numel() // self.in_features  # a shape test: no device sync
        if rows == 1 or self.packed_weight_rows is None:
            return self._product(x, self.packed_weight)
        if rows >= MIN_BLOCK_ROWS or x.shape[-2] != rows:  # large blocks, and batches of several sequences
            return self._product(x, self.packed_weight_rows)
        # A small block runs faster padded with zero rows to MIN_BLOCK_ROWS; each row's result is unchanged.
        padding = x.new_zeros(*x.shape[:-2], MIN_BLOCK_ROWS - rows, self.in_features)
        return self._product(torch.cat([x, padding], dim=-2), self.packed_weight_rows)[..., :rows, :]

    def _product(self, x: torch.Tensor, packed_weight: torch.Tensor) -> torch.Tensor:
        return torch.ops.mkldnn._linear_pointwise(x, packed_weight, self.bias, "none", [], "")


def packing_applies(device: torch.device, dtype: torch.dtype) -> bool:
    """Packing is used on the CPU for float32 and bfloat16 where this CPU has the kernels, unless
    SPECVIZ_PACKED_LINEAR=0."""
    if os.environ.get("SPECVIZ_PACKED_LINEAR", "1").strip() == "0":
        return False
    return device.type == "cpu" and packing_supported(dtype)


@functools.cache
def packing_supported(dtype: torch.dtype) -> bool:
    """Whether oneDNN packs and multiplies `dtype` on this CPU (tried once on a small layer).

    float32 packs on any x86 CPU; bfloat16 needs AVX-512 (BW, VL, DQ) or AVX-NE-CONVERT, which
    many AVX2-only CPUs lack.
    """
    if dtype not in PACKED_DTYPES or not torch.backends.mkldnn.is_available():
        return False
    try:
        PackedLinear(torch.nn.Linear(16, 16, dtype=dtype))(torch.ones(1, 16, dtype=dtype))
    except RuntimeError:
        return False
    return True


def pack_linears(model: torch.nn.Module, verify_rows: int | None = None) -> int:
    """Replace every ``nn.Linear`` of `model` in place by a PackedLinear; the number replaced.

    With `verify_rows`, each layer also keeps a layout for that many rows (see the module docstring).
    """
    head = model.get_output_embeddings() if hasattr(model, "get_output_embeddings") else None
    tied = head is not None and head.weight is model.get_input_embeddings().weight
    # Names, not modules: holding the old layers would hold their dense weights.
    slots = [(parent, child_name) for parent in model.modules()
             for child_name, child in parent.named_children() if type(child) is torch.nn.Linear]
    for parent, child_name in slots:
        linear = getattr(parent, child_name)
        setattr(parent, child_name, PackedLinear(linear, tied and linear is head, verify_rows))
    del head
    if slots:
        _release_mapped_files(model)
    return len(slots)


def _release_mapped_files(model: torch.nn.Module) -> None:
    """Copy the parameters left dense (embeddings, norms) into ordinary memory.

    Weights loaded from safetensors are views of a memory-mapped file, and one
    surviving view keeps the whole mapping, and every page the reorder read,
    resident: 6 GB of page cache counted as the process's memory for the 1.5B
    model. With copies of the few dense tensors left, the mapping closes.
    """
    copies: dict[tuple[int, tuple[int, ...]], torch.Tensor] = {}
    for module in model.modules():
        for parameter in module.parameters(recurse=False):
            # Tied weights may be two parameters over one storage: copy it once.
            key = (parameter.data_ptr(), tuple(parameter.shape))
            if key not in copies:
                copies[key] = parameter.data.clone()
            parameter.data = copies[key]


@functools.cache
def int8_supported() -> bool:
    """Whether this PyTorch build has a quantized engine for int8 linear layers (fbgemm/x86 or qnnpack)."""
    engines = set(torch.backends.quantized.supported_engines) - {"none"}
    return bool(engines) and hasattr(torch.ao.quantization, "quantize_dynamic")


def quantize_linears(model: torch.nn.Module) -> int:
    """Replace every ``nn.Linear`` of a float32 CPU `model` in place by an int8 dynamic-quantized one.

    Returns the number replaced.
    """
    count = sum(type(m) is torch.nn.Linear for m in model.modules())
    with warnings.catch_warnings():
        # PyTorch marks eager-mode quantization as moving to torchao; the pinned release still ships it.
        warnings.simplefilter("ignore", (DeprecationWarning, UserWarning, FutureWarning))
        torch.ao.quantization.quantize_dynamic(model, {torch.nn.Linear}, dtype=torch.qint8, inplace=True)
    if count:
        _release_mapped_files(model)  # the embeddings and norms stay float32 views of the file otherwise
    return count


class WeightInt8Linear(torch.nn.Module):
    """``nn.Linear`` with int8 weights (one scale per output channel) and bfloat16 activations."""

    def __init__(self, in_features: int, out_features: int, bias: bool):
        super().__init__()
        self.in_features, self.out_features = in_features, out_features
        self.register_buffer("weight_int8", torch.zeros(out_features, in_features, dtype=torch.int8))
        self.register_buffer("scale", torch.ones(out_features, dtype=torch.bfloat16))  # [out_features]
        self.bias = torch.nn.Parameter(torch.zeros(out_features, dtype=torch.bfloat16), requires_grad=False) \
            if bias else None  # [out_features]

    @classmethod
    def from_linear(cls, linear: torch.nn.Linear) -> WeightInt8Linear:
        layer = cls(linear.in_features, linear.out_features, linear.bias is not None)
        layer.set_weight(linear.weight.detach())
        if linear.bias is not None:
            layer.bias.data = linear.bias.detach().to(torch.bfloat16).clone()
        return layer

    def set_weight(self, weight: torch.Tensor) -> None:  # weight: [out_features, in_features], any float dtype
        assert weight.shape == (self.out_features, self.in_features), weight.shape
        for start in range(0, self.out_features, QUANTIZE_ROWS):  # in slices: few temporaries for a large head
            self.set_weight_rows(start, weight[start:start + QUANTIZE_ROWS])

    def set_weight_rows(self, start: int, rows: torch.Tensor) -> None:  # rows: [n, in_features], output channels
        rows = rows.float()
        stop = start + rows.shape[0]
        # Symmetric per-channel scale: the largest magnitude of each row maps to 127.
        scale = rows.abs().amax(dim=1).clamp(min=1e-12) / 127
        self.weight_int8[start:stop] = torch.round(rows / scale[:, None]).clamp(-127, 127)
        self.scale[start:stop] = scale

    def forward(self, x: torch.Tensor) -> torch.Tensor:  # [..., rows, in_features] -> [..., rows, out_features]
        rows = x.reshape(-1, self.in_features).to(torch.bfloat16)  # the kernel takes a 2-D block
        out = torch.ops.aten._weight_int8pack_mm(rows, self.weight_int8, self.scale)  # each row computed alone
        if self.bias is not None:
            out = out + self.bias
        return out.reshape(*x.shape[:-1], self.out_features)


@functools.cache
def int8_weights_supported() -> bool:
    """Whether this PyTorch has the CPU kernel for int8 weights and bfloat16 activations."""
    try:
        layer = WeightInt8Linear.from_linear(torch.nn.Linear(32, 16))
        layer(torch.ones(2, 32, dtype=torch.bfloat16))
    except (RuntimeError, AttributeError, NotImplementedError):
        return False
    return True


def quantize_weights(model: torch.nn.Module) -> int:
    """Replace every ``nn.Linear`` of a bfloat16 CPU `model` in place by a WeightInt8Linear; the number replaced.

    A head tied to the input embedding gets its own int8 copy; the embedding stays bfloat16.
    """
    slots = [(parent, child_name) for parent in model.modules()
             for child_name, child in parent.named_children() if type(child) is torch.nn.Linear]
    for parent, child_name in slots:
        # One layer at a time, so the dense weight it replaces can be freed before the next.
        setattr(parent, child_name, WeightInt8Linear.from_linear(getattr(parent, child_name)))
    if slots:
        _release_mapped_files(model)
    return len(slots)
