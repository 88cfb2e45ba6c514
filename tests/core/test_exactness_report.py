"""The committed real-pair exactness report (scripts/real_exactness.py): every figure recomputed from its counts."""

import json
from pathlib import Path

import numpy as np
import pytest

from specviz.core.stats import chi_square, total_variation
from specviz.core.verifiers import EXACT_VERIFIERS

REPORT = Path(__file__).resolve().parents[2] / "assets" / "exactness" / "real-pair-verifiers.json"


@pytest.fixture(scope="module")
def report():
    return json.loads(REPORT.read_text())


def test_the_block_rule_ran_at_least_300_seeds_on_the_real_pair(report):
    # The script writes the report after each verifier (block first); the others join it as they are run.
    assert "block" in report["verifiers"] and set(report["verifiers"]) <= set(EXACT_VERIFIERS)
    assert report["runs"] >= 300 and report["k"] >= 2  # k ≥ 2: the block rule decides over more than one position
    for name, fit in report["verifiers"].items():
        assert sum(fit["counts"]) == report["runs"], name
        assert sum(fit["exact"]) == pytest.approx(1.0, abs=1e-6), name


@pytest.mark.parametrize("name", EXACT_VERIFIERS)
def test_the_reported_test_is_what_the_counts_give_and_it_passes(report, name):
    if name not in report["verifiers"]:
        pytest.skip(f"{name} is not in the committed report yet")
    fit = report["verifiers"][name]
    counts, exact = np.array(fit["counts"]), np.array(fit["exact"])
    statistic, p_value, dof = chi_square(counts, exact)
    assert (statistic, dof) == (pytest.approx(fit["chi2"]), fit["dof"])
    assert p_value == pytest.approx(fit["p_value"])
    assert total_variation(counts / counts.sum(), exact) == pytest.approx(fit["tv"])
    assert p_value > report["significance"]
