"""Each page runs under Streamlit's AppTest without an exception and reacts to its widgets."""

from pathlib import Path

from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parents[2]


def page(name: str) -> AppTest:
    return AppTest.from_file(str(ROOT / "pages" / name), default_timeout=30)


def test_app_navigation_runs():
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=30).run()
    assert not at.exception
    assert "speculative decoding" in at.title[0].value


def test_toy_page_shows_the_article_example_and_rejects_bad_input():
    at = page("toy.py").run()
    assert not at.exception
    assert at.json[0].value and '"4/5"' in at.json[0].value
    at.text_input[0].set_value("0.5,0.6,0.2").run()
    assert not at.exception
    assert "sums to" in at.error[0].value


def test_budget_page_reproduces_the_article():
    at = page("budget.py").run()
    assert not at.exception
    assert at.metric[1].value == "19.04"
    at.slider[1].set_value(0.2).run()
    assert at.metric[1].value == "51.22"
