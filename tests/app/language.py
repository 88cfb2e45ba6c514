"""What a page shows a reader, as strings, and the words that give away the other language.

`shown_strings` walks an AppTest page: titles, headings, text, captions, alerts, widget labels,
help and options, metric labels and values, table headers and text cells, and each chart's
title, axis titles, legend names and annotations. `foreign_words` finds words of the other
language in a string. Words both languages use (token, draft, target, greedy, bonus, ...) and
symbols are not counted; neither is a token's own text (the model's output, in any language), which
the pages write as Markdown code, nor any other code span (a file name).
"""

from __future__ import annotations

import json
import re

# Words that appear in English UI text and are not Italian (nor shared technical terms).
ENGLISH = frozenset("""
the and of with to from this that these those is are was were be been being has have had it its by
for at on each every which what when where who whose why how not only than then there their they
them you your we our can cannot could would should will may must more less most least all any some
many much one two three first last next previous time times run runs running step steps cycle
cycles chosen proposed position positions probability probabilities accepted rejected rejection
rejections measured predicted alone speculative distribution rate samples sample sampled exact
exactly rule rules residual correction degrees freedom value total variation fits checks check
shows show click choose pick seconds tokens acceptance result results expected observed load
loading waiting ready failed finished stopped stop keep kept left right write written words word
text page view lesson question answer solution exercise open hide example examples own chart table
legend title axis language generate generated generation slower faster cost costs target's
draft's model models pair pairs memory free used queue place turn waited best setting settings
distance grows comes out near article verification disjoint supports about between after before
also just still here into over under
constant heuristic dynamic italian mixed baseline assisted lookup counters prompts editing
""".split())

# Words that appear in Italian UI text and are not English.
ITALIAN = frozenset("""
il lo la gli le un una uno dei delle degli del della dello nel nella con tra fra che non
sono è era questo questa questi quelle quello ogni quale quali quando dove come perché solo
più meno tutti tutte primo prima ultimo ultima prossimo precedente tempo volte esecuzione passo
passi ciclo cicli scelto proposto posizione probabilità accettato accettati rifiutato misurato
previsto speculativo distribuzione campioni regola residuo correzione gradi libertà valore
risultato risultati atteso osservato caricamento attesa pronto fermato testo pagina lezione
domanda risposta soluzione esercizio apri nascondi esempio esempi modello modelli coppia memoria
coda posto turno generazione velocità costo costi bilancio
""".split())

WORD = re.compile(r"[A-Za-zÀ-ÿ']+")
# Names both languages use as they are: not counted as English in Italian text.
SHARED_PHRASES = ("speculative decoding", "assisted generation", "p-value")
# Widgets whose options are content (example prompts, file names), not interface.
CONTENT_WIDGETS = {"example", "replay_example", "verifiers_example", "bench_saved"}
CODE_SPAN = re.compile(r"`[^`]*`")  # Markdown code: a token's text, a file name


def foreign_words(text: str, language: str) -> list[str]:
    """Words of the language other than `language` in `text` (lower-cased, in order)."""
    other = ENGLISH if language == "it" else ITALIAN
    lowered = CODE_SPAN.sub(" ", text.lower())
    for phrase in SHARED_PHRASES:
        lowered = lowered.replace(phrase, " ")
    words = [w.strip("'") for w in WORD.findall(lowered)]
    return [w for w in words if w in other]


def shown_strings(at) -> list[str]:
    """Every string the page shows a reader, except tokens' own text (see the module docstring)."""
    shown: list[str] = []
    for kind in ("title", "header", "subheader", "markdown", "caption", "info", "success", "warning", "error",
                 "exception", "text"):
        shown += [element.value for element in at.get(kind) if isinstance(element.value, str)]
    for kind in ("button", "checkbox", "toggle", "radio", "selectbox", "multiselect", "slider", "select_slider",
                 "number_input", "text_input", "text_area"):
        for widget in at.get(kind):
            shown += [widget.label] + ([widget.help] if getattr(widget, "help", None) else [])
            if kind in ("radio", "selectbox", "multiselect") and widget.key not in CONTENT_WIDGETS:
                shown += [str(option) for option in widget.options]
    for metric in at.metric:
        shown += [metric.label, str(metric.value)]
    for frame in at.dataframe:
        table = frame.value
        shown += [str(column) for column in table.columns]
        for column in table.columns:
            if table[column].dtype == object and str(column) not in TOKEN_COLUMNS:
                shown += [str(value) for value in table[column] if isinstance(value, str)]
    for chart in at.get("plotly_chart"):
        shown += chart_strings(json.loads(chart.proto.spec))
    for html in at.get("html"):  # the token text itself is the model's output: only the legend-like parts
        shown += [piece for piece in re.findall(r'title="([^"]*)"', html.proto.body)]
    return [s for s in shown if s and s.strip()]


TOKEN_COLUMNS = {"token", "proposed", "speculative", "target alone", "testo", "token proposto"}


def chart_strings(spec: dict) -> list[str]:
    layout = spec.get("layout", {})
    shown = [_title(layout.get("title"))]
    for axis in [key for key in layout if key.startswith(("xaxis", "yaxis"))]:
        shown.append(_title(layout[axis].get("title")))
    shown += [trace.get("name", "") for trace in spec.get("data", [])]
    shown += [annotation.get("text", "") for annotation in layout.get("annotations", [])]
    return [s for s in shown if s]


def _title(title) -> str:
    if isinstance(title, dict):
        return title.get("text", "") or ""
    return title or ""
