"""Screenshots of the Live page as a class sees it: one run, every frame of one cycle, both languages.

Starts ``python -m specviz serve`` on a free loopback port, opens the Live page
in Debian's Chromium at a projector's 1280×720 and at 1400 wide, runs the page's
default configuration (or the tiny pair with --tiny), picks a cycle with a
rejection and steps through its five frames, then the time race and the
Benchmark page's capacity view. Writes PNG files and a JSON summary (the measured
speed-up the page showed, the first Run's wait) to --out:

    .venv/bin/python scripts/screenshots.py --out artifacts/screenshots/live [--tiny] [--lang en,it]
    .venv/bin/python scripts/screenshots.py --out artifacts/screenshots/lesson --lesson --tiny --sizes projector
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "load"))
sys.path.insert(0, str(ROOT))
import loadtest  # noqa: E402  (the same server start and Chromium settings as the load test)
from playwright.sync_api import TimeoutError as PlaywrightTimeout  # noqa: E402

SIZES = {"projector": (1280, 720), "wide": (1400, 1000)}


def settle(page, timeout: int = 900_000) -> None:
    page.wait_for_selector(loadtest.SETTLED, timeout=timeout)


def wait_for_preparation(page, base: str, query: str) -> float:
    """Seconds until the background preparation of the default pair ended (its notice gone)."""
    started = time.time()
    page.goto(f"{base}/live?{query}")
    settle(page)
    notice = page.get_by_text(re.compile("Getting the default pair ready|Preparazione della coppia")).first
    try:
        notice.wait_for(state="visible", timeout=15_000)
    except PlaywrightTimeout:  # nothing left to prepare
        pass
    else:
        notice.wait_for(state="detached", timeout=1_800_000)
    page.goto(f"{base}/live?{query}")  # a fresh page, without the notice's refresh
    settle(page)
    return round(time.time() - started, 1)


def run_live(page, base: str, query: str, out: Path, tag: str) -> dict:
    summary = {"preparation_s": wait_for_preparation(page, base, query)}
    started = time.time()
    page.get_by_role("button", name=re.compile(r"^(Run|Esegui)$")).click()
    page.get_by_text(re.compile("measured speed-up|speed-up misurato")).first.wait_for(timeout=900_000)
    settle(page)
    page.wait_for_timeout(2000)
    summary["run_s"] = round(time.time() - started, 1)
    metric = page.locator('[data-testid="stMetric"]').filter(has_text=re.compile("speed-up|accelerazione"))
    summary["metrics"] = [m.inner_text().replace("\n", " ") for m in metric.all()]
    summary["captions"] = [c.inner_text() for c in page.locator('[data-testid="stCaptionContainer"]').all()][:6]
    page.screenshot(path=str(out / f"{tag}-run.png"))
    for stage in range(1, 6):
        heading = page.get_by_text(re.compile(rf"^{stage} · "))
        heading.first.scroll_into_view_if_needed()
        page.wait_for_timeout(1200)
        page.screenshot(path=str(out / f"{tag}-frame-{stage}.png"))
        if stage < 5:
            page.get_by_role("button", name=re.compile("Next|Avanti")).first.click()
            settle(page)
    race = page.get_by_text(re.compile("The time budget, as it ran|Il bilancio dei tempi"))
    race.first.scroll_into_view_if_needed()
    page.wait_for_timeout(1200)
    page.screenshot(path=str(out / f"{tag}-race.png"))
    return summary


# The other pages, each with the button a student presses first (None: the page as it opens).
PAGES = {"lesson": None, "home": None, "toy": "^(Sample|Campiona)$", "budget": None, "tokenization": None,
         "checklist": None,
         "exactness": "Run the experiment|Esegui l'esperimento", "replay": None,
         "benchmark": "Run a quick benchmark|Esegui un benchmark rapido",
         "policy": None, "verifiers": None}


def other_pages(browser, base: str, language: str, out: Path, size: str = "projector") -> None:
    """A full-page screenshot of every other page at `size`'s width, after its first action."""
    width, height = SIZES[size]
    page = browser.new_context(viewport={"width": width, "height": height}).new_page()
    for name, button in PAGES.items():
        path = "" if name == "lesson" else name  # the lesson opens the app
        page.goto(f"{base}/{path}?lang={language}&draft=tiny-draft&target=tiny-target")
        settle(page)
        if button:
            page.get_by_role("button", name=re.compile(button)).first.click()
            page.wait_for_timeout(1500)
            settle(page)
        page.wait_for_timeout(1500)
        page.screenshot(path=str(out / f"{language}-{size}-page-{name}.png"), full_page=True)


