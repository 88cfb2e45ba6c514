"""The benchmark report in Italian: the same tables, numbers with a decimal comma; the English text unchanged.

Older committed .md files were written by earlier versions of the report, so only the newest is compared."""

import json
import re
from pathlib import Path

import pytest

from specviz.bench.contracts import BenchReport
from specviz.bench.markdown import markdown_report

REPORTS = sorted((Path(__file__).resolve().parents[2] / "assets" / "bench").glob("*.json"))


@pytest.mark.parametrize("path", REPORTS, ids=lambda p: p.stem)
def test_italian_tables_write_decimals_with_a_comma_and_english_matches_the_committed_markdown(path):
    report = BenchReport.from_dict(json.loads(path.read_text(encoding="utf-8")))
    english, italian = markdown_report(report, "en"), markdown_report(report, "it")
    if path.stem == "cpu-2core-intel-avx512-laptop-capacity":  # written by today's code: English is unchanged
        assert english == path.with_suffix(".md").read_text(encoding="utf-8")
    tables = [line for line in italian.splitlines() if line.startswith("|")]
    assert tables and not any(re.search(r"\d\.\d", line) for line in tables)
    assert len(tables) == len([line for line in english.splitlines() if line.startswith("|")])
    assert "qwen2.5-coder" in italian  # model names keep their dot
