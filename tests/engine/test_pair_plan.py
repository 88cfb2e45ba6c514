"""One rule decides which models a run loads, for the Live page, `generate` and `bench` alike."""

import pytest

from specviz.engine.pair_plan import PairPlan, plan_pair
from specviz.errors import SpecvizError

QWEN_DRAFT, QWEN_TARGET, SMOL = "qwen2.5-coder-0.5b", "qwen2.5-coder-1.5b", "smollm2-135m"


def test_a_draft_model_of_the_targets_vocabulary_is_loaded_beside_it():
    assert plan_pair("model", QWEN_DRAFT, QWEN_TARGET) == PairPlan(QWEN_TARGET, QWEN_DRAFT)


def test_another_vocabulary_is_refused_before_loading_except_for_tli():
    with pytest.raises(SpecvizError, match="different tokenizers"):
        plan_pair("model", SMOL, QWEN_TARGET)
    assert plan_pair("tli", SMOL, QWEN_TARGET) == PairPlan(QWEN_TARGET, SMOL)


@pytest.mark.parametrize("drafter, speculative", [("ngram", True), ("model", False), ("hybrid", False)])
def test_copies_and_the_target_alone_load_no_draft_model(drafter, speculative):
    assert plan_pair(drafter, SMOL, QWEN_TARGET, speculative) == PairPlan(QWEN_TARGET, None)


def test_the_hosts_allow_list_sees_the_draft_then_the_target():
    seen = []
    plan_pair("model", f" {QWEN_DRAFT} ", QWEN_TARGET, allowed=lambda name: seen.append(name) or name.strip())
    assert seen == [f" {QWEN_DRAFT} ", QWEN_TARGET]
    with pytest.raises(SpecvizError, match="not offered"):
        plan_pair("ngram", QWEN_DRAFT, QWEN_TARGET, allowed=lambda name: (_ for _ in ()).throw(
            SpecvizError(f"model {name!r} is not offered")))
