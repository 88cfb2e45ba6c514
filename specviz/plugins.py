"""A registry of interchangeable classes by name: drafters and verifiers are each one of these.

Adding a drafter or a verifier is one class with one decorator line; the CLI,
the pages and the traces find it by its ``name``.
"""

from __future__ import annotations

from collections.abc import Iterator

from specviz.errors import SpecvizError


class Registry:
    def __init__(self, kind: str):
        self.kind = kind  # "drafter", "verifier": used in messages
        self._classes: dict[str, type] = {}

    def register(self, cls: type) -> type:
        """Class decorator: make `cls` available by its `name`."""
        assert cls.name not in self._classes, f"a {self.kind} named {cls.name!r} is already registered"
        self._classes[cls.name] = cls
        return cls

    def unregister(self, name: str) -> None:
        del self._classes[name]

    def get(self, name: str) -> type:
        """The class registered as `name`; a one-line SpecvizError for an unknown name."""
        try:
            return self._classes[name]
        except (KeyError, TypeError):
            raise SpecvizError(f"unknown {self.kind} {name!r} (use {', '.join(self._classes)})") from None

    def __contains__(self, name: object) -> bool:
        return name in self._classes

    def __iter__(self) -> Iterator[str]:
        return iter(self._classes)

    def items(self):
        return self._classes.items()
