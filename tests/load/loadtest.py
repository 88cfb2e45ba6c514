"""A classroom on one server: many browser sessions, several jobs at once, tabs closed mid-job.

Starts ``python -m specviz serve`` on a free loopback port with the tiny pair as
the only models and opens `sessions` pages in Debian's Chromium (Playwright).
`generating` of them press their page's button together, round after round:
Live runs, Exactness-lab experiments (100 seeded pairs) and Toy Monte Carlos
(5000 samples), in the proportions 3 : 1 : 1. Before the first round, three more
pages start the largest jobs the host allows and are closed mid-job (a Live run
closed while queued or running, a lab experiment and a Monte Carlo once their
progress bars move); the rest of the pages stay open and idle. The server's
queue logs the end of every turn, so the report comes from what the server did:

    .venv/bin/python tests/load/loadtest.py --sessions 30 --generating 10 [--rounds 3] [--json OUT]

Loopback only, bounded in count (<= 60 pages) and time (--deadline seconds per round).
Exit code 0 when every job completed without an error, every closed tab's job
gave its slot up within a second of the close, and the server stayed up.
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
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))  # run as a script from anywhere: the package is not installed

from specviz.bench.harness import percentile  # noqa: E402

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SETTLED = '[data-testid="stApp"][data-test-script-state="notRunning"]'
ERRORS = '[data-testid="stException"], [data-testid="stAlertContentError"]'
PAIR = "draft=tiny-draft&target=tiny-target"
# The queue's line for each turn that ended (specviz/serving/queue.py).
TURN_END = re.compile(r"turn (\d+) (\S+) (held a slot|left the line): (\S+) · place (\d+) · waited ([0-9.]+) s"
                      r" · held ([0-9.]+) s · freed at ([0-9.]+)")
# What each kind of page opens, the button it presses, the queue's name for its work and its progress text.
KINDS = {
    "live": ("/live?{pair}&max_new_tokens={tokens}", "Run", "live", None),
    "lab": ("/exactness?{pair}", "Run the experiment", "lab", r"\d+ of \d+ seeded pairs"),
    "toy": ("/toy", "Sample", "monte-carlo", r"\d+ of \d+ samples per rule"),
}
SIZE_SLIDERS = {"lab": "Seeded runs", "toy": "samples"}  # the label of the slider that sizes each page's job
ROLES = ("live", "lab", "toy", "live", "live")  # runner i plays ROLES[i % 5]
RELEASE_WITHIN_S = 1.0  # a closed tab's job must give its slot up this soon (its steps take milliseconds)


def require_chromium() -> None:
    """Skip a test without Chromium, except in CI, where its absence is a failure."""
    import pytest

    if not Path(CHROMIUM).exists():
        message = "Chromium is not installed (./test.sh installs Debian's chromium package)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def proc_status(pid: int | str = "self") -> dict[str, int]:
    """Bytes of /proc/PID/status's memory lines (VmRSS, VmHWM, RssAnon, ...)."""
    values = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, rest = line.partition(":")
        if rest.strip().endswith("kB"):
            values[key] = int(rest.split()[0]) * 1024
    return values


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def start_server(port: int, max_new_tokens: int, log_path: Path | None = None,
                 allowed: str = "tiny-draft,tiny-target") -> subprocess.Popen:
    """The app as a classroom host runs it; its log (stderr) goes to `log_path`."""
    env = dict(os.environ, SPECVIZ_PORT=str(port), SPECVIZ_ADDRESS="127.0.0.1", HF_HUB_OFFLINE="1",
               SPECVIZ_ALLOWED_MODELS=allowed, SPECVIZ_MAX_NEW_TOKENS=str(max_new_tokens))
    log = open(log_path, "w") if log_path else subprocess.DEVNULL  # kept open: the server writes to it
    process = subprocess.Popen([sys.executable, "-m", "specviz", "serve", "--", "--server.fileWatcherType", "none"],
                               cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=log)
    deadline = time.time() + 90
    while time.time() < deadline:
        try:
            if urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health", timeout=2).read() == b"ok":
                return process
        except OSError:
            time.sleep(0.5)
    process.kill()
    raise RuntimeError("the server did not become healthy within 90 s")


