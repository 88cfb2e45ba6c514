"""The lesson's two promises side by side: recorded runs with one seed, the target alone and two students,
under the token rule and under coupled draws."""

from __future__ import annotations

from specviz.core.verifiers import VERIFIERS
from specviz.engine.trace import RunRecord
from specviz.text import fill, text

SHOWN_CHARACTERS = 70  # of each text: enough to see where two texts part


def who(record: RunRecord, lang: str) -> str:
    """Who wrote it: the target alone, or a student by the k they chose (or the budget schedule)."""
    if record.drafter == "none":
        return text("lesson.seeds.alone", lang)
    if record.settings.schedule == "budget":
        return text("lesson.seeds.budget", lang)
    return fill("lesson.seeds.k", lang, k=record.settings.k)


def opening(record: RunRecord) -> str:
    """The first characters of its text, newlines shown as ↵."""
    shown = record.text.replace("\n", "↵")
    return shown if len(shown) <= SHOWN_CHARACTERS else shown[:SHOWN_CHARACTERS] + "…"


def seed_rows(records: list[RunRecord], lang: str) -> list[dict]:
    """One row per run (all with one seed): who, the rule, whether it is the target alone's text under the same
    rule (the runs are compared token by token), and its text's opening."""
    alone = {r.verifier: r.token_ids for r in records if r.drafter == "none"}
    rows = []
    for record in records:
        same = record.token_ids == alone.get(record.verifier)
        rows.append({  # the verdict before the text, which a projector may cut at its right edge
            text("lesson.seeds.col.who", lang): who(record, lang),
            text("lesson.seeds.col.rule", lang): VERIFIERS.label(record.verifier, lang),
            text("lesson.seeds.col.same", lang): text("lesson.seeds.yes" if same else "lesson.seeds.no", lang),
            text("lesson.seeds.col.text", lang): opening(record),
        })
    return rows
