"""A fair queue for generation on models shared by every session of one server.

Every session decodes with its own KV cache, so sessions cannot corrupt each
other's state; the queue exists because a CPU or a single GPU running ten
generations at once runs each of them ten times slower, and nobody sees
progress. With ``slots`` generations running at a time, the others wait in
first-come order, and each waiting caller hears its place in line.

A caller may name its owner (a browser): an owner holds at most ``per_owner``
places, waiting or running, so one student cannot fill the line from many tabs;
a further request is refused at once (``OwnerBusy``).

A caller that goes away while waiting (its ``on_wait`` callback raises, as a
Streamlit page does when its tab closes or its user reruns) leaves the line;
one that raises while generating frees its slot: ``turn`` releases it in a
``finally``. Nothing here depends on Streamlit.
"""

from __future__ import annotations

import itertools
import logging
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass


@dataclass
class TurnStats:
    """How long one caller waited for its turn, and where it stood when it joined."""

    waited_s: float = 0.0
    joined_at_position: int = 0  # 0 = served at once


class OwnerBusy(RuntimeError):
    """The owner already holds as many places in the queue as it may."""


log = logging.getLogger("specviz.queue")


def _log_end(number: int, what: str, role: str, ending: str, place: int, waited_s: float, held_s: float) -> None:
    """One line per turn, for the server's log and for load tests that read it."""
    log.info("turn %d %s %s: %s · place %d · waited %.2f s · held %.2f s · freed at %.3f",
             number, what, role, ending, place, waited_s, held_s, time.time())


class GenerationQueue:
    def __init__(self, slots: int = 1, per_owner: int | None = None):
        if slots < 1:
            raise ValueError("a queue needs at least one slot")
        self.slots, self.per_owner = slots, per_owner
        self._owners: dict[int, str] = {}  # number -> owner, for places taken by a named owner
        self._condition = threading.Condition()
        self._numbers = itertools.count()
        self._waiting: list[int] = []  # numbers in arrival order
        self._running: set[int] = set()
        self.completed = 0  # turns finished, normally or not

    def snapshot(self) -> dict[str, int]:
        with self._condition:
            return {"running": len(self._running), "waiting": len(self._waiting), "completed": self.completed}

    def _position(self, number: int) -> int:
        """1 for the first in line (next to run), 2 for the one after it, ..."""
        return self._waiting.index(number) + 1

    def _admissible(self, number: int) -> bool:
        free = self.slots - len(self._running)
        return free > 0 and self._position(number) <= free

    @contextmanager
    def turn(self, on_wait: Callable[[int], None] | None = None, poll_s: float = 0.25,
             timeout_s: float | None = None, what: str = "generation",
             owner: str | None = None) -> Iterator[TurnStats]:
        """Wait for a slot (calling ``on_wait(position)`` while in line), hold it for the block, then free it.

        Raises TimeoutError after `timeout_s` in line; whatever ``on_wait`` raises
        is passed on after the caller has left the line. Each turn's end is logged
        (logger ``specviz.queue``) with `what` ran, how it ended and the wall-clock
        time the slot came free.
        """
        started = time.perf_counter()
        with self._condition:
            held = sum(1 for taken in self._owners.values() if owner is not None and taken == owner)
            if self.per_owner is not None and held >= self.per_owner:
                raise OwnerBusy(f"this browser already has {held} generation(s) running or waiting")
            number = next(self._numbers)
            self._waiting.append(number)
            if owner is not None:
                self._owners[number] = owner
            stats = TurnStats(joined_at_position=0 if self._admissible(number) else self._position(number))
        try:
            self._wait_for_slot(number, on_wait, poll_s, timeout_s, started)
        except BaseException as error:
            with self._condition:
                self._waiting.remove(number)
                self._owners.pop(number, None)
                self._condition.notify_all()  # the ones behind moved up
            _log_end(number, what, "left the line", type(error).__name__, stats.joined_at_position,
                     time.perf_counter() - started, 0.0)
            raise
        stats.waited_s = time.perf_counter() - started
        held_from, ending = time.perf_counter(), "finished"
        try:
            yield stats
        except BaseException as error:
            ending = type(error).__name__  # a page's StopException: its user pressed Stop, reran or left
            raise
        finally:
            with self._condition:
                self._running.discard(number)
                self._owners.pop(number, None)
                self.completed += 1
                self._condition.notify_all()
            _log_end(number, what, "held a slot", ending, stats.joined_at_position, stats.waited_s,
                     time.perf_counter() - held_from)

    def _wait_for_slot(self, number: int, on_wait, poll_s: float, timeout_s: float | None, started: float) -> None:
        while True:
            with self._condition:
                if self._admissible(number):
                    self._waiting.remove(number)
                    self._running.add(number)
                    return
                position = self._position(number)
            if timeout_s is not None and time.perf_counter() - started > timeout_s:
                raise TimeoutError(f"still number {position} in the queue after {timeout_s:.0f} s")
            # Told on every poll, not only on change: for a web page the call is
            # also how it notices that its user has gone.
            if on_wait is not None:
                on_wait(position)
            with self._condition:
                if not self._admissible(number):
                    self._condition.wait(timeout=poll_s)
