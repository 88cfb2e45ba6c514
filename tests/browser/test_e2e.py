"""One real-browser run: streamlit serves app.py on loopback, Debian's Chromium drives it via Playwright.

Screenshots of every page go to artifacts/screenshots/ (git-ignored) for a person to look at.
"""

import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "artifacts" / "screenshots"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PAGES = {"lesson": "", "home": "home", "live": "live", "exactness": "exactness", "replay": "replay",
         "verifiers": "verifiers", "toy": "toy",
         "budget": "budget", "policy": "policy", "tokenizers": "tokenization", "benchmark": "benchmark",
         "checklist": "checklist"}

pytestmark = pytest.mark.browser


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="module")
def server():
    if not Path(CHROMIUM).exists():
        message = "Chromium is not installed (./test.sh installs Debian's chromium package)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", "app.py", "--server.headless", "true", "--server.address",
         "127.0.0.1", "--server.port", str(port), "--browser.gatherUsageStats", "false",
         "--server.fileWatcherType", "none"],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    deadline = time.time() + 60
    while time.time() < deadline:
        try:
            if urllib.request.urlopen(f"{url}/_stcore/health", timeout=2).read() == b"ok":
                break
        except OSError:
            time.sleep(0.5)
    else:
        process.kill()
        pytest.fail("streamlit did not become healthy within 60 s")
    yield url
    process.terminate()
    process.wait(timeout=20)


@pytest.fixture(scope="module")
def page(server):
    from playwright.sync_api import sync_playwright

    SHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        context = browser.new_context(viewport={"width": 1280, "height": 1400})
        yield context.new_page()
        browser.close()


def settle(page, timeout=120_000):
    page.wait_for_selector('[data-testid="stApp"][data-test-script-state="notRunning"]', timeout=timeout)


def test_a_shared_deep_link_on_a_fresh_server_uses_the_app_navigation(server, page):
    # Runs first: no session has opened the app's root on this server yet.
    from playwright.sync_api import expect

    page.goto(f"{server}/toy?lang=it")
    settle(page)
    # The first request runs the page file in Streamlit's old multipage mode, which the page leaves with a
    # rerun through app.py; on a cold server that rerun can end after the first "not running" state.
    expect(page.locator('[data-testid="stSidebarNav"]')).to_contain_text("Distribuzioni giocattolo", timeout=60_000)
    settle(page)
    nav = page.locator('[data-testid="stSidebarNav"]').inner_text()
    assert "Distribuzioni giocattolo" in nav and "toy" not in nav.split()
    assert page.get_by_role("heading", name="Distribuzioni giocattolo").count() == 1


def test_every_page_opens_without_an_error(server, page):
    for name, path in PAGES.items():
        page.goto(f"{server}/{path}")
        settle(page)
        page.wait_for_timeout(1500)  # let Plotly finish drawing
        page.screenshot(path=str(SHOTS / f"{name}.png"))
        assert page.locator('[data-testid="stException"]').count() == 0, name
        assert page.locator('[data-testid="stAlertContentError"]').count() == 0, name


def test_a_generation_on_the_tiny_pair_colours_tokens(server, page):
    page.goto(f"{server}/live")
    settle(page)
    from playwright.sync_api import expect

    page.get_by_role("button", name="Instant demo: tiny random pair").click()
    # Wait for the new model names to reach the browser, or the next click would send the old ones back.
    expect(page.get_by_role("combobox", name="Target model")).to_have_value("tiny-target", timeout=30_000)
    settle(page)
    page.mouse.move(640, 5)  # as a user's pointer leaves the demo button, its help tooltip closes
    page.get_by_role("button", name="Run", exact=True).click()
    settle(page)
    page.wait_for_selector("span.sv-accepted", timeout=60_000)
    assert page.locator("span.sv-correction, span.sv-bonus").count() > 0
    page.wait_for_selector("text=measured speed-up", timeout=60_000)  # the target-alone baseline ran too
    assert page.locator('[data-testid="stException"]').count() == 0
    page.screenshot(path=str(SHOTS / "live-after-run.png"))


def test_editing_a_toy_weight_changes_the_chart(server, page):
    page.goto(f"{server}/toy")
    settle(page)
    page.wait_for_selector(".js-plotly-plot .bars path")
    before = page.locator(".js-plotly-plot").first.inner_html()
    weight = page.get_by_label("q weight").first
    weight.fill("0.20")
    weight.press("Enter")
    settle(page)
    page.wait_for_timeout(1500)
    after = page.locator(".js-plotly-plot").first.inner_html()
    assert after != before
    assert page.get_by_text("accepted mass").count() > 0
    page.screenshot(path=str(SHOTS / "toy-after-edit.png"))


