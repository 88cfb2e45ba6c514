"""Coupled verification on real models: one seed, one text, whoever drafts (arXiv 2408.07978).

Layers:
- invariance: the speculative text equals the target alone's with the same noise
  (`--no-spec --verifier coupled`) for every drafter, k in {1, 3, 7}, the constant and
  budget schedules, T in {0.7, 1.3} (top-k and top-p at 1.3), two seeds; the variant
  whose noise is keyed by the cycle instead of the position must fail it;
- exactness: over seeded runs the first token and the first two follow the target's
  distribution (chi-square at ALPHA, tests/stats.py); the cycle-keyed variant keeps the
  first token exact (its first position is right) and must fail on the pair.
"""

from __future__ import annotations

import json

import pytest

from specviz.core.policy import SamplingPolicy
from specviz.core.sampling import NOISE_SCHEME, STREAM
from specviz.engine.decoder import DecodeConfig, Decoder
from specviz.engine.trace import run_from_dict, run_from_json
from specviz.errors import SpecvizError
from tests.engine.test_distribution import POLICIES, PROMPT, exact_distributions, sample_runs
from tests.engine.test_tli_drafter import other_draft  # noqa: F401 - the fixture: a draft with its own tokenizer
from tests.stats import ALPHA, chi_square_pvalue

TEMPERATURES = {0.7: SamplingPolicy(temperature=0.7), 1.3: SamplingPolicy(temperature=1.3, top_k=40, top_p=0.9)}
SEEDS = (3, 11)
KS = (1, 3, 7)
SCHEDULES = ("constant", "budget")
TOKENS = 40


def texts(target, draft, drafter: str, verifier: str, temperature: float, seed: int) -> tuple[list[int], list]:
    """The target alone's tokens, and each (k, schedule)'s speculative tokens, for one drafter and one seed."""
    def config(**more):
        return DecodeConfig(policy=TEMPERATURES[temperature], seed=seed, verifier=verifier, max_new_tokens=TOKENS,
                            trace_detail="counters", **more)

    alone = Decoder(target, None, config()).run(PROMPT).token_ids
    runs = [Decoder(target, draft, config(drafter=drafter, k=k, schedule=schedule)).run(PROMPT)
            for k in KS for schedule in SCHEDULES]
    return alone, runs


def the_draft(drafter: str, tiny_pair, other_draft):  # noqa: F811 - the fixture's value
    return other_draft if drafter == "tli" else tiny_pair[0]


@pytest.mark.parametrize("temperature", TEMPERATURES)
@pytest.mark.parametrize("drafter", ["model", "ngram", "hybrid", "tli"])
def test_the_text_is_the_target_alones_whoever_drafts(tiny_pair, other_draft, drafter, temperature):  # noqa: F811
    target = tiny_pair[1]
    for seed in SEEDS:
        alone, runs = texts(target, the_draft(drafter, tiny_pair, other_draft), drafter, "coupled", temperature, seed)
        assert len(alone) >= TOKENS // 2  # a text, not an early end
        for run in runs:
            assert run.token_ids == alone, (seed, run.settings.k, run.settings.schedule)
        # Not a trivial agreement: proposals were made and some were refused along the way.
        assert sum(r.totals.proposed for r in runs) > 0


@pytest.mark.parametrize("drafter", ["model", "hybrid"])
def test_noise_keyed_by_the_cycle_is_caught_by_the_same_comparison(tiny_pair, drafter):
    draft, target = tiny_pair
    differ = 0
    for seed in SEEDS:
        alone, runs = texts(target, draft, drafter, "coupled-by-cycle", 1.3, seed)
        differ += sum(run.token_ids != alone for run in runs)
    assert differ >= len(SEEDS) * len(KS) * len(SCHEDULES) // 2


def test_the_token_rule_promises_the_distribution_only(tiny_pair):
    """The contrast the Live page states: with the token rule the same seed gives another text when k changes."""
    draft, target = tiny_pair
    alone, runs = texts(target, draft, "model", "token", 1.3, SEEDS[0])
    assert any(run.token_ids != alone for run in runs)


COUPLED_CASES = ["t1.0", "t1.0-topk20-topp0.9"]


@pytest.mark.parametrize("policy_name", COUPLED_CASES)
def test_coupled_speculative_sampling_matches_the_target(tiny_pair, policy_name):
    draft, target = tiny_pair
    policy = POLICIES[policy_name]
    p_first, p_joint = exact_distributions(target, target.tokenizer(PROMPT).input_ids, policy, target.vocab_size)
    first, joint = sample_runs(target, draft, policy, verifier="coupled")
    assert chi_square_pvalue(first, p_first) > ALPHA
    assert chi_square_pvalue(joint.ravel(), p_joint.ravel()) > ALPHA


def test_noise_keyed_by_the_cycle_breaks_the_pairs(tiny_pair):
    draft, target = tiny_pair
    policy = POLICIES["t1.0"]
    p_first, p_joint = exact_distributions(target, target.tokenizer(PROMPT).input_ids, policy, target.vocab_size)
    first, joint = sample_runs(target, draft, policy, verifier="coupled-by-cycle")
    assert chi_square_pvalue(first, p_first) > ALPHA  # the first position reads its own noise: still exact
    assert chi_square_pvalue(joint.ravel(), p_joint.ravel()) < ALPHA  # the second reads the first's: caught


def test_a_trace_records_the_noise_and_a_shared_trace_reproduces_its_text(tiny_pair):
    draft, target = tiny_pair
    config = DecodeConfig(policy=TEMPERATURES[1.3], seed=SEEDS[0], verifier="coupled", k=3, max_new_tokens=16,
                          compare_verifiers=True)
    record = Decoder(target, draft, config).run(PROMPT)
    assert (record.verifier, record.noise) == ("coupled", NOISE_SCHEME)
    shared = run_from_json(record.to_json())  # what a student downloads and another opens
    assert (shared.verifier, shared.noise, shared.settings.seed) == ("coupled", NOISE_SCHEME, SEEDS[0])
    # Run again from what the trace says, by another drafter and k: the same text.
    again = Decoder(target, draft, DecodeConfig(policy=SamplingPolicy(**shared.policy), seed=shared.settings.seed,
                                                verifier=shared.verifier, drafter="hybrid", k=7,
                                                max_new_tokens=16)).run(shared.prompt)
    assert again.token_ids == shared.token_ids
    # Every exact rule judged each cycle, coupled with the seed's noise: its verdicts are what it decided.
    judged = [c for c in record.cycles if c.verdicts]
    assert judged and all({v.verifier: v.accepted for v in c.verdicts}["coupled"] == c.accepted for c in judged)


def test_a_trace_without_the_field_drew_from_the_stream_and_a_malformed_one_is_refused(tiny_pair):
    draft, target = tiny_pair
    data = json.loads(Decoder(target, draft, DecodeConfig(max_new_tokens=4)).run(PROMPT).to_json())
    assert data["noise"] == STREAM
    del data["noise"]
    assert run_from_dict(data).noise == STREAM
    with pytest.raises(SpecvizError, match="field 'noise'"):
        run_from_dict({**data, "noise": ["gumbel"]})
