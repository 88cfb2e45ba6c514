"""A full trace records what every exact rule would keep of each cycle's proposal, and reads back the same."""

from __future__ import annotations

import json

import pytest
import torch

from specviz.core.policy import SamplingPolicy
from specviz.core.sampling import GumbelSampler
from specviz.core.verifiers import exact_verifiers
from specviz.engine.decoder import DecodeConfig, Decoder
from specviz.engine.trace import run_from_json
from specviz.errors import SpecvizError

PROMPT = "The quick brown fox"


@pytest.mark.parametrize("verifier", exact_verifiers())
def test_each_cycle_holds_every_rules_verdict_and_the_deciding_one_is_what_happened(tiny_pair, verifier):
    draft, target = tiny_pair
    config = DecodeConfig(schedule="constant", policy=SamplingPolicy(1.0, 0, 1.0), k=4, max_new_tokens=24, seed=3,
                          verifier=verifier,
                          compare_verifiers=True)
    run = Decoder(target, draft, config).run(PROMPT)
    speculative = [c for c in run.cycles if c.proposed]
    assert speculative
    noise = GumbelSampler(3, torch.Generator())  # the coupled rule's own draws: the seed's positional noise
    for cycle in speculative:
        assert [v.verifier for v in cycle.verdicts] == list(exact_verifiers())
        assert len(cycle.draws) == len(cycle.proposed)
        if verifier == "coupled":  # its u is each proposal's own noise where it stands, not the shared draws
            position = len(run.prompt_ids) + sum(len(c.emitted) for c in run.cycles[: cycle.index])
            assert cycle.uniforms == pytest.approx([noise.uniform(position + i, token)
                                                    for i, token in enumerate(cycle.proposed[: len(cycle.uniforms)])])
        else:
            assert cycle.uniforms == pytest.approx(cycle.draws[: len(cycle.uniforms)])
        own = next(v for v in cycle.verdicts if v.verifier == verifier)
        assert own.accepted == cycle.accepted
        block = next(v for v in cycle.verdicts if v.verifier == "block")
        assert len(block.weights) == len(cycle.proposed)
        if verifier == "block":
            assert block.weights == pytest.approx(cycle.weights)
        match = next(v for v in cycle.verdicts if v.verifier == "match")
        assert len(match.target_draws) == min(match.accepted + 1, len(cycle.proposed))
        assert match.target_draws[: match.accepted] == cycle.proposed[: match.accepted]
    back = run_from_json(run.to_json())
    assert back.cycles[0].verdicts == run.cycles[0].verdicts


def test_only_a_full_trace_that_asks_for_them_records_verdicts(tiny_pair):
    draft, target = tiny_pair
    counters = Decoder(target, draft, DecodeConfig(schedule="constant", max_new_tokens=12, trace_detail="counters",
                                                   compare_verifiers=True)).run(PROMPT)
    unasked = Decoder(target, draft, DecodeConfig(schedule="constant", max_new_tokens=12)).run(PROMPT)
    alone = Decoder(target, None, DecodeConfig(schedule="constant", max_new_tokens=12,
                                               compare_verifiers=True)).run(PROMPT)
    assert all(not c.verdicts and not c.draws for c in counters.cycles + unasked.cycles + alone.cycles)


def test_a_verdict_that_does_not_fit_its_proposal_is_refused(tiny_pair):
    draft, target = tiny_pair
    run = Decoder(target, draft, DecodeConfig(schedule="constant", k=3, max_new_tokens=8,
                                              compare_verifiers=True)).run(PROMPT)
    data = json.loads(run.to_json())
    data["cycles"][0]["verdicts"][0]["accepted"] = 99
    with pytest.raises(SpecvizError, match="verdict"):
        run_from_json(json.dumps(data))
    data["cycles"][0]["verdicts"] = "all of them"
    with pytest.raises(SpecvizError, match="verdicts"):
        run_from_json(json.dumps(data))


def test_the_tally_of_the_rule_that_ran_is_the_runs_own_count(tiny_pair):
    from specviz.engine.verdicts import tally

    draft, target = tiny_pair
    config = DecodeConfig(schedule="constant", policy=SamplingPolicy(1.0, 0, 1.0), k=4, max_new_tokens=40, seed=5,
                          compare_verifiers=True)
    run = Decoder(target, draft, config).run(PROMPT)
    by_rule = {t.verifier: t for t in tally(run)}
    assert by_rule["token"].kept == run.totals.accepted
    assert by_rule["token"].proposed == run.totals.proposed
    assert by_rule["token"].more == by_rule["token"].fewer == 0
    for name, rule in by_rule.items():
        kept = [next(v.accepted for v in c.verdicts if v.verifier == name) for c in run.cycles if c.verdicts]
        assert rule.kept == sum(kept) and rule.cycles == len(kept)
        assert rule.tokens_per_cycle == pytest.approx(sum(kept) / len(kept) + 1)


@pytest.mark.parametrize("name", ["cpu-2core-intel-avx512-three-verifiers", "cpu-2core-amd-avx512-verifiers-coupled"])
def test_the_committed_verifier_reports_give_every_rule_and_hugging_face_per_temperature(name):
    from specviz.bench.checklist import load_report
    from specviz.bench.rules import VERIFIER_REPORTS, measured_rules

    assert name in VERIFIER_REPORTS  # the Verifiers page shows both
    report = load_report(name)
    measured = measured_rules(report)
    for temperature in report.plan["temperatures"]:
        at = {m.rule: m for m in measured if m.temperature == temperature}
        assert {"token", "block", "hf"} <= set(at)
        row = next(r for r in report.rows if r.prompt_set == "all" and r.rule == "block"
                   and r.temperature == temperature)
        assert at["block"].target_passes_per_100 == pytest.approx(100 * row.target_forward_passes / row.tokens)
        assert at["block"].tokens_per_cycle == row.mean_tokens_per_cycle and at["hf"].tokens_per_cycle is None
        assert at["hf"].speedup > 0 and at["hf"].target_passes_per_100 > 0
