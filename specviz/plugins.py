"""A registry of interchangeable classes by name: drafters, verifiers and schedules are each one of these.

Adding a drafter, a verifier or a schedule is one class with one decorator line, in
one module; the CLI, the pages, the cycle view and the traces find it by its ``name``.
A registered class declares:
- ``name`` (the key written into traces) and ``exact`` (False keeps it out of every picker);
- ``order``: where the pickers list it (a class without one is never listed);
- ``label`` and ``help``: (English, Italian) pairs, its name and one sentence for the pickers,
  registered as the texts ``<kind>.<name>`` and ``<kind>.<name>.help``;
- ``texts``: any further sentences it uses, by key, each an (English, Italian) pair.
"""

from __future__ import annotations

from collections.abc import Iterator

from specviz.errors import SpecvizError
from specviz.text import STRINGS, add_texts, fill, remove_texts, text


class Registry:
    def __init__(self, kind: str):
        self.kind = kind  # "drafter", "verifier": used in messages
        self._classes: dict[str, type] = {}

    def register(self, cls: type) -> type:
        """Class decorator: make `cls` available by its `name`."""
        assert cls.name not in self._classes, f"a {self.kind} named {cls.name!r} is already registered"
        add_texts(self._texts(cls))
        self._classes[cls.name] = cls
        return cls

    def unregister(self, name: str) -> None:
        remove_texts(self._texts(self._classes.pop(name)))

    def _texts(self, cls: type) -> dict[str, tuple[str, str]]:
        """The sentences a class brings, by key (its own `texts`, with a subclass's label and help if it adds them)."""
        own = dict(vars(cls).get("texts", {}))
        for attribute, key in (("label", f"{self.kind}.{cls.name}"), ("help", f"{self.kind}.{cls.name}.help")):
            if attribute in vars(cls):
                own[key] = vars(cls)[attribute]
        return own

    def listed(self) -> tuple[str, ...]:
        """What the pickers and the CLI offer: the exact classes that declare an `order`, in that order."""
        offered = [(cls.order, name) for name, cls in self._classes.items()
                   if getattr(cls, "exact", True) and hasattr(cls, "order")]
        return tuple(name for _, name in sorted(offered))

    def help(self, lang: str = "en", **fields) -> str:
        """One sentence per listed class, in the pickers' order, with `fields` filled in: the pickers' help."""
        return " ".join(fill(f"{self.kind}.{name}.help", lang, **fields) for name in self.listed()
                        if f"{self.kind}.{name}.help" in STRINGS)

    def choices_help(self) -> str:
        """The listed names with what each is, for a command's --help: "model: draft model; ngram: ..."."""
        described = [(name, self.label(name)) for name in self.listed()]
        return "; ".join(label if label.startswith(f"{name}:") else f"{name}: {label}" for name, label in described)

    def label(self, name: str, lang: str = "en") -> str:
        """A class's name as a reader of `lang` writes it; an unknown name stays as it is."""
        key = f"{self.kind}.{name}"
        return text(key, lang) if key in STRINGS else str(name)

    def get(self, name: str) -> type:
        """The class registered as `name`; a one-line SpecvizError for an unknown name."""
        try:
            return self._classes[name]
        except (KeyError, TypeError):
            raise SpecvizError(f"unknown {self.kind} {name!r} (use {', '.join(self._classes)})") from None

    def find(self, name: object) -> type | None:
        """The class registered as `name`, or None (a trace may name a class this install does not have)."""
        return self._classes.get(name) if isinstance(name, str) else None

    def __contains__(self, name: object) -> bool:
        return name in self._classes

    def __iter__(self) -> Iterator[str]:
        return iter(self._classes)

    def items(self):
        return self._classes.items()
