"""Getting the default pair ready before the first Run: conversion at server start, loading on first visit.

``specviz serve`` starts ``specviz prepare`` for the default pair in the
background as the server starts (the conversion of a packaged model takes
minutes on a CPU), and sets SPECVIZ_APP_PRELOAD=1 for the app. The app's first page
view then loads the pair into the server's shared model cache in a background
thread (``Preload``), waiting for the conversion where it is still running:
the first Run waits only for what is left, and the Live page shows where the
preparation stands.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from specviz.models.loader import convert, needs_conversion
from specviz.models.registry import DEFAULT_DRAFT, DEFAULT_TARGET

ENABLED = "SPECVIZ_APP_PRELOAD"  # set to 1 by `specviz serve` for the app it starts


def default_pair(allowed: tuple[str, ...]) -> list[tuple[str, str]]:
    """(name, role) of the default pair's models that the host allows, target first."""
    return [(name, role) for name, role in ((DEFAULT_TARGET, "target"), (DEFAULT_DRAFT, "draft")) if name in allowed]


def start_preparing(allowed: tuple[str, ...], log: Path) -> subprocess.Popen | None:
    """Convert the default pair in a background process, if any of it needs converting."""
    names = [name for name, _ in default_pair(allowed) if needs_conversion(name)]
    if not names:
        return None
    log.parent.mkdir(parents=True, exist_ok=True)
    with open(log, "w") as out:  # the child keeps its own handle
        return subprocess.Popen([sys.executable, "-m", "specviz", "prepare", *names], stdout=out,
                                stderr=subprocess.STDOUT, start_new_session=True)


@dataclass
class Preload:
    """The default pair being made ready in the server: one background thread, its state readable by pages."""

    models: list[tuple[str, str]]
    state: dict[str, str] = field(default_factory=dict)  # name -> waiting, converting, memory, loading, ready, failed
    converted: dict[str, float] = field(default_factory=dict)  # name -> fraction of its conversion done
    errors: dict[str, str] = field(default_factory=dict)
    thread: threading.Thread | None = None

    def start(self, load: Callable[[str, str, Callable[[str, float], None]], object]) -> None:
        """Load each model with `load(name, role, progress)` (the server's shared cache) in a daemon thread."""
        self.state = {name: "waiting" for name, _ in self.models}
        self.thread = threading.Thread(target=self._run, args=(load,), name="specviz-preload", daemon=True)
        self.thread.start()

    def _run(self, load) -> None:
        for name, role in self.models:
            try:
                if needs_conversion(name):
                    self.state[name] = "converting"
                    convert(name, lambda message, fraction, name=name: self._converting(name, fraction))
                self.state[name] = "loading"
                load(name, role, lambda message, fraction, name=name: self._loading(name, message))
                self.state[name] = "ready"
            except Exception as error:  # a page's own load reports it to its user
                self.state[name] = "failed"
                self.errors[name] = str(error).splitlines()[0][:200] if str(error) else type(error).__name__

    def _loading(self, name: str, message: str) -> None:
        """A load's progress: "waiting for memory …" while the memory plan holds it back, then loading."""
        self.state[name] = "memory" if message.startswith("waiting for memory") else "loading"

    def _converting(self, name: str, fraction: float) -> None:
        self.converted[name] = min(max(fraction, 0.0), 1.0)

    @property
    def done(self) -> bool:
        return all(state in ("ready", "failed") for state in self.state.values())


def enabled() -> bool:
    return os.environ.get(ENABLED) == "1"