def test_a_corrupt_trace_upload_shows_a_message_and_a_good_one_replays(server, page, tmp_path):
    page.goto(f"{server}/replay")
    settle(page)
    page.get_by_text("Upload a JSON trace").click()
    settle(page)
    bad = tmp_path / "broken.json"
    bad.write_text('{"schema_version": 1, "cycles": [{"accepted": "<script>alert(1)</script>"}]')
    page.locator('input[type="file"]').set_input_files(str(bad))
    page.wait_for_selector("text=This file is not a specviz trace", timeout=30_000)
    assert page.locator('[data-testid="stException"]').count() == 0
    page.locator('input[type="file"]').set_input_files(str(ROOT / "assets" / "traces" / "qwen-code-t0.8.json"))
    page.wait_for_selector("span.sv-bonus", timeout=30_000)
    page.screenshot(path=str(SHOTS / "replay-upload.png"))


def test_stopping_a_live_run_in_the_browser_keeps_its_tokens(server, page):
    """Streamlit's own Stop, mid-run, then a changed setting: the partial run is kept, not lost."""

    from playwright.sync_api import expect

    page.goto(f"{server}/live?draft=tiny-draft&target=tiny-target&max_new_tokens=256&k=1")
    settle(page)
    page.get_by_role("button", name="Run", exact=True).click()
    page.get_by_text(re.compile(r"cycle \d+ · \d+ tokens")).first.wait_for(timeout=60_000)
    page.get_by_role("button", name="Stop").click()  # the status widget's Stop, while the script runs
    settle(page)
    assert page.locator("span.sv-accepted").count() > 0  # a stopped script draws nothing, but what it drew stays
    page.screenshot(path=str(SHOTS / "live-just-stopped.png"))
    page.get_by_role("spinbutton", name="Seed").fill("1")  # a changed setting reruns the page
    page.get_by_role("spinbutton", name="Seed").press("Enter")
    settle(page)
    expect(page.get_by_text(re.compile(r"the \d+ tokens generated so far are kept"))).to_be_visible(timeout=30_000)
    assert page.locator("span.sv-accepted").count() > 0
    assert page.locator('[data-testid="stException"]').count() == 0
    page.screenshot(path=str(SHOTS / "live-stopped-kept.png"))


def test_a_lesson_show_me_link_opens_its_view_and_the_lesson_keeps_its_step(server, page):
    from playwright.sync_api import expect

    page.goto(f"{server}/?lang=it&lesson_step={step_number('example')}")
    settle(page)
    step = page.get_by_role("heading", name=f"{step_number('example')} · Esempio svolto: tre token, nessuna rete")
    expect(step).to_be_visible(timeout=30_000)
    page.get_by_role("link", name="Mostramelo").click()
    page.wait_for_url(re.compile(r"/toy\?"), timeout=30_000)  # the click's rerun has begun: settle waits for its end
    settle(page)
    expect(page.get_by_role("heading", name="Distribuzioni giocattolo")).to_be_visible(timeout=30_000)
    expect(page.get_by_label("peso di q").first).to_have_value("0,70", timeout=30_000)  # the article's q, in Italian
    assert "toy_preset=toy.preset.article" in page.url
    page.get_by_role("link", name="Lezione").first.click()  # back through the menu, as a teacher would
    settle(page)
    expect(step).to_be_visible(timeout=30_000)
    assert page.locator('[data-testid="stException"]').count() == 0
    page.screenshot(path=str(SHOTS / "lesson-back-at-the-example-step.png"))


def step_number(name: str) -> int:
    from specviz.lesson import STEPS

    return next(number for number, step in enumerate(STEPS, start=1) if step.name == name)


@pytest.mark.parametrize(("step", "mark", "url"), [
    ("cache", "frame", "/replay"), ("judgement", "frame", "/replay"), ("adaptive", "timeline", "/replay"),
    ("tokenizers", "same_id", "/tokenization"), ("capacity", "capacity", "/benchmark")])
def test_show_me_lands_on_the_view_it_talks_about(server, page, step, mark, url):
    """Each lesson step's Show me opens its view and scrolls to the place the step talks about (a cycle's frame,
    the cycle timeline, a table, a chart), below the first screen at a projector's 1280×720, and outlines it."""
    from playwright.sync_api import expect

    page.set_viewport_size({"width": 1280, "height": 720})
    try:
        page.goto(f"{server}/?lang=it&lesson_step={step_number(step)}")
        settle(page)
        page.get_by_role("link", name="Mostramelo").click()
        page.wait_for_url(re.compile(url + r"\?"), timeout=30_000)
        settle(page)
        expect(page.locator(f"#sv-focus-{mark}")).to_be_attached(timeout=60_000)
        # At the top of the screen, or as high as the page's end lets it go (the capacity chart is near the end).
        page.wait_for_function(f"() => {{ const r = document.getElementById('sv-focus-{mark}')"
                               ".getBoundingClientRect(); return r.top >= 0 && r.top < 0.6 * window.innerHeight; }",
                               timeout=30_000)
        page.screenshot(path=str(SHOTS / f"show-me-{step}-lands-on-{mark}.png"))
    finally:
        page.set_viewport_size({"width": 1280, "height": 1400})


