"""With sampling, speculative output has the target's distribution (and broken rules do not).

The claim is about distributions, not trajectories: over many seeded runs the
first generated token, and the first two jointly, must follow the target's
exact distribution under the same policy, computed here directly from the
target's logits. Each test uses the significance level ALPHA of tests/stats.py;
the broken variants must be rejected by the very same test.
"""

import numpy as np
import pytest
import torch

from specviz.core.policy import SamplingPolicy, logits_to_probs
from specviz.engine.decoder import DecodeConfig, Decoder
from tests.stats import ALPHA, chi_square_pvalue

PROMPT = "def f(x):"
RUNS = 2000


@torch.inference_mode()
def exact_distributions(target, prompt_ids, policy, vocab):
    """p(a) for the first token and P(a, b) = p(a) p(b | a) for the first two."""
    first = logits_to_probs(target.model(torch.tensor([prompt_ids])).logits[0, -1, :vocab], policy)
    batch = torch.tensor([prompt_ids + [a] for a in range(vocab)])
    second = logits_to_probs(target.model(batch).logits[:, -1, :vocab], policy)  # [vocab, vocab]
    return first.double().numpy(), (first[:, None] * second).double().numpy()


def sample_runs(target, draft, policy, runs=RUNS, **config):
    vocab = target.vocab_size
    first = np.zeros(vocab)
    joint = np.zeros((vocab, vocab))
    for seed in range(runs):
        record = Decoder(target, draft, DecodeConfig(k=2, max_new_tokens=3, seed=seed, policy=policy,
                                                     trace_detail="counters", **config)).run(PROMPT)
        a, b = record.token_ids[:2]
        first[a] += 1
        joint[a, b] += 1
    return first, joint


POLICIES = {
    "t1.0": SamplingPolicy(temperature=1.0),
    "t0.7": SamplingPolicy(temperature=0.7),
    "t1.0-topk20-topp0.9": SamplingPolicy(temperature=1.0, top_k=20, top_p=0.9),
}


# Every exact verifier under the plain policy; the token rule (the default) under every policy.
EXACT_CASES = [("token", name) for name in POLICIES] + [("block", "t1.0"), ("block", "t1.0-topk20-topp0.9"),
                                                        ("match", "t1.0"), ("match", "t0.7")]


@pytest.mark.parametrize("verifier, policy_name", EXACT_CASES, ids=[f"{v}-{p}" for v, p in EXACT_CASES])
def test_speculative_sampling_matches_the_target(tiny_pair, verifier, policy_name):
    draft, target = tiny_pair
    policy = POLICIES[policy_name]
    prompt_ids = target.tokenizer(PROMPT).input_ids
    p_first, p_joint = exact_distributions(target, prompt_ids, policy, target.vocab_size)
    first, joint = sample_runs(target, draft, policy, verifier=verifier)
    assert chi_square_pvalue(first, p_first) > ALPHA
    assert chi_square_pvalue(joint.ravel(), p_joint.ravel()) > ALPHA


def test_target_only_sampling_matches_the_target(tiny_pair):
    _, target = tiny_pair
    policy = POLICIES["t1.0"]
    p_first, p_joint = exact_distributions(target, target.tokenizer(PROMPT).input_ids, policy, target.vocab_size)
    first, joint = sample_runs(target, None, policy)
    assert chi_square_pvalue(first, p_first) > ALPHA
    assert chi_square_pvalue(joint.ravel(), p_joint.ravel()) > ALPHA


# raw-q needs a filter to go wrong: without top-k/top-p its reported q is the one it sampled from.
BROKEN_CASES = {"naive": ({"verifier": "naive"}, "t1.0"), "greedy": ({"drafter": "greedy-q"}, "t1.0"),
                "raw-q": ({"drafter": "raw-q"}, "t1.0-topk20-topp0.9")}


@pytest.mark.parametrize("broken, policy_name", BROKEN_CASES.values(), ids=BROKEN_CASES.keys())
def test_broken_variants_are_caught(tiny_pair, broken, policy_name):
    draft, target = tiny_pair
    policy = POLICIES[policy_name]
    p_first, p_joint = exact_distributions(target, target.tokenizer(PROMPT).input_ids, policy, target.vocab_size)
    first, joint = sample_runs(target, draft, policy, **broken)
    assert chi_square_pvalue(first, p_first) < ALPHA
    assert chi_square_pvalue(joint.ravel(), p_joint.ravel()) < ALPHA
