"""Where a copying drafter (prompt lookup) found its proposal: the text so far with the source highlighted."""

from __future__ import annotations

from specviz.engine.trace import RunRecord
from specviz.text import text
from specviz.viz.run_figures import visible_html

CONTEXT = 24  # tokens shown on either side of the copied span and before the end of the text
SOURCE, PROPOSED = "#ffd54f", "#ff7f0e"  # the copied span, and the copy itself at the end of the text


def history_texts(record: RunRecord, index: int) -> list[str] | None:
    """The text before cycle `index`, token by token (prompt included); None if the trace lacks the texts."""
    emitted = [t for c in record.cycles[:index] for t in c.emitted_texts]
    if not record.prompt_texts or len(emitted) != sum(len(c.emitted) for c in record.cycles[:index]):
        return None
    return record.prompt_texts + emitted


def copy_source_html(record: RunRecord, index: int, lang: str = "en") -> str | None:
    """HTML of the text before cycle `index`: the span the proposal was copied from highlighted, the proposal after.

    Long stretches between the span and the end of the text are shortened to "…".
    """
    cycle = record.cycles[index]
    history = history_texts(record, index)
    if not cycle.sources or history is None or max(cycle.sources) >= len(history):
        return None
    first, last = min(cycle.sources), max(cycle.sources)
    shown = set(range(max(0, first - CONTEXT), min(len(history), last + CONTEXT + 1)))
    shown |= set(range(max(0, len(history) - CONTEXT), len(history)))
    source_title = text("copy.source", lang)
    parts, previous = [], -1
    for i in sorted(shown):
        if i != previous + 1:
            parts.append('<span style="color:#999"> … </span>')
        token = visible_html(history[i])
        if first <= i <= last:
            token = (f'<mark class="sv-source" title="{source_title}" '
                     f'style="background:{SOURCE};border-bottom:3px solid #b28704">{token}</mark>')
        parts.append(token)
        previous = i
    proposal = "".join(visible_html(t) for t in cycle.proposed_texts)
    parts.append(f'<span class="sv-copy" title="{text("copy.proposal", lang)}" '
                 f'style="border:2px dashed {PROPOSED};margin-left:2px">{proposal}</span>')
    style = "font-family:monospace;line-height:1.9;white-space:pre-wrap;overflow-wrap:anywhere"
    return f'<div class="sv-copy-source" style="{style}">' + "".join(parts) + "</div>"
