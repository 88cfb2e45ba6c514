"""The generation queue: one turn at a time per slot, first come first served, nobody stranded."""

from __future__ import annotations

import threading
import time

import pytest

from specviz.serving.queue import GenerationQueue


def _run_in_threads(queue: GenerationQueue, count: int, hold_s: float, stagger_s: float = 0.02):
    """Start `count` callers a little apart; record who ran when, how many ran at once, and what they heard."""
    order, heard, errors = [], {}, []
    state = {"now": 0, "most": 0}
    lock = threading.Lock()

    def caller(index: int) -> None:
        try:
            with queue.turn(on_wait=lambda position: heard.setdefault(index, []).append(position), poll_s=0.01):
                with lock:
                    order.append(index)
                    state["now"] += 1
                    state["most"] = max(state["most"], state["now"])
                time.sleep(hold_s)
                with lock:
                    state["now"] -= 1
        except Exception as error:  # collected for the assertion
            errors.append(error)

    threads = [threading.Thread(target=caller, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
        time.sleep(stagger_s)
    for thread in threads:
        thread.join(timeout=30)
    assert not any(t.is_alive() for t in threads), "a caller never got its turn (deadlock)"
    return order, heard, errors, state["most"]


def test_one_slot_serves_in_arrival_order_and_tells_each_its_place():
    queue = GenerationQueue(slots=1)
    order, heard, errors, most = _run_in_threads(queue, 6, hold_s=0.3, stagger_s=0.01)
    assert not errors
    assert order == list(range(6))
    assert most == 1
    # Caller k joined while caller 0 ran and callers 1..k-1 waited: it first heard place k,
    # and its place only ever went down.
    for index in range(1, 6):
        assert heard[index][0] == index
        assert heard[index] == sorted(heard[index], reverse=True)
    assert queue.snapshot() == {"running": 0, "waiting": 0, "completed": 6}


def test_two_slots_run_two_at_once_and_never_three():
    queue = GenerationQueue(slots=2)
    order, _, errors, most = _run_in_threads(queue, 8, hold_s=0.08)
    assert not errors and sorted(order) == list(range(8))
    assert most == 2


def test_a_failing_turn_frees_its_slot():
    queue = GenerationQueue(slots=1)
    with pytest.raises(RuntimeError):
        with queue.turn():
            raise RuntimeError("out of memory")
    with queue.turn() as stats:  # would wait forever if the slot were still held
        assert stats.joined_at_position == 0
    assert queue.snapshot()["completed"] == 2


def test_a_caller_that_leaves_the_line_lets_the_next_one_move_up():
    queue = GenerationQueue(slots=1)
    release = threading.Event()
    served = []

    class Gone(Exception):
        pass

    def holder():
        with queue.turn():
            release.wait(5)

    def leaver():
        def on_wait(position):
            raise Gone  # the page's tab was closed

        try:
            with queue.turn(on_wait=on_wait, poll_s=0.01):
                served.append("leaver")
        except Gone:
            pass

    def patient(positions):
        with queue.turn(on_wait=positions.append, poll_s=0.01):
            served.append("patient")

    positions: list[int] = []
    first = threading.Thread(target=holder)
    first.start()
    time.sleep(0.05)
    gone = threading.Thread(target=leaver)
    gone.start()
    gone.join(5)
    late = threading.Thread(target=patient, args=(positions,))
    late.start()
    time.sleep(0.1)
    assert positions and positions[-1] == 1  # the leaver's place was given up
    release.set()
    first.join(5)
    late.join(5)
    assert served == ["patient"]
    assert queue.snapshot() == {"running": 0, "waiting": 0, "completed": 2}


def test_waiting_too_long_raises_and_leaves_the_line():
    queue = GenerationQueue(slots=1)
    with queue.turn():
        with pytest.raises(TimeoutError, match="number 1 in the queue"):
            with queue.turn(poll_s=0.01, timeout_s=0.05):
                pass
        assert queue.snapshot()["waiting"] == 0


def test_a_queue_needs_a_slot():
    with pytest.raises(ValueError):
        GenerationQueue(slots=0)


def test_each_turn_end_is_logged_with_what_ran_and_how_it_ended(caplog):
    queue = GenerationQueue(slots=1)
    with caplog.at_level("INFO", logger="specviz.queue"):
        with queue.turn(what="lab"):
            pass
        with pytest.raises(KeyboardInterrupt):  # a BaseException, as Streamlit's StopException is
            with queue.turn(what="monte-carlo"):
                raise KeyboardInterrupt()
        with queue.turn():  # holds the slot while a second caller gives up waiting
            with pytest.raises(TimeoutError):
                with queue.turn(timeout_s=0.05, poll_s=0.01, what="live"):
                    pass
    lines = [record.getMessage() for record in caplog.records]
    assert len(lines) == 4
    assert lines[0].startswith("turn 0 lab held a slot: finished")
    assert lines[1].startswith("turn 1 monte-carlo held a slot: KeyboardInterrupt")
    assert lines[2].startswith("turn 3 live left the line: TimeoutError")
    assert lines[3].startswith("turn 2 generation held a slot: finished")
    freed = float(lines[1].rsplit("freed at ", 1)[1])
    assert abs(freed - time.time()) < 5  # wall-clock time, comparable with a client's clock


def test_one_owner_holds_at_most_its_share_of_places_and_gets_them_back():
    """A browser with two generations in line (two tabs) is refused a third at once; another browser is not;
    a place given back (finished or left) can be taken again."""
    from specviz.serving.queue import OwnerBusy

    queue = GenerationQueue(slots=1, per_owner=2)
    release, started = threading.Event(), threading.Event()

    def hold():
        with queue.turn(owner="alice"):
            started.set()
            release.wait(10)

    def wait_in_line():
        with queue.turn(owner="alice", poll_s=0.01):
            pass

    running = threading.Thread(target=hold)
    running.start()
    started.wait(5)
    waiting = threading.Thread(target=wait_in_line)
    waiting.start()
    time.sleep(0.2)  # alice: one running, one waiting
    with pytest.raises(OwnerBusy):
        with queue.turn(owner="alice"):
            pass
    assert queue.snapshot()["waiting"] == 1  # the refused request took no place
    release.set()
    running.join(5)
    waiting.join(5)
    with queue.turn(owner="alice", timeout_s=1):  # both places given back
        pass
    unlimited = GenerationQueue(slots=1)  # without a share, as before
    with unlimited.turn(owner="alice"), pytest.raises(TimeoutError):
        with unlimited.turn(owner="alice", timeout_s=0.2, poll_s=0.05):
            pass


def test_the_browser_token_is_the_same_in_every_tab_of_one_browser():
    """Three tabs of one Chromium sent these XSRF cookies: masked anew on each page load, one token underneath."""
    from pages.ui.hosting import browser_token

    tabs = ["2|574aad89|f1debd8baed4c64485d12815ffdb4d52|1796671179",
            "2|3bc1c851|9d55d853c25fa39ce95a4dcd9350288a|1796671179",
            "2|ba627f72|1cf66f7043fc14bf68f9faee12f39fa9|1796671179"]
    assert len({browser_token(cookie) for cookie in tabs}) == 1
    assert browser_token(tabs[0]) != browser_token("2|574aad89|f1debd8baed4c64485d12815ffdb4d53|1796671179")
    assert browser_token("2|zz|zz|1") == "2|zz|zz|1" and browser_token("plain") == "plain"  # taken as they are