def turn_ends(log_path: Path) -> list[dict]:
    """Every turn the server's queue has ended so far, in order."""
    ends = []
    for match in TURN_END.finditer(log_path.read_text(errors="replace")):
        ends.append({"turn": int(match.group(1)), "what": match.group(2), "held_slot": match.group(3) == "held a slot",
                     "ending": match.group(4), "place": int(match.group(5)), "wait_s": float(match.group(6)),
                     "held_s": float(match.group(7)), "freed_at": float(match.group(8))})
    return ends


def open_page(context, url: str, kind: str, runs: str | None = None):
    """A settled page of `kind`; `runs` = "Home" or "End" moves its job's size slider to the least or the most."""
    from playwright.sync_api import expect

    page = context.new_page()
    page.goto(url)
    page.wait_for_selector(SETTLED, timeout=120_000)
    if runs and kind != "live":
        slider = page.locator('[data-testid="stSlider"]', has_text=SIZE_SLIDERS[kind]).get_by_role("slider")
        slider.focus()
        slider.press(runs)
        end = slider.get_attribute("min" if runs == "Home" else "max")
        expect(slider).to_have_value(end, timeout=30_000)  # the job is sized as asked
        page.wait_for_selector(SETTLED, timeout=60_000)
    page.get_by_role("button", name=KINDS[kind][1], exact=True).wait_for(timeout=60_000)
    return page


def press(page, kind: str) -> None:
    # A background tab draws no frames, so Playwright's "is it stable?" wait would take
    # seconds per click; the button is known to be ready, so the click is sent at once.
    page.get_by_role("button", name=KINDS[kind][1], exact=True).dispatch_event("click")


def close_mid_job(page, kind: str, log_path: Path) -> dict:
    """Start the page's job, close the tab once its progress shows, and see when the server freed its slot."""
    press(page, kind)
    page.get_by_text(re.compile(KINDS[kind][3])).first.wait_for(timeout=60_000)
    seen = len(turn_ends(log_path))
    page.close()
    closed = time.time()
    end = closed + 30
    while time.time() < end:
        mine = [t for t in turn_ends(log_path)[seen:] if t["what"] == KINDS[kind][2] and t["held_slot"]]
        if mine:
            return {"kind": kind, "ending": mine[0]["ending"], "held_s": mine[0]["held_s"],
                    "freed_after_close_s": round(mine[0]["freed_at"] - closed, 3)}
        time.sleep(0.05)
    return {"kind": kind, "ending": "still held 30 s after the close", "freed_after_close_s": None}


def wait_for_round(log_path: Path, seen: int, expected: dict[str, int], pages, deadline_s: float) -> list[dict]:
    """The turns that ended after the first `seen`, once `expected` finished per kind (or an error, or the deadline)."""
    end = time.time() + deadline_s
    while time.time() < end:
        ends = turn_ends(log_path)[seen:]
        finished = {what: sum(1 for t in ends if t["what"] == what and t["ending"] == "finished") for what in expected}
        if finished == expected or any(page.locator(ERRORS).count() for page in pages):
            return ends
        time.sleep(0.25)
    return turn_ends(log_path)[seen:]


