"""One memory plan per process: every load and conversion is admitted against its measured peak.

A server is killed, not refused, when its memory runs out: on Linux the kernel's
out-of-memory killer ends the process, and every page loses its connection. So
nothing big starts unless it fits:

- **the limit** is what this process may really use: a container's limit where
  there is one (cgroup v2 ``memory.max``, v1 ``memory.limit_in_bytes``, the
  tightest of the process's group and its parents), else the machine's memory;
- **in use** is what already counts against it, less the page cache the kernel
  drops before it kills anything (a memory-mapped weights file is such cache);
- **reserved** is the peak of work already admitted and still running, in this
  process (another thread) or in another (``specviz prepare`` in the background
  writes its reservation to a small file under the cache folder);
- **the need** of a load or a conversion is its measured peak
  (``assets/memory/footprints.json``, written by ``scripts/measure_memory.py``).

Work that does not fit waits while other admitted work may end (``progress`` says
for what), and is refused in one sentence when nothing is left to wait for.
"""

from __future__ import annotations

import functools
import json
import os
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import psutil
import torch

from specviz.errors import SpecvizError
from specviz.models.registry import ModelEntry

GB = 1024**3
FOOTPRINTS = Path(__file__).resolve().parents[2] / "assets" / "memory" / "footprints.json"
CGROUP_ROOT = Path("/sys/fs/cgroup")
PROC_CGROUP = Path("/proc/self/cgroup")  # which control groups this process is in
UNLIMITED = 2**60  # cgroup v1 writes "no limit" as a number near 2**63
WAIT_S = 900.0  # the longest a load waits for other admitted work to end
POLL_S = 0.5
SECOND_LAYOUT = 0.7  # estimates only: the share of a model's memory in its linear weights
INT8_WEIGHTS_SHARE = 0.4  # estimates only: the 1.5B target holds 2.9 GB of its 7.2 with int8 weights


class MemoryRefused(SpecvizError):
    """Work that cannot fit in the memory this process may use, and nothing to wait for."""

    def __init__(self, action: str, model: str, need: int, free: int, limit: Limit):
        self.action, self.model, self.need, self.free, self.limit = action, model, need, max(free, 0), limit
        where = "this container's limit" if limit.source.startswith("cgroup") else "this machine's memory"
        super().__init__(f"not enough memory for {action} {model}: it needs about {need / GB:.1f} GB at its peak "
                         f"and {self.free / GB:.1f} GB of {where} ({limit.gib:.1f} GB) are free; "
                         "pick a smaller model or the laptop mode")


@dataclass(frozen=True)
class Limit:
    """The memory this process may use, and where that number comes from."""

    bytes: int
    source: str  # "cgroup v2", "cgroup v1" or "physical memory"

    @property
    def gib(self) -> float:
        return self.bytes / GB


@dataclass(frozen=True)
class Footprint:
    """A measured load: the most it added to the process at once, and what it kept afterwards."""

    peak: int  # bytes of anonymous (unreclaimable) memory above the process before it
    held: int  # bytes still held once it was done


def process_limit() -> Limit:
    """The tightest memory limit over this process's control groups, else the machine's memory."""
    best = Limit(psutil.virtual_memory().total, "physical memory")
    for group, version in _cgroups():
        for folder in _up_to_root(group):
            value = _limit_of(folder, version)
            if value is not None and value < best.bytes:
                best = Limit(value, f"cgroup {version}")
    return best


def in_use(limit: Limit | None = None) -> int:
    """Bytes already counted against `limit`, page cache excluded (the kernel drops it before killing)."""
    limit = limit or process_limit()
    if limit.source != "physical memory":
        for group, version in _cgroups():
            for folder in _up_to_root(group):
                if _limit_of(folder, version) == limit.bytes:
                    used = _cgroup_usage(folder, version)
                    if used is not None:
                        return used
    memory = psutil.virtual_memory()
    return memory.total - memory.available


