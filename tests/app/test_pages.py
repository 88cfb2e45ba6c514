"""Each page runs under Streamlit's AppTest without an exception and reacts to its widgets."""

import json
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from specviz.bench.checklist import answers
from specviz.engine.measured import MeasuredBudget
from specviz.text import number, text

ROOT = Path(__file__).resolve().parents[2]
REPORTS = ROOT / "assets" / "bench"


def page(name: str) -> AppTest:
    return AppTest.from_file(str(ROOT / "pages" / name), default_timeout=30)


def test_app_navigation_runs():
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=30).run()
    assert not at.exception
    assert at.title[0].value == text("lesson.title")  # the lesson opens the app


def test_toy_page_shows_the_article_example_exactly():
    at = page("toy.py").run()
    assert not at.exception
    assert at.metric[0].value == "4/5" and at.metric[1].value == "1/5"
    table = at.dataframe[0].value
    assert list(table["exact result"]) == ["1/2 (0.500)", "3/10 (0.300)", "1/5 (0.200)"]
    assert list(table["naive result"]) == ["3/5 (0.600)", "13/50 (0.260)", "7/50 (0.140)"]
    assert list(table["correction"]) == ["0", "1/2 (0.500)", "1/2 (0.500)"]
    step = json.loads(at.get("plotly_chart")[0].proto.spec)
    bars = {trace["name"]: trace["y"] for trace in step["data"]}
    assert bars["accepted min(p, q)"] == [0.5, 0.2, 0.1]


def test_toy_page_rejects_an_all_zero_distribution_and_recovers():
    at = page("toy.py").run()
    for i in range(3):
        at.text_input(key=f"toy_q_{i}__typed").set_value("0")
    at.run()
    assert not at.exception
    assert "at least one positive weight" in at.error[0].value
    at.text_input(key="toy_q_0__typed").set_value("1").run()
    assert not at.error and at.metric[0].value == "1/2"  # q = (1, 0, 0): accepted mass min(p, q) = 1/2


def test_toy_page_presets_and_monte_carlo():
    at = page("toy.py").run()
    at.selectbox(key="toy_preset").set_value("toy.preset.equal").run()  # applied when chosen
    assert at.metric[1].value == "0"
    at.selectbox(key="toy_preset").set_value("toy.preset.article").run()
    # Every exact verifier on four positions: the exact expected accepted proposals per cycle.
    assert [(m.label, m.value) for m in at.metric[3:7]] == [
        ("token rule", "2.362"), ("block verification", "2.693"), ("sample and match", "0.729"),
        ("coupled draws", "2.320")]
    at.slider[1].set_value(4000).run()
    at.button[0].click().run()
    assert not at.exception
    exact_tv, naive_tv = (float(m.value) for m in at.metric[7:9])
    assert exact_tv < 0.03 < naive_tv  # naive bias is 0.1 in TV; sampling noise at N = 4000 is ~0.01
    charts = {c["layout"]["title"]["text"]: c for c in (json.loads(e.proto.spec) for e in at.get("plotly_chart"))}
    outcome = charts["What comes out"]
    traces = {trace["name"]: trace for trace in outcome["data"]}
    for rule in ("exact", "naive"):  # each rule's sampled markers sit over its bar, in its colour
        bar = next(t for name, t in traces.items() if name.startswith(f"{rule} rule"))
        markers = traces[f"sampled: {rule} rule"]
        assert markers["marker"]["color"] == bar["marker"]["color"] and markers["offsetgroup"] == bar["offsetgroup"]
    exact_curve, naive_curve, reference = charts["Distance to p as N grows"]["data"]
    assert exact_curve["y"][-1] < exact_curve["y"][0] and exact_curve["y"][-1] < naive_curve["y"][-1]
    assert reference["name"] == "1/√N" and reference["y"] == pytest.approx([n ** -0.5 for n in reference["x"]])
    assert "3/10 (0.300)" in list(at.dataframe[0].value.iloc[:, 1])  # fractions with their decimals


def test_budget_page_reproduces_the_article():
    at = page("budget.py").run()
    assert not at.exception
    assert at.metric[0].value == "64.00" and at.metric[1].value == "19.04"
    at.selectbox(key="budget_preset").set_value("budget.preset.low").run()  # applied when chosen
    assert at.metric[1].value == "51.22"
    assert "slower than the target alone" in at.warning[0].value
    curves = json.loads(at.get("plotly_chart")[1].proto.spec)
    best = [trace for trace in curves["data"] if trace["name"].startswith("best k")]
    assert best and best[0]["x"] == [1]


