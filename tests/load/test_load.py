"""The load test in small: a real server, real Chromium pages, generations queued, one tab closed mid-run."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import loadtest  # noqa: E402

pytestmark = pytest.mark.browser


def test_a_small_classroom_is_served_without_errors():
    if not Path(loadtest.CHROMIUM).exists():
        message = "Chromium is not installed (./test.sh installs Debian's chromium package)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    report = loadtest.run(sessions=6, generating=3, max_new_tokens=24, deadline_s=120, rounds=2)
    assert report["sessions_held"] == 6
    assert report["errors"] == 0
    assert report["generations_completed"] == 6 and report["generations_missing"] == 0
    # Three Runs pressed together on one slot: at least one of them had to queue, and was told its place.
    assert report["highest_queue_place"] >= 1
    assert report["server_alive"]
