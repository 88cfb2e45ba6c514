"""The sampling policy on both models, or on one only: exact outcomes of one verification step."""

import pytest

from specviz.core.policy import SamplingPolicy
from specviz.core.policy_cases import one_step_output, policy_view

TARGET, DRAFT = [2.0, 1.5, 1.0, 0.2, -0.5, -1.0], [1.6, 1.9, 0.4, 0.6, -0.2, -1.5]


def test_one_step_follows_the_verifiers_p_whatever_q_is():
    p, q = [0.5, 0.3, 0.2], [0.7, 0.2, 0.1]  # the article's example
    output, acceptance = one_step_output(p, q)
    assert output == pytest.approx(p) and acceptance == pytest.approx(0.8)
    assert one_step_output(p, p) == (p, pytest.approx(1.0))


@pytest.mark.parametrize("policy", [SamplingPolicy(1.0, 2, 1.0), SamplingPolicy(0.7, 3, 1.0),
                                    SamplingPolicy(1.0, 0, 0.8), SamplingPolicy(1.3, 4, 0.9)])
def test_only_a_policy_on_p_gives_the_policys_distribution(policy):
    view = policy_view(TARGET, DRAFT, policy)
    cases = {case.name: case for case in view.cases}
    assert cases["both"].output == pytest.approx(view.policy_p, abs=1e-6)
    assert cases["both"].distance == pytest.approx(0, abs=1e-6)
    assert cases["target_only"].output == pytest.approx(view.policy_p, abs=1e-6)
    assert cases["draft_only"].output == pytest.approx(view.raw_p, abs=1e-6)  # the raw p, not what was asked for
    assert cases["draft_only"].distance > 0.05
    assert cases["both"].acceptance == pytest.approx(sum(map(min, view.policy_p, view.policy_q)))


def test_top_k_removes_tokens_from_both_and_the_rest_renormalises():
    view = policy_view(TARGET, DRAFT, SamplingPolicy(1.0, 2, 1.0))
    assert sum(x > 0 for x in view.policy_p) == 2 and sum(x > 0 for x in view.policy_q) == 2
    assert sum(view.policy_p) == pytest.approx(1.0) and sum(view.policy_q) == pytest.approx(1.0)
    cases = {case.name: case for case in view.cases}
    assert cases["target_only"].acceptance < cases["both"].acceptance  # the draft proposes removed tokens
