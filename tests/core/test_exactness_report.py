"""The committed real-target exactness reports (scripts/real_exactness.py), one for the verifiers and one for the
drafters: every figure recomputed from its counts."""

import json
from pathlib import Path

import numpy as np
import pytest

from specviz.core.stats import chi_square, total_variation
from specviz.core.verifiers import exact_verifiers
from specviz.engine.drafters import exact_drafters

REPORT = Path(__file__).resolve().parents[2] / "assets" / "exactness" / "real-pair-verifiers.json"
DRAFTERS_REPORT = REPORT.with_name("real-pair-drafters.json")


@pytest.fixture(scope="module")
def report():
    return json.loads(REPORT.read_text())


def test_the_block_rule_ran_at_least_300_seeds_on_the_real_pair(report):
    # The script writes the report after each verifier (block first); the others join it as they are run.
    assert "block" in report["verifiers"] and set(report["verifiers"]) <= set(exact_verifiers())
    assert report["runs"] >= 300 and report["k"] >= 2  # k ≥ 2: the block rule decides over more than one position
    for name, fit in report["verifiers"].items():
        assert sum(fit["counts"]) == report["runs"], name
        assert sum(fit["exact"]) == pytest.approx(1.0, abs=1e-6), name


@pytest.mark.parametrize("name", exact_verifiers())
def test_the_reported_test_is_what_the_counts_give_and_it_passes(report, name):
    if name not in report["verifiers"]:
        pytest.skip(f"{name} is not in the committed report yet")
    check_fit(report["verifiers"][name], report["significance"])


def check_fit(fit: dict, significance: float) -> None:
    counts, exact = np.array(fit["counts"]), np.array(fit["exact"])
    statistic, p_value, dof = chi_square(counts, exact)
    assert (statistic, dof) == (pytest.approx(fit["chi2"]), fit["dof"])
    assert p_value == pytest.approx(fit["p_value"])
    assert total_variation(counts / counts.sum(), exact) == pytest.approx(fit["tv"])
    assert p_value > significance


@pytest.fixture(scope="module")
def drafters_report():
    return json.loads(DRAFTERS_REPORT.read_text())


def test_every_new_drafter_ran_at_least_300_seeds_on_the_real_target(drafters_report):
    assert set(drafters_report["drafters"]) == {"ngram", "hybrid", "tli"} <= set(exact_drafters())
    assert drafters_report["runs"] >= 300
    by = {name: fit["first_proposal_by"] for name, fit in drafters_report["drafters"].items()}
    # The prompt's last token occurred before, its last two did not: a copy, the model, SmolLM2.
    assert by == {"ngram": ["ngram"] * 3, "hybrid": ["model"] * 3, "tli": ["tli"] * 3}
    assert drafters_report["drafters"]["tli"]["draft"] == "smollm2-135m"
    for name, fit in drafters_report["drafters"].items():
        assert sum(fit["counts"]) == drafters_report["runs"], name
        assert sum(fit["exact"]) == pytest.approx(1.0, abs=1e-6), name


@pytest.mark.parametrize("name", ["ngram", "hybrid", "tli"])
def test_each_drafters_reported_test_is_what_the_counts_give_and_it_passes(drafters_report, name):
    check_fit(drafters_report["drafters"][name], drafters_report["significance"])
