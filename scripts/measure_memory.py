"""Measure the memory of every load, conversion and pair configuration; write assets/memory/footprints.json.

Each measurement runs in a fresh process, so nothing earlier is counted:
- a **load** (a model in one kind: float32 with one or two layouts, int8, int8
  weights): its peak anonymous memory above the process before it (sampled every
  5 ms from /proc: the memory the kernel cannot drop), what it holds once done,
  and its peak resident size (VmHWM, which also counts the weights file's mapped
  pages);
- a **conversion** (GGUF to safetensors into an empty cache folder), the same way;
- the **base** of a CLI process (Python, PyTorch, transformers) and of the
  server (Streamlit serving the Live page, no model loaded);
- **pairs**: ``specviz generate`` in each mode, and the server in each mode with
  one Live run in Chromium: peak resident size and peak anonymous memory of the
  whole process, end to end.

    .venv/bin/python scripts/measure_memory.py                # all, ~15 minutes on 2 cores
    .venv/bin/python scripts/measure_memory.py --only loads   # loads, conversions, base
    .venv/bin/python scripts/measure_memory.py --only pairs   # pairs (CLI and server)

The memory plan (specviz/models/memory.py) admits work against these figures,
and the README, the pickers and the checklist quote them.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "load"))
import loadtest  # noqa: E402  (the same /proc reading, server start and Chromium settings as the load test)

OUT = ROOT / "assets" / "memory" / "footprints.json"
DRAFT, TARGET, SMALL = "qwen2.5-coder-0.5b", "qwen2.5-coder-1.5b", "smollm2-135m"
LOADS = [(TARGET, "float32+8-row"), (TARGET, "float32"), (TARGET, "int8-weights"),
         (DRAFT, "int8"), (DRAFT, "int8-weights"), (DRAFT, "float32"), (SMALL, "int8"), (SMALL, "int8-weights"),
         (SMALL, "float32")]
CONVERSIONS = [DRAFT, TARGET, SMALL]
MODES = ("two-layouts", "one-layout", "laptop")
PROMPT = "def fibonacci(n):\n    \"\"\"Return the n-th Fibonacci number.\"\"\"\n"


status = loadtest.proc_status


class PeakSampler:
    """The highest RssAnon of a process, sampled in a thread every `every` seconds."""

    def __init__(self, pid: int | str = "self", every: float = 0.005):
        self.pid, self.every, self.peak, self._stop = pid, every, 0, threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self._stop.set()
        self.thread.join()

    def _run(self):
        while not self._stop.is_set():
            try:
                self.peak = max(self.peak, status(self.pid)["RssAnon"])
            except (OSError, KeyError):
                return
            time.sleep(self.every)


def _trim() -> None:
    import ctypes

    gc.collect()
    ctypes.CDLL("libc.so.6").malloc_trim(0)


def _reset_peak() -> None:
    Path("/proc/self/clear_refs").write_text("5")  # resets VmHWM to the current resident size


def measure_here(what: str, model: str, kind: str) -> dict:
    """In this (fresh) process: one load or conversion's increments over the process before it."""
    import torch  # noqa: F401 - imported before the baseline, as every real process has it
    import transformers  # noqa: F401

    from specviz.models import loader

    _trim()
    before = status()
    _reset_peak()
    started = time.perf_counter()
    with PeakSampler() as sampler:
        if what == "convert":
            loader.convert(model)
            result = None
        else:
            dtype, _, rows = kind.partition("+")
            result = loader.load_model(model, "cpu", dtype, verify_rows=8 if rows else None)
    seconds = time.perf_counter() - started
    _trim()
    after = status()
    del result
    return {"peak": sampler.peak - before["RssAnon"], "held": after["RssAnon"] - before["RssAnon"],
            "peak_rss": after["VmHWM"] - before["VmRSS"], "seconds": round(seconds, 1),
            "base_anon": before["RssAnon"]}


