"""How a pair is held in memory, from the fastest to the smallest, and the one this machine gets.

On a CPU the pair has three exact configurations (specviz.models.kernels):

1. ``two-layouts``: the target in float32 with a second weight layout for verify
   passes, the draft in int8: the fastest, and the largest;
2. ``one-layout``: the same without the second layout (verify passes cost more);
3. ``laptop``: both models with int8 weights, computing in bfloat16: about a
   quarter of the memory, exact for *that* int8 target, whose distribution the
   output then follows (not float32's: the pages say so).

``choose`` takes the first that fits the memory this process may use with a
margin (10%, and 1 GB for the page cache a load reads the weights through),
from the measured footprints (specviz.models.memory): a 24 GB machine
keeps the fastest, a 16 GB laptop or container gets one layout, 8 GB the laptop
mode. A host may force one (``mode`` in the hosting settings, ``--mode``).
"""

from __future__ import annotations

from dataclasses import dataclass

from specviz.errors import SpecvizError
from specviz.models import memory
from specviz.models.kernels import INT8, INT8_WEIGHTS
from specviz.models.registry import REGISTRY

VERIFY_ROWS = 8  # the target's second layout: verify passes of up to k + 1 = 8 rows
MARGIN = 1.1  # a configuration is chosen only if its measured peak, plus 10% ...
PAGE_CACHE = 2**30  # ... plus 1 GB of page cache for the weights file a load reads through a memory map, fits
RUN_BYTES = 512 * 2**20  # a run's own memory (activations, caches, the page's figures) beside the models


@dataclass(frozen=True)
class PairMode:
    """One way to hold a draft/target pair."""

    name: str
    target_dtype: str  # as load_model takes it
    draft_dtype: str
    verify_rows: int | None  # the target's second layout, if any

    def target_kind(self) -> str:
        return memory.load_kind(self.target_dtype, self.verify_rows is not None)


MODES = (
    PairMode("two-layouts", "float32", INT8, VERIFY_ROWS),
    PairMode("one-layout", "float32", INT8, None),
    PairMode("laptop", INT8_WEIGHTS, INT8_WEIGHTS, None),
)
BY_NAME = {mode.name: mode for mode in MODES}
LAPTOP = BY_NAME["laptop"]
CHOICES = ("auto", *BY_NAME)


@dataclass(frozen=True)
class Choice:
    """The configuration a process will use, and why."""

    mode: PairMode
    need: int  # bytes the pair needs at its peak, measured, margin excluded
    limit: memory.Limit
    usable: int  # bytes this process may use now (the limit, less what other processes hold)
    forced: bool = False

    def reason(self) -> str:
        """One line, e.g. "two-layouts: needs 15.9 GB at its peak; 23.4 GB of physical memory are usable"."""
        how = "forced by the host" if self.forced else "the fastest that fits"
        return (f"{self.mode.name} ({how}): the pair needs about {self.need / memory.GB:.1f} GB at its peak; "
                f"{self.usable / memory.GB:.1f} GB of {self.limit.gib:.1f} GB ({self.limit.source}) are usable")


def pair_need(mode: PairMode, draft: str | None, target: str, base: int = 0) -> int:
    """Bytes a process holding this pair reaches at its peak: the target's load, then the draft's beside it."""
    target_entry, draft_entry = REGISTRY.get(target), REGISTRY.get(draft) if draft else None
    if target_entry is None or target_entry.tiny_seed is not None:
        return base + RUN_BYTES  # a model outside the registry has no measurement; the tiny pair needs nothing
    kind = mode.target_kind()
    target_peak = memory.load_need(target_entry, kind)
    target_held = memory.load_held(target_entry, kind)
    if draft_entry is None or draft_entry.tiny_seed is not None:
        return base + max(target_peak, target_held + RUN_BYTES)
    draft_peak = memory.load_need(draft_entry, mode.draft_dtype)
    draft_held = memory.load_held(draft_entry, mode.draft_dtype)
    return base + max(target_peak, target_held + draft_peak, target_held + draft_held + RUN_BYTES)


def choose(draft: str | None, target: str, forced: str = "auto", process: str = "cli") -> Choice:
    """The fastest mode whose measured peak fits this process's usable memory with MARGIN; else the smallest."""
    limit = memory.process_limit()
    usable = memory.usable(limit)
    base = memory.process_base(process)
    if forced != "auto":
        if forced not in BY_NAME:
            raise SpecvizError(f"unknown mode {forced!r}: one of {', '.join(CHOICES)}")
        mode = BY_NAME[forced]
        return Choice(mode, pair_need(mode, draft, target, base), limit, usable, forced=True)
    for mode in MODES:
        need = pair_need(mode, draft, target, base)
        if fits(need, usable):
            return Choice(mode, need, limit, usable)
    return Choice(LAPTOP, pair_need(LAPTOP, draft, target, base), limit, usable)


def fits(need: int, usable: int) -> bool:
    return need * MARGIN + PAGE_CACHE <= usable


def smaller(mode: PairMode) -> PairMode | None:
    """The next configuration down the ladder, None after the laptop mode."""
    index = MODES.index(mode)
    return MODES[index + 1] if index + 1 < len(MODES) else None