def test_budget_page_loads_the_measured_costs_of_the_last_run():
    at = page("budget.py")
    at.session_state["measured_budget"] = MeasuredBudget(
        mean_k=4.0, draft_ms_per_token=48.0, verify_ms_per_cycle=140.0, overhead_ms_per_cycle=0.3,
        target_ms_per_token=132.0, alpha_mean=0.88, acceptance_by_position=[0.95, 0.9, 0.85, 0.8],
        actual_speedup=1.75, predicted_speedup=1.77, cost_ratio_c=48.0 / 132.0, verify_ratio=140.0 / 132.0,
        predicted_tokens_per_cycle=3.5, observed_tokens_per_cycle=3.5, wall_speedup=1.7,
    )
    at.run()
    at.selectbox(key="budget_preset").set_value("budget.preset.last").run()
    assert not at.exception
    assert at.session_state["budget_verify_ms"] == 140.0 and at.select_slider(key="budget_alpha").value == 0.88
    assert at.text_input(key="budget_verify_ms__typed").value == "140.00"
    positions = json.loads(at.get("plotly_chart")[2].proto.spec)
    assert positions["data"][0]["y"] == [0.95, 0.9, 0.85, 0.8]


def test_every_string_has_both_languages_and_the_app_switches_to_italian():
    from specviz.text import GLOSSARY, STRINGS

    assert all(len(pair) == 2 and all(pair) for pair in [*STRINGS.values(), *GLOSSARY.values()])
    at = through_app("home")
    at.radio(key="lang").set_value("it").run()
    assert not at.exception
    assert at.title[0].value == "specviz: lo speculative decoding sotto gli occhi"
    assert any("Glossario" in h.value for h in at.subheader)


def test_a_shared_link_sets_the_live_settings():
    at = AppTest.from_file(str(ROOT / "pages" / "live.py"), default_timeout=30)
    at.query_params["k"] = "7"
    at.query_params["temperature"] = "0.7"
    at.query_params["lang"] = "it"
    at.query_params["seed"] = "not-a-number"
    at.run()
    assert not at.exception
    assert at.slider(key="k").value == 7 and at.select_slider(key="temperature").value == 0.7
    assert at.number_input(key="seed").value == 0  # a bad value in a link is ignored
    assert at.title[0].value == "Decodifica dal vivo"


def test_benchmark_page_runs_a_quick_benchmark_on_the_tiny_pair():
    at = page("benchmark.py").run()
    assert not at.exception
    next(b for b in at.button if b.label.startswith("Run a quick benchmark")).click().run()
    assert not at.exception
    curves = json.loads(at.get("plotly_chart")[0].proto.spec)
    hf = "all prompts · Hugging Face assisted generation · constant k"
    assert {trace["name"] for trace in curves["data"]} >= {"all prompts · specviz · constant k", hf}
    assert curves["layout"]["xaxis"]["dtick"] == 1  # whole-number ticks for k
    main = at.dataframe[0].value
    assert "specviz k=4 constant T=0" in list(main["configuration"])
    assert at.radio(key="bench_show").value == "mine"  # the report just made, not a saved one above it


def test_benchmark_page_shows_every_saved_report():
    at = page("benchmark.py").run()
    names = at.selectbox(key="bench_saved").options
    assert "cpu-2core-amd-baseline-vs-generate" in names and "cpu-2core-amd-int8-dual" in names
    for name in names:
        at.selectbox(key="bench_saved").select(name).run()
        assert not at.exception, name
        charts = len(at.get("plotly_chart"))
        report = json.loads((REPORTS / f"{name}.json").read_text())
        # A target-only report has no speed-up over k to draw: it says so instead of an empty chart.
        if "baseline-vs-generate" in name:
            assert charts == 0 and any("target-only loop" in i.value for i in at.info), name
        else:  # speed-up over k and the cycle's split, and latency against capacity where it was measured
            assert charts == 2 + bool(report["concurrency"]), name
        # The comparison with Hugging Face shows exactly where the report has Hugging Face runs.
        with_hf = any(row["implementation"].startswith("hf-") for row in report["rows"])
        assert any("specviz ÷ Hugging Face" in c.value for c in at.caption) == with_hf, name


def test_policy_page_draws_the_three_cases_from_the_exact_computation():
    from specviz.core.policy import SamplingPolicy
    from specviz.core.policy_cases import policy_view

    at = page("policy.py").run()
    assert not at.exception
    at.slider(key="policy_top_k").set_value(3).run()
    at.select_slider(key="policy_temperature").set_value(0.7).run()
    view = policy_view([2.0, 1.5, 1.0, 0.2, -0.5, -1.0], [1.6, 1.9, 0.4, 0.6, -0.2, -1.5],
                       SamplingPolicy(0.7, 3, 1.0))
    assert [m.value for m in at.metric] == [f"{case.acceptance:.2f}" for case in view.cases]
    outcome = next(json.loads(c.proto.spec) for c in at.get("plotly_chart")
                   if json.loads(c.proto.spec)["layout"]["title"]["text"].startswith("What one verification step"))
    draft_only = next(t for t in outcome["data"] if t["name"] == "policy on q only")
    assert draft_only["y"] == pytest.approx(view.raw_p, abs=1e-6)  # the raw p: not what the policy asked for


