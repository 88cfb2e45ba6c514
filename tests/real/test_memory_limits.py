"""The real pair on smaller machines, for real: memory control groups of 6, 8 and 16 GB, nothing ever killed.

A control group's limit is enforced by the kernel exactly as a laptop's memory or a
container's limit is: a process that exceeds it is killed. These tests run the CLI
and the server inside such groups (Linux, root; skipped elsewhere with the reason)
and check that each completes, chooses a configuration that fits, and gives the
target alone's greedy tokens. Minutes each: the ``limits`` tier (``./test.sh -m limits``).
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

from tests.load import cgroup, first_run, loadtest

ROOT = Path(__file__).resolve().parents[2]
GB = 2**30
PROMPT = "def fibonacci(n):\n    \"\"\"Return the n-th Fibonacci number.\"\"\"\n"

pytestmark = [pytest.mark.real, pytest.mark.limits, pytest.mark.skipif(cgroup.unavailable() is not None,
                                                      reason=str(cgroup.unavailable()))]


def env(**extra) -> dict:
    return dict(os.environ, HF_HUB_OFFLINE="1", **extra)


def specviz(*args: str) -> list[str]:
    return [sys.executable, "-m", "specviz", *args]


def test_prepare_on_an_empty_cache_converts_the_pair_within_6_gb(tmp_path):
    done, kills = cgroup.run(specviz("prepare"), 6 * GB, timeout=900, cwd=ROOT, env=env(SPECVIZ_CACHE=str(tmp_path)))
    assert kills == 0 and done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.count("ready (converted") == 2


def generate(limit: int, *args: str) -> dict:
    done, kills = cgroup.run(specviz("generate", "--prompt", PROMPT, "--max-new-tokens", "24", "--json", *args),
                             limit, timeout=900, cwd=ROOT, env=env())
    assert kills == 0 and done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout)


@pytest.mark.parametrize("limit_gb, mode", [(16, "one-layout"), (8, "laptop")])
def test_the_default_generate_chooses_what_fits_and_gives_the_target_alones_tokens(limit_gb, mode):
    speculative = generate(limit_gb * GB)
    alone = generate(limit_gb * GB, "--no-spec")
    assert speculative["configuration"]["mode"] == alone["configuration"]["mode"] == mode
    assert f"of {limit_gb}.0 GB (cgroup" in speculative["configuration"]["reason"]
    assert speculative["token_ids"] == alone["token_ids"] and len(alone["token_ids"]) == 24
    assert speculative["totals"]["target_forward_passes"] < alone["totals"]["target_forward_passes"]


def test_a_fresh_server_at_16_gb_prepares_in_the_background_and_a_run_at_once_completes(tmp_path):
    """The newcomer's path: an empty cache, `specviz serve`, the Live page, Run at once: never killed."""
    loadtest.require_chromium()
    port = loadtest.free_port()
    group = cgroup.Group.create(16 * GB)
    log = tmp_path / "server.log"
    try:
        figures = first_run.first_run(specviz("serve", "--", "--server.fileWatcherType", "none"), ROOT,
                                      env(SPECVIZ_CACHE=str(tmp_path / "cache"), SPECVIZ_PORT=str(port),
                                          HOME=str(tmp_path)), port, log, popen=group.popen)
        print(json.dumps({key: value for key, value in figures.items() if key != "body"}))  # for the docs
        assert figures["alive"], "the server died"
        assert group.oom_kills() == 0
        assert "float32 with one weight layout, the fastest configuration that fits" in figures["body"]
        assert "memory: one-layout" in log.read_text()
    finally:
        group.close()
