"""The memory plan: container limits read right, work admitted against measured peaks, waits and refusals forced."""

from __future__ import annotations

import json
import subprocess
import threading
import time

import pytest

from specviz.errors import SpecvizError
from specviz.models import fast, loader, memory, modes
from specviz.models.memory import GB, Limit, MemoryPlan, MemoryRefused

DRAFT, TARGET = "qwen2.5-coder-0.5b", "qwen2.5-coder-1.5b"
# Footprints as a 2-core machine measures them (bytes): the modes' ladder depends only on these.
FOOTPRINTS = {
    "base": {"cli": int(0.4 * GB), "server": int(0.7 * GB)},
    "loads": {TARGET: {"float32+8-row": {"peak": 13 * GB, "held": 13 * GB},
                       "float32": {"peak": 8 * GB, "held": 7 * GB},
                       "int8-weights": {"peak": 2 * GB, "held": 2 * GB}},
              DRAFT: {"int8": {"peak": 2 * GB, "held": 1 * GB},
                      "int8-weights": {"peak": 1 * GB, "held": 1 * GB}}},
}


def fake_tree(tmp_path, lines: str, limits: dict[str, str]):
    """A /proc/self/cgroup and a /sys/fs/cgroup with the given limit files."""
    (tmp_path / "cgroup").write_text(lines)
    for relative, value in limits.items():
        path = tmp_path / "sys" / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(value + "\n")
    return tmp_path / "cgroup", tmp_path / "sys"


@pytest.fixture
def machine(monkeypatch):
    """A machine of `limit` GB with `used` GB in use by others; returns a setter."""
    monkeypatch.setattr(memory, "footprints", lambda: FOOTPRINTS)
    monkeypatch.setattr(memory, "own_anonymous", lambda: 0)
    state = {}

    def set_machine(limit_gb: float, used_gb: float = 0.0, source: str = "physical memory"):
        state.update(limit=Limit(int(limit_gb * GB), source), used=int(used_gb * GB))

    monkeypatch.setattr(memory, "process_limit", lambda: state["limit"])
    monkeypatch.setattr(memory, "in_use", lambda limit=None: state["used"])
    set_machine(24)
    return set_machine


def test_a_v1_container_limit_is_the_tightest_of_the_group_and_its_parents(tmp_path, monkeypatch):
    proc, sys_root = fake_tree(tmp_path, "4:memory:/api/job\n0::/\n", {
        "memory/api/job/memory.limit_in_bytes": "9223372036854771712",  # v1's "no limit"
        "memory/api/memory.limit_in_bytes": str(16 * GB),
        "memory/memory.limit_in_bytes": "9223372036854771712"})
    monkeypatch.setattr(memory, "PROC_CGROUP", proc)
    monkeypatch.setattr(memory, "CGROUP_ROOT", sys_root)
    assert memory.process_limit() == Limit(16 * GB, "cgroup v1")


def test_a_v2_memory_max_counts_and_max_means_no_limit(tmp_path, monkeypatch):
    proc, sys_root = fake_tree(tmp_path, "0::/box/inner\n", {"box/inner/memory.max": "max",
                                                               "box/memory.max": str(8 * GB)})
    monkeypatch.setattr(memory, "PROC_CGROUP", proc)
    monkeypatch.setattr(memory, "CGROUP_ROOT", sys_root)
    assert memory.process_limit() == Limit(8 * GB, "cgroup v2")
    (sys_root / "box" / "memory.max").write_text("max\n")
    assert memory.process_limit().source == "physical memory"  # no limit anywhere: the machine's memory


def test_a_v2_groups_use_leaves_out_the_page_cache(tmp_path, monkeypatch):
    proc, sys_root = fake_tree(tmp_path, "0::/box\n", {"box/memory.max": str(8 * GB),
                                                         "box/memory.current": str(5 * GB),
                                                         "box/memory.stat": f"anon {2 * GB}\nfile {3 * GB}"})
    monkeypatch.setattr(memory, "PROC_CGROUP", proc)
    monkeypatch.setattr(memory, "CGROUP_ROOT", sys_root)
    assert memory.in_use() == 2 * GB  # the 3 GB of file pages are dropped before anything is killed


def test_work_that_fits_is_admitted_and_work_that_cannot_is_refused_in_one_line(machine, tmp_path):
    plan = MemoryPlan(tmp_path)
    machine(16, used_gb=4)
    with plan.admitted(10 * GB, "loading", TARGET):
        pass
    with pytest.raises(MemoryRefused) as refused:
        with plan.admitted(13 * GB, "loading", TARGET):
            pytest.fail("admitted work that does not fit")
    message = str(refused.value)
    assert "\n" not in message and isinstance(refused.value, SpecvizError)
    assert "not enough memory for loading qwen2.5-coder-1.5b: it needs about 13.0 GB" in message
    assert "12.0 GB of this machine's memory (16.0 GB) are free" in message


