"""Prompts a reader brings to the Benchmark page: typed one per line, or uploaded as JSON lines.

A refusal names what is wrong in one sentence of the page's language
(`OwnPromptsRefused.key` and `.fields`), so nothing typed is lost to a traceback.
"""

from __future__ import annotations

import json

from specviz.bench.contracts import Prompt
from specviz.errors import SpecvizError
from specviz.limits import OWN_PROMPTS

OWN_SET = "own"  # the prompt set the report names them by


class OwnPromptsRefused(SpecvizError):
    """Why the prompts cannot run: a text key of specviz.text and its fields."""

    def __init__(self, key: str, **fields):
        super().__init__(f"{key}: {fields}")
        self.key, self.fields = key, fields


def _typed(typed: str) -> list[str]:
    """One prompt per non-empty line of the text box."""
    return [line.strip() for line in typed.splitlines() if line.strip()]


def _uploaded(data: bytes) -> list[str]:
    """The "prompt" of each JSON line of an upload (the format of assets/prompts/*.jsonl)."""
    try:
        lines = data.decode("utf-8-sig").splitlines()  # a byte-order mark (Windows editors) is not content
    except UnicodeDecodeError:
        raise OwnPromptsRefused("own.not_utf8") from None
    prompts = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            item = json.loads(line)
            prompt = item["prompt"]
        except (ValueError, KeyError, TypeError, RecursionError):  # RecursionError: nesting too deep to read
            raise OwnPromptsRefused("own.bad_line", line=number) from None
        if not isinstance(prompt, str) or not prompt.strip():
            raise OwnPromptsRefused("own.bad_line", line=number)
        prompts.append(prompt)
    return prompts


def own_prompts(typed: str, upload: bytes | None, max_chars: int) -> list[Prompt]:
    """The typed and uploaded prompts, checked against the page's limits, as the benchmark's prompts."""
    texts = _typed(typed) + (_uploaded(upload) if upload is not None else [])
    if not texts:
        raise OwnPromptsRefused("own.empty")
    if len(texts) > OWN_PROMPTS.high:
        raise OwnPromptsRefused("own.too_many", count=len(texts), most=OWN_PROMPTS.high)
    for number, text in enumerate(texts, 1):
        if len(text) > max_chars:
            raise OwnPromptsRefused("own.too_long", number=number, length=len(text), most=max_chars)
    return [Prompt(f"{OWN_SET}-{number:02d}", OWN_SET, text) for number, text in enumerate(texts, 1)]