def _cgroups() -> list[tuple[Path, str]]:
    """(folder, "v1" or "v2") of each memory control group this process belongs to."""
    try:
        lines = PROC_CGROUP.read_text().splitlines()
    except OSError:  # not Linux
        return []
    groups = []
    for line in lines:
        _, controllers, path = line.split(":", 2)
        if controllers == "":
            groups.append((CGROUP_ROOT / path.lstrip("/"), "v2"))
        elif "memory" in controllers.split(","):
            groups.append((CGROUP_ROOT / "memory" / path.lstrip("/"), "v1"))
    return groups


def _up_to_root(folder: Path) -> list[Path]:
    chain = [folder]
    while chain[-1] != chain[-1].parent and chain[-1].parent.is_relative_to(CGROUP_ROOT):
        chain.append(chain[-1].parent)
    return chain


def _limit_of(folder: Path, version: str) -> int | None:
    name = "memory.max" if version == "v2" else "memory.limit_in_bytes"
    try:
        text = (folder / name).read_text().strip()
    except OSError:
        return None
    value = UNLIMITED if text == "max" else int(text)
    return value if value < UNLIMITED else None


def _cgroup_usage(folder: Path, version: str) -> int | None:
    try:
        stat = dict(line.split() for line in (folder / "memory.stat").read_text().splitlines())
        if version == "v2":
            return int((folder / "memory.current").read_text()) - int(stat.get("file", 0))
        return int((folder / "memory.usage_in_bytes").read_text()) - int(stat.get("total_cache", stat.get("cache", 0)))
    except (OSError, ValueError):
        return None


@functools.cache
def footprints() -> dict:
    """The committed measurements: {"loads": {model: {kind: {"peak": b, "held": b}}}, "pairs": {...}}."""
    try:
        return json.loads(FOOTPRINTS.read_text())
    except (OSError, ValueError):
        return {"loads": {}, "pairs": {}}


def load_kind(dtype: torch.dtype | str, two_layouts: bool = False) -> str:
    """The key of a load in the footprints: "float32+8-row", "float32", "int8", "int8-weights", "bfloat16"."""
    name = str(dtype).removeprefix("torch.")
    return f"{name}+8-row" if two_layouts else name


def measured(model: str, kind: str) -> Footprint | None:
    value = footprints()["loads"].get(model, {}).get(kind)
    return None if value is None else Footprint(int(value["peak"]), int(value["held"]))


def load_need(entry: ModelEntry, kind: str) -> int:
    """Bytes a load of `entry` may add at its peak: measured where it was, else estimated from its size."""
    found = measured(entry.name, kind)
    if found is not None:
        return found.peak
    if kind == "int8-weights":
        return int(entry.resident_gb * GB * INT8_WEIGHTS_SHARE)
    scale = 0.5 if kind.startswith(("bfloat16", "float16")) else 1.0
    return int(entry.resident_gb * GB * scale * (1 + SECOND_LAYOUT if kind.endswith("-row") else 1))


def load_held(entry: ModelEntry, kind: str) -> int:
    """Bytes a load of `entry` keeps once done: measured where it was, else its peak's estimate."""
    found = measured(entry.name, kind)
    return found.held if found is not None else load_need(entry, kind)


def process_base(process: str) -> int:
    """Measured bytes of a process before any model: "cli" (Python, PyTorch) or "server" (and Streamlit)."""
    return int(footprints().get("base", {}).get(process, 0))


