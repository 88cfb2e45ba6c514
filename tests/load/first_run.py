"""A newcomer's first minutes: start the server on an empty cache, open the Live page, press Run at once.

Measures what the newcomer waits for and what the machine holds: the seconds
until the server answers and until the first result is on the page, the
server's peak resident size (VmHWM) and the highest resident size of the server
and its children together (the background preparation), sampled every 0.5 s.
The memory-limit test runs it inside a 16 GB control group; as a script it
times a fresh clone's ``./run.sh`` on this machine:

    python tests/load/first_run.py --clone /tmp/fresh [--json OUT]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

import psutil

sys.path.insert(0, str(Path(__file__).resolve().parent))
import loadtest  # noqa: E402

RESULT = "text=token for token the target-alone text"  # the Live page's line under a finished greedy run


def _tree_rss(pid: int) -> int:
    try:
        root = psutil.Process(pid)
        return sum(p.memory_info().rss for p in [root, *root.children(recursive=True)])
    except psutil.Error:
        return 0


def first_run(command: list[str], cwd: Path, env: dict, port: int, log: Path, popen=subprocess.Popen,
              health_timeout: float = 1800) -> dict:
    """Start `command` (a server on `port`), then Run at once on the Live page; the measured figures."""
    from playwright.sync_api import sync_playwright

    started = time.time()
    server = popen(command, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=log.open("w"))
    peak, stop = [0], threading.Event()

    def sample():
        while not stop.wait(0.5):
            peak[0] = max(peak[0], _tree_rss(server.pid))

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    try:
        url = f"http://127.0.0.1:{port}"
        while True:
            try:
                if urllib.request.urlopen(f"{url}/_stcore/health", timeout=2).read() == b"ok":
                    break
            except OSError:
                if server.poll() is not None or time.time() - started > health_timeout:
                    raise RuntimeError("the server did not start: " + log.read_text()[-2000:]) from None
                time.sleep(0.5)
        healthy = time.time()
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=loadtest.CHROMIUM, args=loadtest.ARGS)
            page = browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()
            page.goto(f"{url}/live")
            page.wait_for_selector(loadtest.SETTLED, timeout=120_000)
            page.get_by_role("button", name="Run", exact=True).click()
            page.wait_for_selector(RESULT, timeout=1_500_000)
            page.wait_for_selector(loadtest.SETTLED, timeout=120_000)
            result = time.time()
            body = page.inner_text("body")
            browser.close()
        alive = server.poll() is None
        server_hwm = loadtest.proc_status(server.pid).get("VmHWM", -1) if alive else -1
    finally:
        stop.set()
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
    return {"seconds_to_server": round(healthy - started, 1), "seconds_to_first_result": round(result - healthy, 1),
            "server_peak_rss": server_hwm, "tree_peak_rss": peak[0], "alive": alive, "body": body}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clone", type=Path, required=True, help="a fresh clone whose ./run.sh is started")
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args()
    port = loadtest.free_port()
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, SPECVIZ_CACHE=cache, SPECVIZ_PORT=str(port))  # an empty model cache
        figures = first_run(["./run.sh"], args.clone, env, port, Path(cache) / "server.log")
    figures.pop("body")
    print(json.dumps(figures, indent=1))
    if args.json:
        args.json.write_text(json.dumps(figures, indent=1) + "\n")


if __name__ == "__main__":
    main()
