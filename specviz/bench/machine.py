"""The machine a benchmark ran on, as its report names it: CPU, cores, torch, GPU."""

from __future__ import annotations

import os
import platform
from pathlib import Path

import torch

from specviz.models.kernels import packing_supported


def machine() -> dict:
    info = {"platform": platform.platform(), "processor": platform.processor() or platform.machine(),
            "cpu_model": _cpu_model(), "cpu_count": os.cpu_count(), "torch": torch.__version__,
            "torch_threads": torch.get_num_threads(), "cpu_capability": torch.backends.cpu.get_cpu_capability(),
            "bfloat16_packed_kernels": packing_supported(torch.bfloat16)}
    if torch.cuda.is_available():
        info["gpu"] = torch.cuda.get_device_name(0)
    return info


def _cpu_model() -> str | None:
    """The CPU's marketing name from /proc/cpuinfo (Linux), else None: reports name the machine they ran on."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return None
