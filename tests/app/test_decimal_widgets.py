"""Decimal widgets write and read numbers the page's way: 0,70 in Italian, 0.70 in English."""

import pytest

from pages.ui.numbers import grid, parsed, snapped
from tests.app.test_pages import page


@pytest.mark.parametrize(("typed", "value"), [("0,25", 0.25), ("0.25", 0.25), (" 1.000,5 ", 1000.5),
                                              ("1,000.5", 1000.5), ("-2,5", -2.5), ("3", 3.0), ("abc", None),
                                              ("", None), ("1,2,3", None)])
def test_a_typed_number_is_read_with_either_decimal_mark(typed, value):
    assert parsed(typed) == value


def test_the_slider_grid_holds_round_values_and_snaps_between_them():
    values = grid(0.0, 2.0, 0.05)
    assert len(values) == 41 and 0.3 in values and values[-1] == 2.0
    assert snapped(0.73, values) == 0.75


def test_italian_pages_show_decimal_commas_in_sliders_and_boxes():
    at = page("policy.py")
    at.query_params["lang"] = "it"
    at.run()
    temperature = at.select_slider(key="policy_temperature")
    assert "0,70" in temperature.options and "0.70" not in temperature.options
    assert at.text_input(key="policy_p_A__typed").value == "2,0"
    at.text_input(key="policy_p_A__typed").set_value("1,5").run()
    assert not at.exception and at.session_state["policy_p_A"] == 1.5
    assert at.text_input(key="policy_p_A__typed").value == "1,5"


def test_a_bad_entry_is_explained_and_the_last_value_kept():
    at = page("toy.py").run()
    before = at.session_state["toy_p_0"]
    at.text_input(key="toy_p_0__typed").set_value("tanto").run()
    assert not at.exception
    assert any("tanto" in error.value and "not a number from 0.00 to 1.00" in error.value for error in at.error)
    assert at.session_state["toy_p_0"] == before
    at.text_input(key="toy_p_0__typed").set_value("2").run()  # out of range: refused the same way
    assert at.session_state["toy_p_0"] == before and at.error


def test_english_pages_keep_the_decimal_point():
    at = page("budget.py").run()
    assert "0.88" in at.select_slider(key="budget_alpha").options
    assert "." in at.text_input(key="budget_verify_ms__typed").value


def test_the_toy_and_budget_refusals_are_in_the_pages_language():
    at = page("toy.py")
    at.query_params["lang"] = "it"
    at.run()
    at.text_input(key="toy_name_1").set_value(at.text_input(key="toy_name_0").value).run()
    assert [e.value for e in at.error] == ["Due token hanno lo stesso nome: dai a ogni token un nome diverso."]
    at = page("budget.py")
    at.query_params["lang"] = "it"
    at.run()
    for key in ("draft_ms", "verify_ms", "overhead_ms"):
        at.text_input(key=f"budget_{key}__typed").set_value("0").run()
    assert any(e.value.startswith("Un ciclo deve durare qualcosa") for e in at.error)
