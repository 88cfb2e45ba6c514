"""The Benchmark page's own prompts: run against the target alone in the queue, or refused in one sentence."""

import json

import pytest
from streamlit.testing.v1 import AppTest

from specviz.bench.contracts import BenchReport, BenchRow
from specviz.bench.own_prompts import OwnPromptsRefused, own_prompts
from specviz.bench.tables import report_view
from specviz.limits import OWN_PROMPTS
from tests.app.test_pages import ROOT

TINY = {"draft": "tiny-draft", "target": "tiny-target"}


def benchmark_page(lang: str = "en") -> AppTest:
    at = AppTest.from_file(str(ROOT / "pages" / "benchmark.py"), default_timeout=180)
    for key, value in {**TINY, "lang": lang}.items():
        at.query_params[key] = value
    return at.run()


def test_your_prompts_run_against_the_target_alone_and_the_report_shows_them():
    at = benchmark_page()
    at.text_area(key="own_typed").set_value("def add(a, b):\nThe capital of Italy is")
    next(b for b in at.button if b.label == "Benchmark my prompts").click().run()
    assert not at.exception and not at.error
    mine = at.session_state["bench_mine"]
    assert mine.complete and [p.text for p in mine.report.prompts] == ["def add(a, b):", "The capital of Italy is"]
    configs = {row.config for row in mine.report.rows}
    assert "specviz-baseline T=0" in configs and any(c.startswith("specviz k=4 budget") for c in configs)
    assert all(not c.startswith(("hf-", "specviz-counters")) for c in configs)  # the target alone, nothing else
    assert at.radio(key="bench_show").value == "mine"
    main = at.dataframe[0].value
    speculative = main[main["configuration"].str.startswith("specviz k=4")]
    assert set(speculative["greedy = baseline"]) == {"yes"}  # greedy: the same tokens as the target alone
    assert mine.report.plan["max_new_tokens"] == 32  # the page's cap, under the Live page's 48


def test_italian_tables_use_words_and_decimal_commas():
    at = benchmark_page("it")
    at.text_area(key="own_typed").set_value("def add(a, b):")
    next(b for b in at.button if b.label == "Misura i miei prompt").click().run()
    assert not at.exception
    main = at.dataframe[0].value
    assert set(main["prompt"]) == {"tutti"}  # one set of prompts: the rows over all of them
    assert all("," in cell and "." not in cell for cell in main["speed-up"] if cell != "—")
    assert "solo target (specviz) · T = 0" in set(main["configurazione"])


@pytest.mark.parametrize(("typed", "message"), [
    ("", "Type a prompt"),
    ("\n".join(f"prompt {i}" for i in range(OWN_PROMPTS.high + 1)), f"at most {OWN_PROMPTS.high} run here"),
])
def test_prompts_the_page_cannot_run_are_refused_in_one_sentence_and_kept(typed, message):
    at = benchmark_page()
    at.text_area(key="own_typed").set_value(typed)
    next(b for b in at.button if b.label == "Benchmark my prompts").click().run()
    assert not at.exception
    assert any(message in error.value for error in at.error)
    assert at.text_area(key="own_typed").value == typed  # what was typed stays, to be mended
    assert "bench_mine" not in at.session_state  # nothing ran


def test_an_uploaded_file_is_read_line_by_line_and_a_bad_line_is_named():
    good = b'{"id": "a", "prompt": "def f(x):\\n    return"}\n\n{"prompt": "Ciao"}\n'
    assert [p.text for p in own_prompts("typed one", good, 1000)] == ["typed one", "def f(x):\n    return", "Ciao"]
    for data, key, fields in [(b'{"prompt": "x"}\nnot json\n', "own.bad_line", {"line": 2}),
                              (b'{"text": "x"}\n', "own.bad_line", {"line": 1}),
                              (b"\xff\xfe", "own.not_utf8", {}),
                              (json.dumps({"prompt": "x" * 11}).encode(), "own.too_long",
                               {"number": 1, "length": 11, "most": 10})]:
        with pytest.raises(OwnPromptsRefused) as refused:
            own_prompts("", data, 10)
        assert (refused.value.key, refused.value.fields) == (key, fields)


def test_a_recording_cost_below_the_noise_is_not_called_a_negative_cost():
    report = json.loads(next((ROOT / "assets" / "bench").glob("*.json")).read_text())
    parsed = BenchReport.from_dict(report)
    row = BenchRow(**{**vars(parsed.rows[0]), "prompt_set": "all", "recording_overhead": -0.047})
    parsed.rows[:] = [row]
    notes = report_view(parsed, "it").notes
    assert any("più veloce dei soli contatori del 4,7%" in note for note in notes)
    assert not any("-4,7" in note for note in notes)


def test_a_file_nested_too_deep_or_with_a_byte_order_mark_is_read_or_refused_in_one_sentence():
    deep = ('{"prompt": ' + "[" * 5000 + '"x"' + "]" * 5000 + "}\n").encode()
    with pytest.raises(OwnPromptsRefused) as refused:
        own_prompts("", deep, 10_000_000)
    assert refused.value.key == "own.bad_line"
    with pytest.raises(OwnPromptsRefused):
        own_prompts("", ("[" * 200_000 + "]" * 200_000 + "\n").encode(), 10_000_000)
    assert [p.text for p in own_prompts("", b'\xef\xbb\xbf{"prompt": "hello"}\n', 100)] == ["hello"]
