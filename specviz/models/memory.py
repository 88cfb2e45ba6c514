"""Is there memory for a model? Checked before a load, so a shared server refuses instead of being killed.

The estimate is the model's measured resident size in float32 on a CPU (the
registry's ``resident_gb``), halved for 16-bit weights, and raised for a second
packed layout of the linear layers (a target's verify layout copies them, most
of the model). Models outside the registry have no estimate and are not checked.
"""

from __future__ import annotations

import psutil
import torch

from specviz.errors import SpecvizError
from specviz.models.registry import ModelEntry

GB = 1024**3
SECOND_LAYOUT = 0.7  # the share of a model's memory in its linear weights, copied by a second layout


INT8_WEIGHTS_SHARE = 0.4  # measured: the 1.5B target holds 2.9 GB of its 7.2 with int8 weights


def needed_bytes(entry: ModelEntry, dtype: torch.dtype, two_layouts: bool, int8_weights: bool = False) -> float:
    if int8_weights:
        return entry.resident_gb * GB * INT8_WEIGHTS_SHARE
    scale = 0.5 if dtype in (torch.bfloat16, torch.float16) else 1.0
    return entry.resident_gb * GB * scale * (1 + SECOND_LAYOUT if two_layouts else 1)


def ensure_memory_for(entry: ModelEntry, dtype: torch.dtype, two_layouts: bool = False,
                      int8_weights: bool = False) -> None:
    """A one-line SpecvizError when the machine's available memory is below the model's estimate."""
    need = needed_bytes(entry, dtype, two_layouts, int8_weights)
    available = psutil.virtual_memory().available
    if need > available:
        raise SpecvizError(f"not enough memory to load {entry.name}: it needs about {need / GB:.1f} GB and "
                           f"{available / GB:.1f} GB are free; wait for other runs to end or pick a smaller model")