# What to bring into view on a "show me" target before the projector-sized shot.
FOCUS = {"replay": "^(One cycle, step by step|Un ciclo, passo per passo)$",
         "benchmark": "^(Latency is not capacity|Latenza non è capacità)$"}
LESSON_NAV = "^(Lesson|Lezione)$"


def lesson_walk(browser, base: str, language: str, out: Path, size: str) -> list[dict]:
    """A teacher's walk through the lesson: each step, then its "show me" view, then back and on to the next."""
    from specviz.lesson import STEPS

    width, height = SIZES[size]
    page = browser.new_context(viewport={"width": width, "height": height}).new_page()
    page.goto(f"{base}/?lang={language}")
    settle(page)
    walked = []
    for number, step in enumerate(STEPS, start=1):
        tag = f"{language}-{size}-lesson-{number:02d}-{step.name}"
        page.wait_for_timeout(800)
        page.screenshot(path=str(out / f"{tag}.png"))
        page.get_by_text(re.compile("^(Solution|Soluzione)$")).click()  # open the hidden solution
        page.wait_for_timeout(500)
        page.get_by_text(re.compile("^(Next step|Passo successivo)$")).scroll_into_view_if_needed()
        page.screenshot(path=str(out / f"{tag}-solution.png"))
        page.get_by_role("link", name=re.compile("^(Show me|Mostramelo)$")).scroll_into_view_if_needed()
        page.get_by_role("link", name=re.compile("^(Show me|Mostramelo)$")).click()
        settle(page)
        page.wait_for_timeout(2500)  # Plotly draws after the script ends
        target = step.page.split("/")[-1].removesuffix(".py")
        if target in FOCUS:
            page.get_by_text(re.compile(FOCUS[target])).first.scroll_into_view_if_needed()
            page.wait_for_timeout(800)
        page.screenshot(path=str(out / f"{tag}-show.png"))
        walked.append({"step": number, "name": step.name, "url": page.url,
                       "errors": page.locator('[data-testid="stException"]').count()})
        page.get_by_role("link", name=re.compile(LESSON_NAV)).first.click()
        settle(page)
        if number < len(STEPS):
            page.get_by_role("button", name=re.compile("^(Next step|Passo successivo)$")).click()
            settle(page)
    page.context.close()
    return walked


def main(argv: list[str] | None = None) -> int:
    from playwright.sync_api import sync_playwright
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="artifacts/screenshots/live")
    parser.add_argument("--tiny", action="store_true", help="the tiny pair instead of the default pair")
    parser.add_argument("--lang", default="en,it")
    parser.add_argument("--sizes", default=",".join(SIZES), help="projector, wide or both")
    parser.add_argument("--pages", action="store_true", help="the other pages instead of the Live page")
    parser.add_argument("--lesson", action="store_true", help="a teacher's walk: each lesson step and its view")
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    port = loadtest.free_port()
    allowed = "tiny-draft,tiny-target" if args.tiny else "qwen2.5-coder-0.5b,qwen2.5-coder-1.5b,tiny-draft,tiny-target"
    server = loadtest.start_server(port, 256, out / "server.log", allowed=allowed)
    base = f"http://127.0.0.1:{port}"
    pair = "draft=tiny-draft&target=tiny-target&temperature=1.0&seed=2&" if args.tiny else ""
    summary = {}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=loadtest.CHROMIUM, args=loadtest.ARGS)
            for language in args.lang.split(","):
                if args.pages:
                    for size in args.sizes.split(","):
                        other_pages(browser, base, language, out, size)
                    continue
                if args.lesson:
                    for size in args.sizes.split(","):
                        summary[f"{language}-{size}"] = lesson_walk(browser, base, language, out, size)
                    continue
                for size in args.sizes.split(","):
                    width, height = SIZES[size]
                    page = browser.new_context(viewport={"width": width, "height": height}).new_page()
                    tag = f"{language}-{size}"
                    summary[tag] = run_live(page, base, f"{pair}lang={language}", out, tag)
                    page.goto(f"{base}/benchmark?lang={language}")
                    settle(page)
                    page.get_by_role("button", name=re.compile("Measure it|Misuralo")).click()
                    page.locator('[data-testid="stProgress"]').first.wait_for(timeout=60_000)
                    page.locator('[data-testid="stProgress"]').first.wait_for(state="detached", timeout=600_000)
                    settle(page)
                    title = page.get_by_text(re.compile("Latency is not capacity|Latenza non"))
                    title.first.scroll_into_view_if_needed()
                    page.wait_for_timeout(2000)
                    page.screenshot(path=str(out / f"{tag}-capacity.png"))
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=30)
    (out / "summary.json").write_text(json.dumps(summary, indent=1, ensure_ascii=False))
    print(json.dumps(summary, indent=1, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
