"""A benchmark configuration's name as a reader of each language says it.

`specviz bench` names a configuration for its command line: "hf-assisted k=4 heuristic T=0.8 block ngram" is
the implementation, k, the schedule, the temperature, then the verifier and the drafter where they are not the
defaults. A page shows it in words: each part through the text tables and the registries, numbers written the
language's way; a part this version does not know stays as written.
"""

from __future__ import annotations

from specviz.core.verifiers import VERIFIERS
from specviz.engine.drafters import DRAFTERS
from specviz.engine.schedules import SCHEDULES
from specviz.text import STRINGS, text

IMPLEMENTATIONS = ("specviz", "specviz-baseline", "specviz-counters", "hf-target", "hf-assisted", "hf-prompt-lookup",
                   "hf-universal")
PROMPT_SETS = ("all", "code", "edit", "italian", "mixed")


def _part(word: str, lang: str) -> str:
    name, _, value = word.partition("=")
    if value and name in ("k", "T"):
        try:
            float(value)
        except ValueError:
            return word
        return f"{name} = {value.replace('.', ',') if lang == 'it' else value}"  # as written, the language's comma
    for registry in (SCHEDULES, VERIFIERS, DRAFTERS):
        if word in registry:
            return registry.label(word, lang)
    return word


def config_label(config: str, lang: str = "en") -> str:
    """`config` in words: "Hugging Face assisted generation · k = 4 · heuristic (as Hugging Face) · T = 0,8"."""
    implementation, *rest = config.split() or [""]
    key = f"bench.impl.{implementation}"
    shown = text(key, lang) if key in STRINGS else implementation
    return " · ".join([shown] + [_part(word, lang) for word in rest])


def prompt_set_label(prompt_set: str, lang: str = "en") -> str:
    key = f"bench.set.{prompt_set}"
    return text(key, lang) if key in STRINGS else prompt_set
