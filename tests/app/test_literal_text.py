"""Text from models, users and uploaded files is shown literally: no HTML, Markdown, LaTeX or control codes act."""

from __future__ import annotations

import json
import re
from pathlib import Path

from streamlit.testing.v1 import AppTest

from specviz.engine.trace import run_from_json
from specviz.text import literal
from specviz.viz import run_figures

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = next((ROOT / "assets" / "traces").glob("*.json"))
HOSTILE_NAME = "![x](http://evil.example/t.png)<img src=x onerror=alert(1)> **bold** :red[red] $x^2$"
SCRIPT = "<script>alert(1)</script>"
LINK = "<a href='javascript:alert(1)'>x</a>"


def _unescaped(text: str, specials: str = "<>[]()!*_$:`#|") -> list[str]:
    """Markdown or HTML characters in `text` that no backslash escapes."""
    return re.findall(r"(?<!\\)[" + re.escape(specials) + "]", text)


def test_literal_escapes_every_markdown_and_html_character():
    shown = literal(HOSTILE_NAME + "\x1b[31m\n")
    assert _unescaped(HOSTILE_NAME)  # the check below can fail
    assert not _unescaped(shown)
    assert "\\!\\[x\\]" in shown and "\\<img" in shown and "\\*\\*bold" in shown and "\\$x^2\\$" in shown
    assert "\x1b" not in shown and "\n" not in shown and "x1b" in shown
    assert literal("a" * 1000).endswith("…") and len(literal("a" * 1000)) == 301


def test_literal_is_not_vacuous():
    """Ordinary words pass through unchanged: the escaping above is of the specials only."""
    assert literal("qwen2 tiny target") == "qwen2 tiny target"


def _hostile_trace(folder: Path) -> dict:
    data = json.loads(SHIPPED.read_text())
    data["draft"], data["target"] = HOSTILE_NAME, SCRIPT
    cycle = data["cycles"][0]  # the cycle the page shows first; it ends in a correction, so it has a top table
    cycle["emitted_texts"][0] = SCRIPT + "\x1b[31m"
    cycle["top"]["texts"][0] = LINK
    (folder / "traces").mkdir(parents=True)
    (folder / "traces" / "hostile.json").write_text(json.dumps(data))
    return data


def test_token_spans_escape_html_and_show_control_characters():
    data = json.loads(SHIPPED.read_text())
    data["cycles"][0]["emitted_texts"][0] = SCRIPT + "\x1b[31m**x**"
    spans = run_figures.token_spans(run_from_json(json.dumps(data)))
    assert "<script>" not in spans and "&lt;script&gt;alert(1)&lt;/script&gt;" in spans
    assert "\x1b" not in spans and "\\x1b" in spans


def test_a_hostile_trace_replays_with_everything_shown_literally(tmp_path, monkeypatch):
    from specviz import settings as shared

    _hostile_trace(tmp_path)
    monkeypatch.setattr(shared, "ASSETS", tmp_path)
    at = AppTest.from_file(str(ROOT / "pages" / "replay.py"), default_timeout=30).run()
    assert not at.exception and not at.error
    header = next(m.value for m in at.markdown if "→" in m.value)
    names = header.split(" on ")[0].strip("*")  # the page's own bold markers around the two names
    assert not _unescaped(names)
    assert "\\!\\[x\\]" in header and "\\<script\\>" in header
    page_html = " ".join(element.proto.body for element in at.get("html"))
    assert "<script>" not in page_html and "&lt;script&gt;" in page_html and "\\x1b" in page_html
    rejection = next(json.loads(c.proto.spec) for c in at.get("plotly_chart")
                     if "rejected position" in json.loads(c.proto.spec)["layout"]["title"]["text"])
    labels = rejection["data"][0]["x"]
    assert any("&lt;a href" in label for label in labels) and not any("<a" in label for label in labels)