def run(sessions: int, generating: int, max_new_tokens: int, deadline_s: float, rounds: int = 1) -> dict:
    from playwright.sync_api import sync_playwright

    if not 1 <= generating <= sessions - 3 <= 57:
        raise SystemExit("need 1 <= generating <= sessions - 3 and sessions <= 60 (three pages are closed mid-job)")
    port, log_path = free_port(), Path(tempfile.mkdtemp(prefix="specviz-load-")) / "server.log"
    server = start_server(port, max_new_tokens, log_path)
    base = f"http://127.0.0.1:{port}"
    started = time.time()
    roles = [ROLES[i % len(ROLES)] for i in range(generating)]
    report: dict = {"sessions_requested": sessions, "generating": generating, "max_new_tokens": max_new_tokens,
                    "jobs_per_round": {kind: roles.count(kind) for kind in KINDS}, "server_log": str(log_path)}
    try:
        report["server_rss_mb_idle"] = round(rss_mb(server.pid), 1)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)

            def context():  # each student in a browser of their own: the queue counts places per browser
                return browser.new_context(viewport={"width": 1100, "height": 900})

            def url(kind: str) -> str:
                return base + KINDS[kind][0].format(pair=PAIR, tokens=max_new_tokens)

            runners = [open_page(context(), url(kind), kind, runs="Home" if kind == "lab" else None) for kind in roles]
            leavers = {kind: open_page(context(), url(kind), kind, runs="End") for kind in KINDS}
            idle = [open_page(context(), url("live"), "live") for _ in range(sessions - generating - len(KINDS))]
            report["sessions_held"] = sum(1 for p in runners + list(leavers.values()) + idle if not p.is_closed())
            report["seconds_to_open"] = round(time.time() - started, 1)
            report["server_rss_mb_before"] = round(rss_mb(server.pid), 1)
            # The largest lab experiment and Monte Carlo, each closed mid-job while it holds the slot.
            report["closed_mid_job"] = [close_mid_job(leavers[kind], kind, log_path) for kind in ("lab", "toy")]
            expected = {KINDS[kind][2]: roles.count(kind) for kind in KINDS}
            ends = []
            for number in range(1, rounds + 1):
                seen, clicked = len(turn_ends(log_path)), time.time()
                for page, kind in zip(runners, roles):
                    press(page, kind)
                if number == 1:  # one more Live run, closed while it waits in line or runs
                    press(leavers["live"], "live")
                    leavers["live"].wait_for_timeout(300)
                    leavers["live"].close()
                ends += [dict(t, round=number) for t in wait_for_round(log_path, seen, expected, runners, deadline_s)]
                report[f"round_{number}_s"] = round(time.time() - clicked, 1)
                report[f"server_rss_mb_after_round_{number}"] = round(rss_mb(server.pid), 1)
            errors = sum(page.locator(ERRORS).count() for page in runners)
            done = [t for t in ends if t["ending"] == "finished" and t["what"] in expected]
            waits, held = [t["wait_s"] for t in done], [t["held_s"] for t in done]
            rss = [report[f"server_rss_mb_after_round_{n}"] for n in range(1, rounds + 1)]
            report.update({
                "rounds": rounds,
                "jobs_completed": {what: sum(1 for t in done if t["what"] == what) for what in expected},
                "jobs_missing": rounds * generating - len(done),
                "errors": errors + sum(1 for t in ends if t["ending"] not in ("finished", "StopException")),
                "live_run_closed_mid_job": [t for t in ends if t["round"] == 1 and t["ending"] == "StopException"],
                "highest_queue_place": max((t["place"] for t in done), default=0),
                "wait_s_p50": round(statistics.median(waits), 2) if done else None,
                "wait_s_p95": round(percentile(waits, 95), 2) if done else None,
                "held_s_p50": round(statistics.median(held), 2) if done else None,
                "held_s_p95": round(percentile(held, 95), 2) if done else None,
                "server_rss_mb_growth_after_round_1": round(max(rss) - rss[0], 1),
                "server_alive": server.poll() is None,
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


def passed(report: dict) -> bool:
    released = all(c["freed_after_close_s"] is not None and c["freed_after_close_s"] <= RELEASE_WITHIN_S
                   for c in report["closed_mid_job"])
    return report["errors"] == 0 and report["jobs_missing"] == 0 and report["server_alive"] and released


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=30)
    parser.add_argument("--generating", type=int, default=10)
    parser.add_argument("--max-new-tokens", type=int, default=48)
    parser.add_argument("--deadline", type=float, default=300, help="seconds allowed for each round of jobs")
    parser.add_argument("--rounds", type=int, default=3, help="times the generating pages press their button")
    parser.add_argument("--json", dest="json_out")
    args = parser.parse_args(argv)
    report = run(args.sessions, args.generating, args.max_new_tokens, args.deadline, args.rounds)
    text = json.dumps(report, indent=1)
    print(text)
    if args.json_out:
        Path(args.json_out).write_text(text + "\n")
    return 0 if passed(report) else 1


if __name__ == "__main__":
    sys.exit(main())
