"""Every page under AppTest with generated query parameters and widget values: never an uncaught exception."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from streamlit.testing.v1 import AppTest

from specviz.settings import SHAREABLE

PAGES = Path(__file__).resolve().parents[2] / "pages"
hostile = st.one_of(
    st.sampled_from(["0", "-1", "1e400", "nan", "inf", "99999999999999999999", "", "\x00", "é", "1e-300",
                     "tiny-draft", "../etc", "it", "en", "xx", "<script>", "x" * 300]),
    st.integers(-10**6, 10**6).map(str),
    st.text(max_size=12),
)
query = st.dictionaries(st.one_of(st.sampled_from(SHAREABLE), st.text(max_size=6)), hostile, max_size=6)
PROPERTY = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def opened(page: str, params: dict) -> AppTest:
    at = AppTest.from_file(str(PAGES / page), default_timeout=60)
    for key, value in params.items():
        at.query_params[key] = value
    return at.run()


@PROPERTY
@given(params=query, page=st.sampled_from(["home.py", "live.py", "exactness.py", "replay.py", "toy.py", "budget.py",
                                           "benchmark.py"]))
def test_any_shared_link_opens_every_page(params, page):
    at = opened(page, params)
    assert not at.exception, (page, params, [e.value for e in at.exception])


@PROPERTY
@given(costs=st.tuples(*[st.floats(0, 100_000) for _ in range(3)]), baseline=st.floats(0.01, 100_000),
       k=st.integers(1, 16), alpha=st.floats(0, 1))
def test_the_budget_page_takes_any_costs_its_widgets_allow(costs, baseline, k, alpha):
    at = opened("budget.py", {})
    for key, value in zip(("draft_ms", "verify_ms", "overhead_ms"), costs):
        at.text_input(key=f"budget_{key}__typed").set_value(repr(value))
    at.text_input(key="budget_baseline_ms__typed").set_value(repr(baseline))
    at.slider(key="budget_k").set_value(k)
    at.select_slider(key="budget_alpha").set_value(round(alpha, 2))
    at.run()
    assert not at.exception, [e.value for e in at.exception]


@PROPERTY
@given(weights=st.lists(st.tuples(st.floats(0, 1), st.floats(0, 1), st.text(max_size=12)), min_size=2, max_size=5))
def test_the_toy_page_takes_any_weights_and_names(weights):
    at = opened("toy.py", {})
    at.number_input(key="toy_size").set_value(len(weights)).run()
    for i, (p, q, name) in enumerate(weights):
        at.text_input(key=f"toy_p_{i}__typed").set_value(f"{p:.2f}")
        at.text_input(key=f"toy_q_{i}__typed").set_value(f"{q:.2f}")
        at.text_input(key=f"toy_name_{i}").set_value(name)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
