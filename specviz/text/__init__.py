"""Every sentence the app shows, in English and Italian, and the shared glossary.

Pages look strings up by key (``text(key, lang)``); the glossary's terms are
reused in labels and help tooltips, so a word means one thing everywhere.
"""

from __future__ import annotations

import string

from specviz.text.app_text import APP
from specviz.text.bench_text import BENCH
from specviz.text.drafter_text import DRAFTERS_TEXT
from specviz.text.figure_text import FIGURES
from specviz.text.lesson_practice_text import LESSON_PRACTICE
from specviz.text.lesson_text import LESSON
from specviz.text.page_text import PAGES
from specviz.text.verifier_text import VERIFIERS_TEXT

LANGUAGES = {"en": "English", "it": "Italiano"}

GLOSSARY = {
    "draft": ("The small, fast model that proposes tokens; q is its distribution.",
              "Il modello piccolo e veloce che propone i token; q è la sua distribuzione."),
    "target": ("The large model whose distribution p the output must follow exactly.",
               "Il modello grande: l'output deve seguire esattamente la sua distribuzione p."),
    "proposal": ("The k tokens the draft samples, one by one, in a cycle.",
                 "I k token che il draft campiona, uno alla volta, in un ciclo."),
    "accepted prefix": ("The proposed tokens before the first rejection; each passed u < min(1, p/q).",
                        "I token proposti prima del primo rifiuto; ciascuno ha superato u < min(1, p/q)."),
    "residual": ("max(p − q, 0), normalised over the vocabulary: the mass the draft under-proposes.",
                 "max(p − q, 0), normalizzato sul vocabolario: la massa che il draft propone troppo poco."),
    "correction": ("The token drawn from the residual at the first rejection.",
                   "Il token estratto dal residuo al primo rifiuto."),
    "bonus": ("When all k proposals pass, one more token drawn from p after them, from the same target pass.",
              "Se tutte le k proposte passano, un token in più estratto da p, dallo stesso passaggio del target."),
}

# Every sentence, by key: (English, Italian). The tables live beside this file, one per part of the app.
TABLES = (APP, BENCH, PAGES, FIGURES, LESSON, LESSON_PRACTICE, VERIFIERS_TEXT, DRAFTERS_TEXT)
STRINGS: dict[str, tuple[str, str]] = {key: value for table in TABLES for key, value in table.items()}
assert len(STRINGS) == sum(len(table) for table in TABLES), "a key is defined in two tables"


def add_texts(table: dict[str, tuple[str, str]]) -> None:
    """Add a plugin's sentences (a drafter's, a verifier's, a schedule's) to the tables, each key once."""
    for key, pair in table.items():
        assert key not in STRINGS, f"the text {key!r} is defined twice"
        assert isinstance(pair, tuple) and len(pair) == 2 and all(isinstance(s, str) and s for s in pair), (
            f"the text {key!r} needs an English and an Italian sentence")
    STRINGS.update(table)


def remove_texts(table: dict[str, tuple[str, str]]) -> None:
    for key in table:
        STRINGS.pop(key, None)


def text(key: str, lang: str = "en") -> str:
    english, italian = STRINGS[key]
    return italian if lang == "it" else english


def number(value: float | int, lang: str = "en", digits: int = 2) -> str:
    """`value` as each language writes it: 1,234.56 in English, 1.234,56 in Italian (integers keep no decimals)."""
    shown = f"{value:,}" if isinstance(value, int) else f"{value:,.{digits}f}"
    return shown.translate(str.maketrans(",.", ".,")) if lang == "it" else shown


class _LanguageFormatter(string.Formatter):
    """str.format, with every number's separators written the language's way (Italian: 0,25 and 1.000)."""

    def __init__(self, lang: str):
        self.lang = lang

    def format_field(self, value, format_spec: str) -> str:
        shown = super().format_field(value, format_spec)
        if self.lang == "it" and isinstance(value, (int, float)) and not isinstance(value, bool):
            return shown.translate(str.maketrans(",.", ".,"))
        return shown


COUNTS = ("n", "count")  # the fields that count things: `key.one` is the sentence for 1, `key.zero` for none


def fill(key: str, lang: str = "en", **fields) -> str:
    """The sentence `key` in `lang` with its fields filled in, numbers written as that language writes them.

    Where the sentence has a form for one (`key.one`) or none (`key.zero`) and its count field says so, that
    form is used: "1 token", not "1 tokens"; "no proposal passed", not "0 proposal(s)".
    """
    for form, count in (("one", 1), ("zero", 0)):
        if f"{key}.{form}" in STRINGS and any(fields.get(name) == count for name in COUNTS):
            key = f"{key}.{form}"
            break
    return _LanguageFormatter(lang).format(text(key, lang), **fields)


def numbers(values: dict, lang: str = "en", digits: int = 2) -> dict[str, str]:
    """Each number of `values` written by `number` (text stays as it is): the fields of a sentence to format."""
    return {key: number(value, lang, digits) if isinstance(value, (int, float)) and not isinstance(value, bool)
            else value for key, value in values.items()}


# The glossary's terms as a reader of each language names them.
TERMS = {"draft": ("draft", "draft"), "target": ("target", "target"), "proposal": ("proposal", "proposta"),
         "accepted prefix": ("accepted prefix", "prefisso accettato"), "residual": ("residual", "residuo"),
         "correction": ("correction", "correzione"), "bonus": ("bonus", "bonus")}


def term(name: str, lang: str = "en") -> str:
    english, italian = TERMS[name]
    return italian if lang == "it" else english


def glossary(term: str, lang: str = "en") -> str:
    english, italian = GLOSSARY[term]
    return italian if lang == "it" else english


_MARKDOWN_SPECIALS = set("\\`*_{}[]()<>#+-.!|~$:=")


def literal(value: object, limit: int = 300) -> str:
    """`value` as text that Streamlit's Markdown shows exactly as written.

    Model names, error messages and trace fields can hold anything a user or a
    file put there: every Markdown, HTML and LaTeX character is escaped, control
    characters are shown as \\xNN, and the length is bounded.
    """
    text = str(value)
    shown = text[:limit] + ("…" if len(text) > limit else "")
    return "".join(f"\\{ch}" if ch in _MARKDOWN_SPECIALS else ch if ch.isprintable() else f"\\\\x{ord(ch):02x}"
                   for ch in shown)
