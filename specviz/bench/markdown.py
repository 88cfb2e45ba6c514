"""The benchmark report as Markdown: the same tables and sentences as the Benchmark page shows."""

from __future__ import annotations

from specviz.bench.contracts import BenchReport
from specviz.bench.tables import ReportTable, report_view


def _table(table: ReportTable) -> list[str]:
    lines = [table.intro, ""] if table.intro else []
    lines += ["| " + " | ".join(table.columns) + " |", "|" + "---|" * len(table.columns)]
    return lines + ["| " + " | ".join(row) + " |" for row in table.rows]


def markdown_report(report: BenchReport, lang: str = "en") -> str:
    """The report as Markdown; `lang` "it" for the app's Italian pages (files are written in English)."""
    view = report_view(report, lang)
    lines = [f"# {view.title}", "", view.setup]
    for table in view.tables:
        lines += ["", *_table(table)]
    for note in view.notes:
        lines += ["", note]
    return "\n".join(lines) + "\n"
