"""Wall-clock readings that are honest on GPUs: synchronise before reading the clock."""

from __future__ import annotations

import resource
import time

import torch


class Clock:
    def __init__(self, device: torch.device):
        self.sync = device.type == "cuda"

    def now_ms(self) -> float:
        if self.sync:
            torch.cuda.synchronize()  # queued kernels count towards the step that queued them
        return time.perf_counter() * 1000.0


def peak_memory_bytes(device: torch.device) -> int:
    """CUDA's peak allocation, else the process's peak resident set size."""
    if device.type == "cuda":
        return int(torch.cuda.max_memory_allocated(device))
    return int(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss) * 1024  # Linux reports KiB
