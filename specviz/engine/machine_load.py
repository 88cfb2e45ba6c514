"""How much of the machine other programs used while a comparison ran: a load that stays the same all along
slows the two runs alike in ms per token, yet not their ratio alike, so it has to be measured, not inferred.

The machine's processor time comes from the operating system (psutil), this process's own from psutil too; what
other programs (and, on a virtual machine, its host: "steal") used is the difference, in cores on average.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import psutil

BUSY_CORES = 0.3  # other programs' processor use, in cores on average, beyond which a speed-up is the load's


@dataclass(frozen=True)
class CpuClock:
    """Processor seconds at one moment: the whole machine's busy time, this process's, and the wall clock."""

    machine_busy_s: float
    own_s: float
    wall_s: float


def cpu_clock() -> CpuClock:
    times = psutil.cpu_times()
    idle = times.idle + getattr(times, "iowait", 0.0)
    total = sum(getattr(times, name) for name in times._fields if name not in ("guest", "guest_nice"))  # in user
    own = psutil.Process().cpu_times()
    return CpuClock(total - idle, own.user + own.system + own.children_user + own.children_system, time.monotonic())


def busy_elsewhere(before: CpuClock, after: CpuClock) -> float:
    """The processor cores other programs kept busy between two clocks, on average (0 when the span is empty)."""
    wall = after.wall_s - before.wall_s
    if wall <= 0:
        return 0.0
    others = (after.machine_busy_s - before.machine_busy_s) - (after.own_s - before.own_s)
    return max(others, 0.0) / wall