def test_without_a_focus_the_view_opens_at_its_top(server, page):
    """The cache step's view opened by its address alone: the cycle view stays two screens down."""
    page.set_viewport_size({"width": 1280, "height": 720})
    try:
        page.goto(f"{server}/replay?lang=it&replay_example=qwen-many-rejections&replay_cycle=4&replay_frame=5")
        settle(page)
        page.wait_for_timeout(1500)
        assert page.locator("#sv-focus-frame").evaluate("m => m.getBoundingClientRect().top") > 720
    finally:
        page.set_viewport_size({"width": 1280, "height": 1400})


def touch_every_choice(page) -> None:
    """Move each selectbox one option down and pick each radio group's last option (not the language), as a
    student clicking around would; every change reruns the page."""
    boxes = page.locator('[data-testid="stSelectbox"]')
    for i in range(boxes.count()):
        if i >= boxes.count() or not boxes.nth(i).is_visible():  # a choice may hide a later box (prompt lookup
            continue  # needs no draft model)
        boxes.nth(i).click()
        page.keyboard.press("ArrowDown")
        page.keyboard.press("Enter")
        settle(page)
    groups = page.locator('[data-testid="stRadio"]')
    for i in range(groups.count()):
        group = groups.nth(i)
        if i >= groups.count() or not group.is_visible() or "Italiano" in group.inner_text():
            continue
        group.locator("label").last.click()
        settle(page)


# The Lesson page (path "") is walked through the same switches by AppTest (tests/app/test_language_switch.py): its
# one selectbox holds step numbers, which read the same in both languages.
@pytest.mark.parametrize("path", ["home", "live", "exactness", "replay", "verifiers", "toy", "budget", "policy",
                                  "tokenization", "benchmark", "checklist"])
def test_switching_the_language_back_and_forth_keeps_every_choice_a_value(server, page, path):
    """The browser sends a choice back as the label it showed; after a change of language the page must not take it
    for a value (Toy and Budget failed with KeyError: 'Article example' on English -> Italiano -> English). Every
    page, with its choices touched before each switch."""
    page.goto(f"{server}/{path}")
    settle(page)
    for language in ("Italiano", "English", "Italiano", "English"):
        touch_every_choice(page)
        page.get_by_text(language, exact=True).click()
        page.wait_for_timeout(300)
        settle(page)
        errors = page.locator('[data-testid="stException"], [data-testid="stAlertContentError"]')
        if errors.count():  # drawn during a rerun the click started? An error that stays after it is one
            page.wait_for_timeout(1500)
            settle(page)
        assert errors.count() == 0, (path, language, [errors.nth(i).inner_text()[:300] for i in range(errors.count())])




def test_one_browser_holds_at_most_two_places_in_the_queue(server, page):
    """Three tabs of one browser start the Exactness lab's longest experiment: the first runs, the second waits in
    line, the third is refused at once in one sentence; another browser (a new context) is not refused."""
    from playwright.sync_api import expect

    tabs = [page] + [page.context.new_page() for _ in range(2)]
    for tab in tabs:
        tab.goto(f"{server}/exactness?lab_runs=2000")
        settle(tab)
    for tab in tabs[:2]:
        tab.get_by_role("button", name="Run the experiment").click()
        tab.wait_for_timeout(1500)  # its request has reached the queue
    tabs[2].get_by_role("button", name="Run the experiment").click()
    expect(tabs[2].get_by_text(re.compile("This browser already has 2 generations"))).to_be_visible(timeout=30_000)
    tabs[2].screenshot(path=str(SHOTS / "queue-one-browser-refused.png"))
    other = page.context.browser.new_context().new_page()
    try:
        other.goto(f"{server}/exactness?lab_runs=100")
        settle(other)
        other.get_by_role("button", name="Run the experiment").click()
        expect(other.get_by_text(re.compile("in the queue"))).to_be_visible(timeout=30_000)  # in line, not refused
        assert other.get_by_text(re.compile("This browser already has")).count() == 0
    finally:
        other.context.close()
        for tab in tabs[1:]:
            tab.close()  # a closed tab gives its place back