def own_anonymous() -> int:
    """This process's anonymous resident memory (its heap: what the kernel cannot drop)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("RssAnon:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return psutil.Process().memory_info().rss


def usable(limit: Limit | None = None) -> int:
    """Bytes this process may use in all: the limit, less what other processes hold."""
    limit = limit or process_limit()
    return limit.bytes - max(in_use(limit) - own_anonymous(), 0)


def conversion_need(entry: ModelEntry) -> int:
    found = measured(entry.name, "convert")
    return found.peak if found is not None else int(entry.resident_gb * GB * 0.3)


@dataclass(frozen=True)
class Reservation:
    action: str  # "converting" or "loading"
    model: str
    bytes: int
    pid: int
    thread: int


class MemoryPlan:
    """This process's admitted work; other processes' reservations are read from files."""

    def __init__(self, folder: Path):
        self.folder = folder  # where each process writes its reservations
        self._pending: dict[int, Reservation] = {}
        self._lock = threading.Lock()
        self._count = 0

    def limit(self) -> Limit:
        return process_limit()

    def reserved(self, exclude_thread: int | None = None) -> list[Reservation]:
        """Admitted work still running, here and in other live processes (this thread's own excluded)."""
        with self._lock:
            mine = [r for r in self._pending.values() if r.thread != exclude_thread]
        return mine + self._others()

    def headroom(self, limit: Limit | None = None) -> int:
        """Bytes free for new work: the limit, less what is in use and what admitted work may still take."""
        limit = limit or self.limit()
        pending = sum(r.bytes for r in self.reserved(exclude_thread=threading.get_ident()))
        return limit.bytes - in_use(limit) - pending

    @contextmanager
    def admitted(self, need: int, action: str, model: str, progress: Callable[[str, float], None] | None = None,
                 wait_s: float = WAIT_S) -> Iterator[None]:
        """Run the block once `need` bytes fit; wait while other admitted work may free some; else refuse."""
        deadline = time.monotonic() + wait_s
        while True:
            limit = self.limit()
            free = self.headroom(limit)
            if need <= free:
                break
            others = self.reserved(exclude_thread=threading.get_ident())
            if not others or time.monotonic() > deadline:
                raise MemoryRefused(action, model, need, free, limit)
            if progress:
                progress(waiting_line(others), 0.0)
            time.sleep(POLL_S)
        key = self._add(Reservation(action, model, need, os.getpid(), threading.get_ident()))
        try:
            yield
        finally:
            self._remove(key)

    def _add(self, reservation: Reservation) -> int:
        with self._lock:
            self._count += 1
            key = self._count
            self._pending[key] = reservation
            self._write()
        return key

    def _remove(self, key: int) -> None:
        with self._lock:
            self._pending.pop(key, None)
            self._write()

    def _file(self) -> Path:
        return self.folder / f"{os.getpid()}.json"

    def _write(self) -> None:
        """This process's reservations, for the others to read (best effort: a read-only cache is no error)."""
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            rows = [{"action": r.action, "model": r.model, "bytes": r.bytes} for r in self._pending.values()]
            partial = self._file().with_suffix(".partial")
            partial.write_text(json.dumps(rows))
            partial.replace(self._file())
        except OSError:
            pass

    def _others(self) -> list[Reservation]:
        found = []
        for path in self.folder.glob("*.json") if self.folder.is_dir() else ():
            pid = int(path.stem) if path.stem.isdigit() else -1
            if pid == os.getpid() or not psutil.pid_exists(pid):
                continue
            try:
                rows = json.loads(path.read_text())
                found += [Reservation(str(row["action"]), str(row["model"]), int(row["bytes"]), pid, 0)
                          for row in rows]
            except (OSError, ValueError, KeyError, TypeError):
                continue  # being rewritten: read again at the next poll
        return found


def waiting_line(others: list[Reservation]) -> str:
    """The progress line while waiting: "waiting for memory until converting qwen2.5-coder-0.5b ends"."""
    return "waiting for memory until " + ", ".join(sorted({f"{r.action} {r.model}" for r in others})) + " ends"


def waiting_for() -> list[Reservation]:
    """Admitted work running now, here and in other processes: what a waiting load waits for."""
    return plan().reserved()


_PLANS: dict[Path, MemoryPlan] = {}
_PLANS_LOCK = threading.Lock()


def plan() -> MemoryPlan:
    """This process's plan (one per cache folder, so a test's private cache gets its own)."""
    from specviz.models.assets import cache_root

    folder = cache_root() / "memory"
    with _PLANS_LOCK:
        return _PLANS.setdefault(folder, MemoryPlan(folder))
