"""A classroom on one server: many browser sessions, several generating at once, one tab closed mid-run.

Starts ``python -m specviz serve`` on a free loopback port with the tiny pair as
the only models, opens `sessions` pages of the Live page in Debian's Chromium
(Playwright), presses Run on `generating` of them at once, closes one more page
while its generation is queued or running, repeats the presses for `rounds`
rounds (memory must level off, not grow with finished runs), and reports:

    .venv/bin/python tests/load/loadtest.py --sessions 30 --generating 10 [--rounds 3] [--json OUT]

Loopback only, bounded in count (<= 60 pages) and time (--deadline seconds).
Exit code 0 when every generation completed without an error, 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))  # run as a script from anywhere: the package is not installed

from specviz.bench.harness import percentile  # noqa: E402

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
TURN = re.compile(r"Queue \(run (\d+)\): place (\d+) on arrival \(0 = at once\), "
                  r"waited ([0-9.]+) s for a turn · generation ([0-9.]+) s")
SETTLED = '[data-testid="stApp"][data-test-script-state="notRunning"]'
ERRORS = '[data-testid="stException"], [data-testid="stAlertContentError"]'


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def start_server(port: int, max_new_tokens: int) -> subprocess.Popen:
    env = dict(os.environ, SPECVIZ_PORT=str(port), SPECVIZ_ADDRESS="127.0.0.1", HF_HUB_OFFLINE="1",
               SPECVIZ_ALLOWED_MODELS="tiny-draft,tiny-target", SPECVIZ_MAX_NEW_TOKENS=str(max_new_tokens))
    process = subprocess.Popen([sys.executable, "-m", "specviz", "serve", "--", "--server.fileWatcherType", "none"],
                               cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 90
    while time.time() < deadline:
        try:
            if urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health", timeout=2).read() == b"ok":
                return process
        except OSError:
            time.sleep(0.5)
    process.kill()
    raise RuntimeError("the server did not become healthy within 90 s")


def _press_run(pages) -> list[float]:
    """Press Run on every page, as close together as a script can; the seconds after the first press."""
    started, times = time.time(), []
    for page in pages:
        # A background tab draws no frames, so Playwright's "is it stable?" wait would take
        # seconds per click; the button is known to be ready, so the click is sent at once.
        page.get_by_role("button", name="Run", exact=True).dispatch_event("click")
        times.append(round(time.time() - started, 2))
    return times


def _collect(pages, number: int, deadline_s: float, clicked: float) -> list[dict]:
    """Wait until each page shows the queue line of its run `number` (or an error); one record per page."""
    found: dict[int, dict] = {}
    end = time.time() + deadline_s
    while len(found) < len(pages) and time.time() < end:
        for index, page in enumerate(pages):
            if index in found:
                continue
            match = next((m for m in TURN.finditer(page.locator("body").inner_text()) if int(m.group(1)) == number),
                         None)
            if match:
                found[index] = {"round": number, "session": index, "place": int(match.group(2)),
                                "wait_s": float(match.group(3)), "generation_s": float(match.group(4)),
                                "seen_at_s": round(time.time() - clicked, 2)}
            elif page.locator(ERRORS).count():
                found[index] = {"round": number, "session": index, "error": True}
        time.sleep(0.2)
    return list(found.values())


def run(sessions: int, generating: int, max_new_tokens: int, deadline_s: float, rounds: int = 1) -> dict:
    from playwright.sync_api import sync_playwright

    if not 1 <= generating < sessions <= 60:
        raise SystemExit("need 1 <= generating < sessions <= 60 (one more page is closed mid-run)")
    port = free_port()
    server = start_server(port, max_new_tokens)
    url = f"http://127.0.0.1:{port}/live?draft=tiny-draft&target=tiny-target&max_new_tokens={max_new_tokens}"
    started = time.time()
    report: dict = {"sessions_requested": sessions, "generating": generating, "max_new_tokens": max_new_tokens}
    try:
        report["server_rss_mb_idle"] = round(rss_mb(server.pid), 1)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            context = browser.new_context(viewport={"width": 1100, "height": 900})
            pages = []
            for _ in range(sessions):
                page = context.new_page()
                page.goto(url)
                pages.append(page)
            for page in pages:
                page.wait_for_selector(SETTLED, timeout=120_000)
                page.get_by_role("button", name="Run", exact=True).wait_for(timeout=60_000)
            report["sessions_held"] = sum(1 for p in pages if not p.is_closed())
            report["seconds_to_open"] = round(time.time() - started, 1)
            report["server_rss_mb_before"] = round(rss_mb(server.pid), 1)
            # The first `generating` pages press Run together; one more presses Run and is then closed.
            runners, leaver = pages[:generating], pages[generating]
            turns, clicks = [], []
            for number in range(1, rounds + 1):
                clicked = time.time()
                clicks.append(_press_run(runners + ([leaver] if number == 1 else [])))
                if number == 1:
                    leaver.wait_for_timeout(300)
                    leaver.close()
                turns += _collect(runners, number, deadline_s, clicked)
                report[f"server_rss_mb_after_round_{number}"] = round(rss_mb(server.pid), 1)
            errors = sum(page.locator(ERRORS).count() for page in runners)
            done = [t for t in turns if t.get("wait_s") is not None]
            waits, generations = [t["wait_s"] for t in done], [t["generation_s"] for t in done]
            report.update({
                "rounds": rounds,
                "generations_completed": len(done),
                "generations_missing": rounds * len(runners) - len(done),
                "errors": errors + sum(1 for t in turns if t.get("error")),
                "closed_mid_run": 1,
                "click_spread_s": [c[-1] for c in clicks],
                "highest_queue_place": max((t["place"] for t in done), default=0),
                "wait_s_p50": round(statistics.median(waits), 2) if done else None,
                "wait_s_p95": round(percentile(waits, 95), 2) if done else None,
                "generation_s_p50": round(statistics.median(generations), 2) if done else None,
                "generation_s_p95": round(percentile(generations, 95), 2) if done else None,
                "server_rss_mb_after": round(rss_mb(server.pid), 1),
                "server_alive": server.poll() is None,
                "turns": turns,
            })
            browser.close()
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
    report["seconds"] = round(time.time() - started, 1)
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=30)
    parser.add_argument("--generating", type=int, default=10)
    parser.add_argument("--max-new-tokens", type=int, default=48)
    parser.add_argument("--deadline", type=float, default=300, help="seconds allowed for each round of generations")
    parser.add_argument("--rounds", type=int, default=3, help="times the generating pages press Run")
    parser.add_argument("--json", dest="json_out")
    args = parser.parse_args(argv)
    report = run(args.sessions, args.generating, args.max_new_tokens, args.deadline, args.rounds)
    text = json.dumps(report, indent=1)
    print(text)
    if args.json_out:
        Path(args.json_out).write_text(text + "\n")
    ok = report["errors"] == 0 and report["generations_missing"] == 0 and report["server_alive"]
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