def measure_in_child(what: str, model: str, kind: str) -> dict:
    env = dict(os.environ, HF_HUB_OFFLINE="1")
    with tempfile.TemporaryDirectory() as cache:
        if what == "convert":
            env["SPECVIZ_CACHE"] = cache  # an empty cache: the conversion runs in full
        out = subprocess.run([sys.executable, __file__, "--child", what, model, kind], env=env, cwd=ROOT,
                             capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def measure_loads() -> tuple[dict, dict]:
    from specviz.models import loader

    for model in CONVERSIONS:
        loader.convert(model)  # converted beforehand, so no load below counts a conversion
    loads: dict[str, dict] = {}
    base = []
    for model, kind in LOADS:
        print(f"load {model} {kind} ...", file=sys.stderr, flush=True)
        row = measure_in_child("load", model, kind)
        base.append(row.pop("base_anon"))
        loads.setdefault(model, {})[kind] = row
    for model in CONVERSIONS:
        print(f"convert {model} ...", file=sys.stderr, flush=True)
        row = measure_in_child("convert", model, "convert")
        row.pop("base_anon")
        loads.setdefault(model, {})["convert"] = row
    return loads, {"cli": max(base)}


def run_with_peaks(command: list[str], env: dict) -> dict:
    """Peak resident size (the kernel's own count, from wait4) and sampled peak anonymous memory of a command."""
    process = subprocess.Popen(command, env=env, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    with PeakSampler(process.pid, every=0.02) as sampler:
        _, code, usage = os.wait4(process.pid, 0)
    if code != 0:
        raise RuntimeError(f"{' '.join(command)} failed: {process.stderr.read().decode()[-400:]}")
    return {"peak_rss": usage.ru_maxrss * 1024, "peak_anon": sampler.peak}


def measure_cli_pairs() -> dict:
    pairs = {}
    for mode in MODES:
        print(f"generate --mode {mode} ...", file=sys.stderr, flush=True)
        env = dict(os.environ, HF_HUB_OFFLINE="1")
        pairs[mode] = run_with_peaks([sys.executable, "-m", "specviz", "generate", "--mode", mode, "--prompt", PROMPT,
                                      "--max-new-tokens", "32", "--json"], env)
    return pairs


def measure_server(mode: str) -> dict:
    """The server in `mode`: its base after serving the Live page, then one default Live run in Chromium."""
    from playwright.sync_api import sync_playwright

    port = loadtest.free_port()
    os.environ.update(SPECVIZ_MODE=mode, SPECVIZ_PRELOAD="0")
    server = loadtest.start_server(port, 48, allowed=f"{DRAFT},{TARGET}")
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=loadtest.CHROMIUM, args=loadtest.ARGS)
            page = browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()
            page.goto(f"http://127.0.0.1:{port}/live")
            page.wait_for_selector(loadtest.SETTLED, timeout=120_000)
            base = status(server.pid)["RssAnon"]
            with PeakSampler(server.pid, every=0.02) as sampler:
                page.get_by_role("button", name="Run", exact=True).click()
                page.wait_for_selector("text=token for token the target-alone text", timeout=900_000)
                page.wait_for_selector(loadtest.SETTLED, timeout=900_000)
            peak_rss = status(server.pid)["VmHWM"]
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=30)
    return {"peak_rss": peak_rss, "peak_anon": sampler.peak, "base": base}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=("loads", "pairs"), default=None)
    parser.add_argument("--child", nargs=3, metavar=("WHAT", "MODEL", "KIND"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(measure_here(*args.child)))
        return
    import torch

    report = json.loads(OUT.read_text()) if OUT.exists() else {}
    report["machine"] = {"cpu": platform.processor() or platform.machine(), "cores": os.cpu_count(),
                         "torch": torch.__version__, "date": time.strftime("%Y-%m-%d")}
    if args.only in (None, "loads"):
        report["loads"], base = measure_loads()
        report["base"] = {**report.get("base", {}), **base}
    if args.only in (None, "pairs"):
        report["pairs"] = {"cli": measure_cli_pairs(), "server": {}}
        for mode in MODES:
            print(f"server --mode {mode} ...", file=sys.stderr, flush=True)
            row = measure_server(mode)
            report["base"] = {**report.get("base", {}), "server": max(report.get("base", {}).get("server", 0),
                                                                      row.pop("base"))}
            report["pairs"]["server"][mode] = row
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(report, indent=1) + "\n")
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