def test_work_waits_while_other_admitted_work_runs_then_goes_ahead(machine, tmp_path):
    plan, heard, order = MemoryPlan(tmp_path), [], []
    machine(10, used_gb=2)
    converting, release = threading.Event(), threading.Event()

    def conversion():
        with plan.admitted(6 * GB, "converting", DRAFT):
            converting.set()
            release.wait(10)
            order.append("conversion ends")

    thread = threading.Thread(target=conversion)
    thread.start()
    converting.wait(10)
    threading.Timer(1.0, release.set).start()
    with plan.admitted(4 * GB, "loading", TARGET, progress=lambda message, fraction: heard.append(message)):
        order.append("load starts")
    thread.join()
    assert order == ["conversion ends", "load starts"]  # 6 + 4 GB on 8 free: never at once
    assert heard and heard[0] == "waiting for memory until converting qwen2.5-coder-0.5b ends"


def test_another_processs_reservation_counts_while_it_lives(machine, tmp_path):
    plan = MemoryPlan(tmp_path)
    machine(10, used_gb=2)
    other = subprocess.Popen(["sleep", "30"])
    try:
        (tmp_path / f"{other.pid}.json").write_text(json.dumps([{"action": "converting", "model": TARGET,
                                                                  "bytes": 6 * GB}]))
        assert plan.headroom() == 2 * GB
        with pytest.raises(MemoryRefused):
            with plan.admitted(4 * GB, "loading", DRAFT, wait_s=0.6):
                pytest.fail("admitted beside another process's conversion")
    finally:
        other.kill()
        other.wait()
    assert plan.headroom() == 8 * GB  # a process that ended holds nothing


def test_a_registry_load_that_cannot_fit_is_refused_before_anything_loads(machine, monkeypatch):
    machine(4, used_gb=1)
    monkeypatch.setattr(loader, "needs_conversion", lambda name: False)
    monkeypatch.setattr(loader, "_load_registry", lambda *a, **k: pytest.fail("loading began"))
    with pytest.raises(MemoryRefused, match="needs about 8.0 GB"):
        loader.load_model(TARGET, device="cpu", dtype="float32")
    with pytest.raises(MemoryRefused, match="needs about 13.0 GB"):  # a second layout for verify passes
        loader.load_model(TARGET, device="cpu", dtype="float32", verify_rows=8)
    assert loader.load_model("tiny-target", device="cpu").name == "tiny-target"  # nothing to measure


@pytest.mark.parametrize("limit_gb, mode", [(24, "two-layouts"), (16, "one-layout"), (8, "laptop"), (2, "laptop")])
def test_the_fastest_mode_that_fits_with_its_margin_is_chosen(machine, limit_gb, mode):
    machine(limit_gb)
    choice = modes.choose(DRAFT, TARGET)
    assert choice.mode.name == mode and not choice.forced
    if mode != "laptop":
        assert modes.fits(choice.need, limit_gb * GB)
    assert choice.mode.name in choice.reason()


def test_the_pair_need_is_the_worst_moment_of_loading_then_running(machine):
    # one layout: the target's 8 GB load peak, then 7 held + the draft's 2 GB peak = 9, then 7 + 1 + the run
    need = modes.pair_need(modes.BY_NAME["one-layout"], DRAFT, TARGET, base=int(0.4 * GB))
    assert need == int(0.4 * GB) + 9 * GB


def test_a_host_or_a_flag_forces_a_mode_whatever_the_memory(machine):
    machine(24)
    assert modes.choose(DRAFT, TARGET, "laptop").mode.name == "laptop"
    assert modes.choose(DRAFT, TARGET, "one-layout").forced
    with pytest.raises(SpecvizError, match="unknown mode"):
        modes.choose(DRAFT, TARGET, "huge")


def test_a_target_refused_now_loads_in_the_next_smaller_mode(machine, monkeypatch):
    machine(24)
    choice, tried, told = modes.choose(DRAFT, TARGET), [], []

    def load(name, device, dtype, progress, allow_remote, mode):
        tried.append(mode.name)
        if mode.name == "two-layouts":
            raise MemoryRefused("loading", name, 13 * GB, 9 * GB, Limit(24 * GB, "physical memory"))
        return "target"

    monkeypatch.setattr(fast, "load_target", load)
    assert fast.load_pair_target(TARGET, choice, told=told.append) == ("target", modes.BY_NAME["one-layout"])
    assert tried == ["two-layouts", "one-layout"] and "trying one-layout" in told[0]
    forced = modes.choose(DRAFT, TARGET, "two-layouts")
    with pytest.raises(MemoryRefused):  # a forced mode is kept or refused, never swapped
        fast.load_pair_target(TARGET, forced)


def test_the_plan_waits_no_longer_than_asked(machine, tmp_path):
    plan = MemoryPlan(tmp_path)
    machine(10, used_gb=2)
    release = threading.Event()

    def hold():
        with plan.admitted(7 * GB, "converting", DRAFT):
            release.wait(10)

    thread = threading.Thread(target=hold)
    thread.start()
    time.sleep(0.2)
    started = time.monotonic()
    with pytest.raises(MemoryRefused):
        with plan.admitted(4 * GB, "loading", TARGET, wait_s=1.0):
            pass
    assert time.monotonic() - started < 5
    release.set()
    thread.join()
