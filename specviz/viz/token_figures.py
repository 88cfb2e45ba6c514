"""The tokenizer view's pieces: one sentence as each tokenizer cuts it, and each id in every vocabulary (HTML)."""

from __future__ import annotations

import html

from specviz.models.tokenizers import Comparison, Tokenization
from specviz.text import text as tr

PALETTE = ("#1f77b4", "#ff7f0e", "#2ca02c", "#9467bd", "#8c564b", "#e377c2")  # pieces alternate colours


def _shown(piece: str) -> str:
    """A piece as HTML, its spaces made visible (␣) so that " dec" and "dec" differ on screen."""
    visible = "".join(ch if ch.isprintable() or ch in " \n" else f"\\x{ord(ch):02x}" for ch in piece)
    return html.escape(visible.replace(" ", "␣").replace("\n", "⏎"))


def pieces_html(cut: Tokenization) -> str:
    """Each piece as a coloured chip with its id underneath."""
    chips = []
    for n, (token_id, piece) in enumerate(zip(cut.ids, cut.pieces)):
        colour = PALETTE[n % len(PALETTE)]
        chips.append(f'<span style="display:inline-block;margin:2px;padding:2px 5px;border-radius:4px;'
                     f'background:{colour}22;border-bottom:3px solid {colour};text-align:center">'
                     f'<span style="font-family:monospace;white-space:pre">{_shown(piece)}</span><br>'
                     f'<small style="color:#555">{token_id}</small></span>')
    return '<div class="sv-tokens" style="line-height:1.4">' + "".join(chips) + "</div>"


def same_id_html(comparison: Comparison, lang: str = "en") -> str:
    """A table: each id one tokenizer produced, which tokenizer(s) produced it, and its text in every vocabulary."""
    models = [cut.model for cut in comparison.tokenizations]
    producers = {}
    for cut in comparison.tokenizations:
        for token_id in cut.ids:
            producers.setdefault(token_id, []).append(cut.model)
    head = "".join(f"<th>{html.escape(name)}</th>" for name in models)
    rows = []
    for token_id, texts in sorted(comparison.elsewhere.items()):
        made = list(dict.fromkeys(producers.get(token_id, [])))
        cells = "".join(
            "<td>—</td>" if texts.get(name) is None else
            f'<td style="font-family:monospace;white-space:pre{";font-weight:bold" if name in made else ""}">'
            f"{_shown(texts[name])}</td>" for name in models)
        producers_text = html.escape(" · ".join(made))
        rows.append(f"<tr><td>{token_id}</td><td>{producers_text}</td>{cells}</tr>")
    cell = "padding:3px 14px;border-bottom:1px solid #ddd;text-align:left"  # readable columns on a projector
    return (f'<style>.sv-same-id td, .sv-same-id th {{{cell}}}</style>'
            f'<table class="sv-same-id" style="border-collapse:collapse"><tr><th>{tr("tokenizers.col_id", lang)}</th>'
            f'<th>{tr("tokenizers.col_from", lang)}</th>{head}</tr>' + "".join(rows) + "</table>")
