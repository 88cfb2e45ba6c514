"""The dynamic schedule stops where Hugging Face's assisted generation stops.

Both runs are greedy on the tiny pair; the draft's forward calls are counted by
a hook, so the comparison is of what each implementation actually ran.
"""

import math

import pytest
import torch

from specviz.bench.contracts import Prompt
from specviz.bench.runners import Config, Request, run_one
from specviz.core.policy import SamplingPolicy, logits_to_probs
from specviz.engine.drafters import draft_confidence

PROMPT = "def fibonacci(n):\n    "


@pytest.fixture
def draft_calls(tiny_pair):
    draft, _ = tiny_pair
    calls = [0]
    handle = draft.model.register_forward_hook(lambda *_: calls.__setitem__(0, calls[0] + 1))
    yield calls
    handle.remove()


@pytest.mark.parametrize("k", [3, 6])
@pytest.mark.parametrize("schedule", ["constant", "dynamic"])
def test_draft_passes_match_hf_assisted(tiny_pair, draft_calls, schedule, k):
    draft, target = tiny_pair
    request = Request(Prompt("p", "s", PROMPT), repeat=0, max_new_tokens=60, seed=0)
    hf = run_one(Config("hf-assisted", k, schedule), target, draft, request)
    hf_passes, draft_calls[0] = draft_calls[0], 0
    ours = run_one(Config("specviz", k, schedule), target, draft, request)
    assert ours.token_ids == hf.token_ids
    assert draft_calls[0] == ours.trace.totals.draft_forward_passes == hf_passes
    lengths = [len(c.proposed) for c in ours.trace.cycles[:-1]]
    if schedule == "dynamic":
        assert min(lengths) < k, "the threshold never stopped a proposal: the comparison would be vacuous"
    else:
        assert set(lengths) == {k}


def test_greedy_confidence_is_the_softmax_of_the_logits():
    logits = torch.tensor([2.0, 1.0, 0.0, -1.0])
    greedy = SamplingPolicy()
    q = logits_to_probs(logits, greedy)  # one-hot: carries no confidence
    expected = math.exp(2.0) / sum(math.exp(x) for x in (2.0, 1.0, 0.0, -1.0))
    assert draft_confidence(logits, q, 0, greedy) == pytest.approx(expected, rel=1e-6)


def test_sampling_confidence_is_q_of_the_chosen_token():
    logits = torch.tensor([2.0, 1.0, 0.0, -1.0])
    policy = SamplingPolicy(temperature=0.5, top_k=2)
    q = logits_to_probs(logits, policy)
    assert draft_confidence(logits, q, 1, policy) == pytest.approx(float(q[1]))
    assert draft_confidence(logits, q, 3, policy) == 0.0  # filtered out by top-k