def through_app(name: str, lang: str = "en") -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.session_state["lang"] = lang
    at.switch_page(f"pages/{name}.py")
    return at.run()


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_checklist_answers_each_question_with_the_measured_figures(lang):
    at = through_app("checklist", lang)
    assert not at.exception
    shown = [m.value for m in at.markdown]
    expected = answers()
    assert [h.value for h in at.subheader] == [f"{n}. {text(f'checklist.{a.name}.question', lang)}"
                                               for n, a in enumerate(expected, start=1)]
    for answer in expected:
        sentence = next(m for m in shown if m.startswith(text(f"checklist.{answer.name}.answer", lang).split("{")[0]))
        for value in answer.figures.values():
            assert number(value, lang) in sentence  # every figure, written the language's way
    costs = next(a for a in expected if a.name == "cost").figures
    assert 1 < costs["verify_ratio"] < 2 and 0 < costs["c"] < 0.5  # a block of five costs less than two steps
    assert len(at.get("page_link")) == len(expected)


def test_the_tokenizer_page_shows_the_saved_example_then_cuts_a_new_sentence():
    at = through_app("tokenization", "it")
    assert not at.exception
    assert [h.value for h in at.subheader][:3] == ["Qwen2.5", "SmolLM2", "Gemma 3"]
    assert text("tokenizers.recorded", "it") in [c.value for c in at.caption]
    at.text_input(key="tokenizer_sentence").input("Il gatto dorme sul divano.").run()
    assert not at.exception
    loaded = [h.value for h in at.subheader if h.value in ("Qwen2.5", "SmolLM2", "Gemma 3")]
    assert len(loaded) + len(at.warning) == 3  # each tokenizer either cuts the sentence or says it is missing
    assert text("tokenizers.recorded", "it") not in [c.value for c in at.caption]


def test_no_page_shadows_an_installed_package():
    # A page script's folder can land on sys.path, where pages/tokenizers.py once hid Hugging Face's
    # `tokenizers` from transformers.
    import importlib.util

    pages = sorted(p.stem for p in (ROOT / "pages").glob("*.py"))
    assert "toy" in pages
    shadowed = [name for name in pages if importlib.util.find_spec(name) is not None
                and not str(importlib.util.find_spec(name).origin).startswith(str(ROOT / "pages"))]
    assert shadowed == []


def test_the_tokenizer_page_loads_no_tokenizer_of_a_model_the_host_does_not_offer(monkeypatch):
    from pages.ui.hosting import hosting
    from specviz.models import tokenizers

    loaded = []
    monkeypatch.setattr(tokenizers, "load_tokenizer", lambda name: loaded.append(name) or pytest.fail(name))
    monkeypatch.setenv("SPECVIZ_ALLOWED_MODELS", "tiny-draft,tiny-target")
    hosting.clear()
    try:
        at = through_app("tokenization", "it")
        at.text_input(key="tokenizer_sentence").set_value("Una frase nuova, mai salvata.").run()
        assert not at.exception and loaded == []
        warnings = [w.value for w in at.warning]
        assert len(warnings) == 3 and all("non offerto da questo server" in w for w in warnings), warnings
    finally:
        monkeypatch.delenv("SPECVIZ_ALLOWED_MODELS")
        hosting.clear()


def test_the_italian_benchmark_page_names_configurations_and_prompt_sets_in_italian():
    at = AppTest.from_file(str(ROOT / "pages" / "benchmark.py"), default_timeout=60)
    at.session_state["lang"] = "it"
    at.run()
    assert not at.exception
    charts = [json.loads(c.proto.spec) for c in at.get("plotly_chart")]
    names = {trace.get("name", "") for chart in charts for trace in chart["data"]}
    names |= {str(x) for chart in charts for trace in chart["data"] for x in (trace.get("x") or [])}
    shown = " ".join(names) + " ".join(m.value for m in at.markdown)
    for english in ("hf-assisted", "specviz-baseline", "hf-target", " constant", "heuristic", "| code |",
                    "| italian |", "| mixed |"):
        assert english not in shown, english
    assert "tutti i prompt" in shown and "k costante" in shown
