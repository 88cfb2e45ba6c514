"""The lesson's steps: complete in both languages, linked to views that exist, and their worked answers right."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest

from specviz.core import budget, toy
from specviz.engine.exactness import LAB_VARIANTS
from specviz.engine.trace import run_from_json
from specviz.lesson import STEPS
from specviz.settings import ASSETS, SHAREABLE, view_link_value
from specviz.text import STRINGS, text

ROOT = Path(__file__).resolve().parents[2]
SENTENCE_END = re.compile(r"(?<=[.?!:])\s+(?=[A-Z“])")


def test_the_steps_follow_the_article_in_order():
    assert [s.name for s in STEPS] == ["why", "cycle", "rule", "judgement", "example", "promise", "sampling",
                                       "tokenizers",
                                       "budget", "adaptive", "cache", "capacity", "checklist"]


@pytest.mark.parametrize("step", STEPS, ids=lambda s: s.name)
def test_every_step_has_its_texts_in_both_languages_and_short_explanations(step):
    for key in step.text_keys():
        english, italian = STRINGS[key]
        assert english and italian and english != italian
    for lang in ("en", "it"):
        sentences = SENTENCE_END.split(text(f"lesson.{step.name}.body", lang))
        assert 2 <= len(sentences) <= 5, sentences  # a few sentences, in our own words


@pytest.mark.parametrize("step", STEPS, ids=lambda s: s.name)
def test_every_show_me_link_opens_a_page_that_exists_with_settings_it_accepts(step):
    for page, link in step.links():
        assert (ROOT / page).is_file()
        check_link(link)


def check_link(link) -> None:
    for key, raw in link:
        if key in SHAREABLE:
            continue
        value = view_link_value(key, raw)
        assert value is not None, key
        choices = {"replay_example": {p.stem for p in (ASSETS / "traces").glob("*.json")},
                   "lab_rule": set(LAB_VARIANTS),
                   "bench_saved": {p.stem for p in (ASSETS / "bench").glob("*.json")},
                   "toy_preset": {k for k in STRINGS if k.startswith("toy.preset.")},
                   "budget_preset": {k for k in STRINGS if k.startswith("budget.preset.")}}.get(key)
        assert choices is None or value in choices, (key, value)


def _trace(step_name: str):
    step = next(s for s in STEPS if s.name == step_name)
    link = dict(step.link)
    record = run_from_json((ASSETS / "traces" / f"{link['replay_example']}.json").read_text(encoding="utf-8"))
    return record.cycles[int(link["replay_cycle"]) - 1]


def test_the_cycle_shown_is_the_one_the_solutions_describe():
    cycle = _trace("cycle")  # "2 of 4 proposals pass: the cycle writes 3 tokens"
    assert (len(cycle.proposed), cycle.accepted, len(cycle.emitted)) == (4, 2, 3)
    cache = _trace("cache")  # like the exercise: six proposed, the third refused
    assert (len(cache.proposed), cache.accepted, cache.kind) == (6, 2, "correction")


def test_the_budget_solution_is_what_the_budget_page_computes():
    low = budget.Budget(4, 3.0, 50.0, 2.0, 40.0, 0.2)
    assert budget.best_k(low) == 1
    best = budget.summary(budget.Budget(1, 3.0, 50.0, 2.0, 40.0, 0.2))
    solution = text("lesson.budget.solution", "en")
    assert f"{best['ms_per_token']:.2f} ms per token, {best['speedup']:.2f}×" in solution
    body = text("lesson.budget.body", "it")
    for alpha in (0.8, 0.2):
        shown = f"{budget.ms_per_token(budget.Budget(4, 3.0, 50.0, 2.0, 40.0, alpha)):.2f}".replace(".", ",")
        assert f"{shown} ms per token" in body  # the article's 19,04 and 51,22


def test_the_worked_example_solutions_are_exact():
    p = [Fraction(5, 10), Fraction(3, 10), Fraction(2, 10)]
    article = toy.one_position(p, [Fraction(7, 10), Fraction(2, 10), Fraction(1, 10)])
    assert article.naive == [Fraction(6, 10), Fraction(26, 100), Fraction(14, 100)]
    exercise = toy.one_position(p, [Fraction(4, 10), Fraction(4, 10), Fraction(2, 10)])
    assert exercise.accepted_total == Fraction(9, 10) and exercise.residual == [Fraction(1, 10), 0, 0]
    assert exercise.exact == p
    assert exercise.naive == [Fraction(45, 100), Fraction(33, 100), Fraction(22, 100)]
    assert "(0.45, 0.33, 0.22)" in text("lesson.example.solution", "en")
    assert "(0,45; 0,33; 0,22)" in text("lesson.example.solution", "it")


def test_the_capacity_answer_reads_the_saved_laptop_report():
    import json

    report = json.loads((ASSETS / "bench" / "cpu-2core-intel-avx512-laptop-capacity.json").read_text())
    one = next(r["speedup"] for r in report["rows"] if r["prompt_set"] == "all" and r["k"])
    levels = {r["concurrency"]: r["aggregate_speedup"] for r in report["concurrency"]
              if r["config"].startswith("specviz k")}
    expected = [f"{one:.2f}×", f"{levels[2]:.2f}×", f"{levels[4]:.2f}×"]
    assert re.findall(r"\d\.\d\d×", text("lesson.capacity.solution", "en"))[:3] == expected
    italian = [figure.replace(".", ",") for figure in expected]
    assert re.findall(r"\d,\d\d×", text("lesson.capacity.solution", "it"))[:3] == italian


def test_the_judgement_step_tells_what_its_recorded_runs_hold():
    mistake = run_from_json((ASSETS / "traces" / "qwen-target-mistake.json").read_text(encoding="utf-8"))
    answer = "".join(text for cycle in mistake.cycles for text in cycle.emitted_texts).removesuffix("<|im_end|>")
    assert answer == "1621" and 37 * 43 == 1591  # the target's product, kept; the true one
    first = mistake.cycles[0]
    assert first.proposed_texts[:3] == ["Il", " numero", " è"] and first.emitted_texts == ["1"]
    assert (first.target_p[0], first.draft_q[0]) == (0.0, 1.0) and mistake.settings.chat
    dante = run_from_json((ASSETS / "traces" / "qwen-italian-dante.json").read_text(encoding="utf-8"))
    assert all(c.accepted == len(c.proposed) > 0 for c in dante.cycles[12:])  # from cycle 13 on
    assert dante.cycles[11].accepted < len(dante.cycles[11].proposed)
    assert "selva d'amore" in "".join(text for cycle in dante.cycles for text in cycle.emitted_texts)
    for language in ("en", "it"):
        assert "1621" in text("lesson.judgement.body", language) and "1591" in text("lesson.judgement.body", language)
        assert "13" in text("lesson.judgement.solution", language)


def test_the_lesson_says_how_many_steps_it_has():
    from specviz.text import fill

    assert fill("lesson.caption", "en", count=len(STEPS)).startswith(f"{len(STEPS)} steps")
    assert fill("lesson.caption", "it", count=len(STEPS)).startswith(f"{len(STEPS)} passi")


def test_the_promise_steps_table_shows_both_promises_in_its_recorded_runs():
    """Seed 42 on the default pair: the token rule writes three texts, coupled draws one, the target alone's."""
    from specviz.core.sampling import NOISE_SCHEME, STREAM
    from specviz.lesson import SEED_RUNS
    from specviz.viz.promise_table import seed_rows

    step = next(s for s in STEPS if s.name == "promise")
    records = {name: run_from_json((ASSETS / "seeds" / f"{name}.json").read_text()) for name in step.seeds}
    assert step.seeds == SEED_RUNS and all(r.settings.seed == 42 and r.policy["temperature"] == 0.8
                                           for r in records.values())
    token = [r for r in records.values() if r.verifier == "token"]
    coupled = [r for r in records.values() if r.verifier == "coupled"]
    assert {r.noise for r in token} == {STREAM} and {r.noise for r in coupled} == {NOISE_SCHEME}
    assert len({tuple(r.token_ids) for r in token}) == 3  # three runs, three texts
    assert len({tuple(r.token_ids) for r in coupled}) == 1  # three runs, one text
    assert {(r.drafter == "none", r.settings.k, r.settings.schedule) for r in coupled} == \
        {(True, 4, "constant"), (False, 2, "constant"), (False, 4, "budget")}
    for lang, yes in (("en", "yes"), ("it", "sì")):
        rows = seed_rows(list(records.values()), lang)
        assert [list(row.values())[2] == yes for row in rows] == [True, False, False, True, True, True]
