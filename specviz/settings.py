"""The settings a session starts from and a shared link may carry, checked against specviz/limits.py.

Pure functions (no Streamlit): the pages' session setup (pages/ui/session.py)
calls them, and the tests call them directly.
"""

from __future__ import annotations

import json
from pathlib import Path

from specviz import limits
from specviz.core.verifiers import AUTO, verifier_choices
from specviz.engine.decoder import DecodeConfig
from specviz.engine.drafters import exact_drafters
from specviz.engine.schedules import schedule_names
from specviz.models.registry import DEFAULT_DRAFT, DEFAULT_TARGET, REGISTRY
from specviz.text import LANGUAGES

ASSETS = Path(__file__).resolve().parents[1] / "assets"

_DECODE = DecodeConfig()  # the decoding defaults, one place for the app and the CLI
DEFAULTS = {
    "lang": "en",
    "draft": DEFAULT_DRAFT,
    "target": DEFAULT_TARGET,
    "k": _DECODE.k,
    "schedule": _DECODE.schedule,
    "drafter": _DECODE.drafter,
    "verifier": AUTO,  # the token rule if greedy, coupled draws if sampling (specviz/core/verifiers)
    "temperature": _DECODE.policy.temperature,
    "top_k": _DECODE.policy.top_k,
    "top_p": _DECODE.policy.top_p,
    "max_new_tokens": 48,  # the page's own: a shorter first run than `generate`'s, so a class waits less
    "seed": _DECODE.seed,
    "chat": False,
    "prompt": "def fibonacci(n):\n    \"\"\"Return the n-th Fibonacci number.\"\"\"\n",
    "runs": [],  # finished runs of this session, newest last
    "baseline": None,  # the latest target-only run, for the measured budget
    "presentation": False,  # projector mode: larger text, discarded tokens hidden, stronger colours
}

# Settings a teacher can put in a shared link, e.g. /live?lang=it&k=6&temperature=0.7
SHAREABLE = ("lang", "drafter", "draft", "target", "k", "schedule", "verifier", "temperature", "top_k", "top_p",
             "max_new_tokens", "seed", "presentation")


def named_choices() -> dict[str, tuple[str, ...]]:
    """The names a link may give each named setting: what the registries hold when it is read."""
    return {"lang": tuple(LANGUAGES), "schedule": schedule_names(), "verifier": verifier_choices(),
            "drafter": exact_drafters()}


# Settings of one view that a link may carry beside SHAREABLE (the lesson's "show me" links, a teacher's link to a
# lesson step): numbers by their range, names by their longest length. The page that owns a name checks it
# against its own choices before using it.
VIEW_LINKS: dict[str, limits.Range | int] = {
    "lesson_step": limits.IntRange("lesson step", 1, 50),
    "focus": 40,  # where a "show me" link lands: the name a page gives that place (session.focus_here)
    "toy_preset": 60, "budget_preset": 60, "bench_saved": 80, "lab_rule": 60,
    "lab_runs": limits.EXACTNESS_RUNS,
    "replay_example": 80, "replay_cycle": limits.IntRange("cycle", 1, 100_000),
    "replay_frame": limits.IntRange("frame", 1, 5),
    "verifiers_example": 80, "verifiers_cycle": limits.IntRange("cycle", 1, 100_000),
    "policy_temperature": limits.FloatRange("temperature", 0.1, 2.0), "policy_top_k": limits.IntRange("top-k", 0, 6),
    "policy_top_p": limits.FloatRange("top-p", 0.05, 1.0),
    "tokenizer_sentence": 300,
}
LINK_NONCE = "show"  # a number that makes each click on a "show me" link a new link, applied even a second time


def initial_pair(allowed: tuple[str, ...]) -> tuple[str, str]:
    """The (draft, target) a new session starts with: the default pair where the host allows it, else the first
    allowed pair of one vocabulary (a draft-tagged model before a target-tagged one), else one model twice."""
    if DEFAULT_DRAFT in allowed and DEFAULT_TARGET in allowed:
        return DEFAULT_DRAFT, DEFAULT_TARGET
    known = [name for name in allowed if name in REGISTRY]
    for draft in sorted(known, key=lambda name: "draft" not in REGISTRY[name].tags):
        for target in sorted(known, key=lambda name: "target" not in REGISTRY[name].tags):
            if target != draft and REGISTRY[draft].tokenizer_family == REGISTRY[target].tokenizer_family:
                return draft, target
    first = known[0] if known else allowed[0]
    return first, first


def view_link_value(key: str, raw: str):
    """A link's value for one view setting: a number in its range or a bounded name; None when it does not fit."""
    allowed = VIEW_LINKS[key]
    if isinstance(allowed, int):
        return raw if 0 < len(raw) <= allowed else None
    try:
        value = int(raw) if allowed.integer else float(raw)
    except (ValueError, OverflowError):
        return None
    return value if allowed.contains(value) else None


def widget_ranges(max_k: int, max_new_tokens: int) -> dict[str, limits.Range]:
    """The widgets' ranges within the host's caps; a shared link's values outside them are ignored."""
    return {"k": limits.IntRange("k", limits.K.low, max_k), "temperature": limits.WIDGET_TEMPERATURE,
            "top_k": limits.WIDGET_TOP_K, "top_p": limits.WIDGET_TOP_P,
            "max_new_tokens": limits.IntRange("max new tokens", 1, max_new_tokens), "seed": limits.WIDGET_SEED}


def from_query(key: str, raw: str, ranges: dict):
    """A shared link's value converted to the default's type; None (ignored) when it does not convert or fit."""
    default = DEFAULTS[key]
    if isinstance(default, bool):  # "presentation=1" or "=true" turns a switch on; anything else leaves it off
        return raw.strip().lower() in ("1", "true", "yes", "on")
    try:
        value = type(default)(raw) if not isinstance(default, str) else raw[:200]
    except (ValueError, OverflowError):
        return None
    allowed = ranges.get(key)
    if allowed is not None:
        return value if allowed.contains(value) else None
    choices = named_choices()
    return value if key not in choices or value in choices[key] else None


def example_prompts() -> dict[str, str]:
    """Example prompts from assets/prompts, labelled by set and first words."""
    examples = {}
    for path in sorted((ASSETS / "prompts").glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines()[:4]:
            item = json.loads(line)
            examples[f"{item['set']}: {item['prompt'][:48]}"] = item["prompt"]
    return examples
