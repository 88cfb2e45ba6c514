"""A long Exactness-lab experiment whose tab closes gives the generation slot up within one step.

Real server, real Chromium: one page starts the largest experiment the host
allows (2000 seeded pairs on the tiny pair) and is closed once its progress bar
moves; another page then presses Run and must not wait for the experiment.
"""

from __future__ import annotations

import os
import re
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import loadtest  # noqa: E402

pytestmark = pytest.mark.browser
PAIR = "draft=tiny-draft&target=tiny-target"


def test_closing_a_tab_mid_experiment_frees_the_slot_within_a_step():
    from playwright.sync_api import sync_playwright

    if not Path(loadtest.CHROMIUM).exists():
        message = "Chromium is not installed (./test.sh installs Debian's chromium package)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    port = loadtest.free_port()
    server = loadtest.start_server(port, max_new_tokens=24)
    url = f"http://127.0.0.1:{port}"
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=loadtest.CHROMIUM, args=loadtest.ARGS)
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            lab = context.new_page()
            lab.goto(f"{url}/exactness?{PAIR}")
            lab.wait_for_selector(loadtest.SETTLED, timeout=120_000)
            runs = lab.get_by_role("slider").nth(1)  # temperature, then the seeded runs
            runs.focus()
            runs.press("End")  # the most the host allows: 2000
            lab.wait_for_selector(loadtest.SETTLED, timeout=60_000)
            lab.get_by_role("button", name="Run the experiment").click()
            lab.get_by_text(re.compile(r"\d+ of 2000 seeded pairs")).wait_for(timeout=60_000)
            lab.close()  # mid-experiment
            closed = time.time()
            live = context.new_page()
            live.goto(f"{url}/live?{PAIR}&max_new_tokens=8")
            live.wait_for_selector(loadtest.SETTLED, timeout=120_000)
            live.get_by_role("button", name="Run", exact=True).click()
            turns = loadtest._collect([live], 1, 120, closed)
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=20)
    print("queue turn after the closed experiment:", turns)
    assert turns and not turns[0].get("error"), turns
    # The experiment had ~4000 runs left; the slot came free at its next step instead.
    assert turns[0]["wait_s"] < 5, turns
