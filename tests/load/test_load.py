"""The load test in small: a real server, real Chromium pages, every kind of job queued, tabs closed mid-job."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import loadtest  # noqa: E402

pytestmark = pytest.mark.browser


def test_a_small_classroom_is_served_without_errors():
    loadtest.require_chromium()
    report = loadtest.run(sessions=7, generating=3, max_new_tokens=24, deadline_s=120, rounds=2)
    print(report)
    assert report["sessions_held"] == 7
    assert report["errors"] == 0
    # A Live run, a lab experiment and a Monte Carlo per round, each finished by the server.
    assert report["jobs_completed"] == {"live": 2, "lab": 2, "monte-carlo": 2} and report["jobs_missing"] == 0
    # Three jobs started together on one slot: at least one of them had to queue.
    assert report["highest_queue_place"] >= 1
    # The largest lab experiment (2000 seeded pairs) and Monte Carlo (20 000 samples) were closed
    # mid-job: each was stopped by the close and gave its slot up within a second, not at its end.
    for closed in report["closed_mid_job"]:
        assert closed["ending"] == "StopException", closed
        assert closed["freed_after_close_s"] <= loadtest.RELEASE_WITHIN_S, closed
    assert report["server_alive"]
