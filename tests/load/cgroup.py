"""A smaller machine, for real: run a command inside a new memory control group with a hard limit.

The kernel kills whatever makes the group exceed its limit, as it would on a
16 GB laptop or in a container with a memory limit. Needs Linux, root and a
writable memory controller (cgroup v1 ``/sys/fs/cgroup/memory`` or v2
``/sys/fs/cgroup`` with ``memory`` in its controllers).
"""

from __future__ import annotations

import os
import subprocess
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

V1 = Path("/sys/fs/cgroup/memory")
V2 = Path("/sys/fs/cgroup")


@dataclass
class Group:
    """One memory control group made for a test; `close` removes it."""

    folder: Path
    version: str  # "v1" or "v2"

    @classmethod
    def create(cls, limit_bytes: int) -> Group:
        if V1.is_dir() and (V1 / "memory.limit_in_bytes").exists():
            folder, version, limit_file = V1 / f"specviz-{uuid.uuid4().hex[:8]}", "v1", "memory.limit_in_bytes"
        else:
            folder, version, limit_file = V2 / f"specviz-{uuid.uuid4().hex[:8]}", "v2", "memory.max"
        folder.mkdir()
        (folder / limit_file).write_text(str(limit_bytes))
        if version == "v1" and (folder / "memory.memsw.limit_in_bytes").exists():
            (folder / "memory.memsw.limit_in_bytes").write_text(str(limit_bytes))  # no escape into swap
        if version == "v2" and (folder / "memory.swap.max").exists():
            (folder / "memory.swap.max").write_text("0")
        return cls(folder, version)

    def popen(self, command: list[str], **kwargs) -> subprocess.Popen:
        """Start `command` inside the group: a shell moves itself in, then becomes the command."""
        return subprocess.Popen(["sh", "-c", f'echo $$ > {self.folder}/cgroup.procs && exec "$@"', "sh", *command],
                                **kwargs)

    def oom_kills(self) -> int:
        """How many processes the kernel killed in this group for memory."""
        name = "memory.oom_control" if self.version == "v1" else "memory.events"
        for line in (self.folder / name).read_text().splitlines():
            key, _, value = line.partition(" ")
            if key == "oom_kill":
                return int(value)
        return 0

    def peak(self) -> int:
        """The group's highest charged memory (page cache included)."""
        name = "memory.max_usage_in_bytes" if self.version == "v1" else "memory.peak"
        try:
            return int((self.folder / name).read_text())
        except (OSError, ValueError):
            return -1

    def close(self) -> None:
        deadline = time.time() + 30
        while time.time() < deadline:
            try:
                self.folder.rmdir()
                return
            except OSError:  # a process is still leaving
                time.sleep(0.5)


def unavailable() -> str | None:
    """Why a memory control group cannot be made here, or None."""
    if os.geteuid() != 0:
        return "memory control groups need root"
    try:
        Group.create(2**30).close()
    except OSError as error:
        return f"no writable memory controller ({error.strerror or error})"
    return None


def run(command: list[str], limit_bytes: int, timeout: float, **kwargs) -> tuple[subprocess.CompletedProcess, int]:
    """(the finished command, oom kills in its group) for `command` run under `limit_bytes`."""
    group = Group.create(limit_bytes)
    try:
        process = group.popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kwargs)
        stdout, stderr = process.communicate(timeout=timeout)
        return subprocess.CompletedProcess(command, process.returncode, stdout, stderr), group.oom_kills()
    finally:
        group.close()
