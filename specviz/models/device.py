"""Device and dtype choice: CUDA, then MPS, then CPU; half precision on GPUs."""

from __future__ import annotations

import torch

from specviz.errors import SpecvizError

DTYPES = {"float32": torch.float32, "bfloat16": torch.bfloat16, "float16": torch.float16}


def pick_device(requested: str | None = None) -> torch.device:
    if requested in (None, "", "auto"):
        if torch.cuda.is_available():
            return torch.device("cuda")
        if getattr(torch.backends, "mps", None) is not None and torch.backends.mps.is_available():
            return torch.device("mps")
        return torch.device("cpu")
    try:
        device = torch.device(requested)
    except (RuntimeError, TypeError):
        device = None
    if device is None or device.type not in ("cpu", "cuda", "mps"):  # meta, xpu, ...: not devices specviz runs on
        raise SpecvizError(f"unknown device {str(requested)[:40]!r} (use auto, cpu, cuda, cuda:N or mps)")
    if device.type == "cuda" and not torch.cuda.is_available():
        raise SpecvizError("CUDA was requested but no CUDA device is available")
    if device.type == "mps" and not torch.backends.mps.is_available():
        raise SpecvizError("MPS was requested but is not available")
    return device


def pick_dtype(device: torch.device, requested: str | None = None) -> torch.dtype:
    if requested in (None, "", "auto"):
        if device.type == "cuda":
            return torch.bfloat16 if torch.cuda.is_bf16_supported() else torch.float16
        if device.type == "mps":
            return torch.float16
        return torch.float32
    if requested not in DTYPES:
        raise SpecvizError(f"unknown dtype {requested!r} "
                           f"(use auto, {', '.join(DTYPES)}; int8 for a CPU draft, int8-weights on a CPU)")
    return DTYPES[requested]
