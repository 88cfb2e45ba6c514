"""Prompt lookup (the ``ngram`` drafter): where it copies from, greedy equality with the target alone, and the
target's distribution under sampling (chi-square at ALPHA, paired with a broken copy that reports a flat q)."""

from __future__ import annotations

import numpy as np
import pytest
import torch

from specviz.core.policy import SamplingPolicy
from specviz.engine.decoder import DecodeConfig, Decoder
from specviz.engine.drafters.ngram import find_continuation
from specviz.errors import SpecvizError
from tests.engine.test_distribution import exact_distributions
from tests.stats import ALPHA, chi_square_pvalue

REPEATING = "ab ab ab a"  # its last n-grams occurred before: the first cycle already copies


def test_the_longest_match_wins_then_the_longest_context_then_the_earliest():
    #          0  1  2  3  4  5  6  7  8
    history = [1, 2, 3, 9, 1, 2, 4, 1, 2]
    assert find_continuation(history, 3, 1) == (2, 2)  # "1 2" at 0..1 and 4..5, same context: the earliest
    history = [7, 1, 2, 3, 9, 1, 2, 4, 9, 1, 2]
    assert find_continuation(history, 3, 1) == (7, 3)  # "9 1 2" only at 4..6: it beats the earlier "1 2"
    assert find_continuation([5, 6, 7, 5, 6], 1, 1) == (2, 1)  # the match is reported up to n_max
    assert find_continuation([1, 2, 3], 3, 1) is None  # nothing repeats
    assert find_continuation([1, 2, 3, 1], 3, 2) is None  # only a 1-gram repeats, and n_min is 2
    assert find_continuation([7, 7], 2, 1) == (1, 1)  # a copy may run into the text it matched


def test_a_proposal_is_the_copied_text_with_a_one_hot_q(tiny_pair):
    _, target = tiny_pair
    run = Decoder(target, None, DecodeConfig(schedule="constant", k=4, max_new_tokens=12,
                                             drafter="ngram")).start(REPEATING)
    cycle = run.step()
    history = run.record.prompt_ids
    assert cycle.proposed and cycle.drafted_by == ["ngram"] * len(cycle.proposed)
    assert cycle.proposed == [history[i] for i in cycle.sources]
    assert cycle.proposal_q == [1.0] * len(cycle.proposed)
    # The exact rule accepts a one-hot proposal with probability p(x): the acceptance it records is p(x).
    assert cycle.accept_prob == pytest.approx(cycle.target_p)
    assert run.record.totals.draft_forward_passes == 0


PROMPTS = [REPEATING, "def add(a, b):\n    return a + b\n\ndef add(a, b):\n", "la la la la"]


@pytest.mark.parametrize("prompt", PROMPTS)
@pytest.mark.parametrize("drafter", ["ngram", "hybrid"])
def test_under_greedy_copying_drafters_give_the_target_alone_tokens(tiny_pair, prompt, drafter):
    draft, target = tiny_pair
    reference = Decoder(target, None, DecodeConfig(schedule="constant", max_new_tokens=40)).run(prompt).token_ids
    for k, (n_max, n_min) in ((1, (3, 1)), (4, (3, 1)), (8, (2, 2))):
        run = Decoder(target, draft, DecodeConfig(k=k, schedule="constant", max_new_tokens=40, drafter=drafter,
                                                  ngram_max=n_max, ngram_min=n_min)).run(prompt)
        assert run.token_ids == reference, (k, n_max)
        assert run.drafter == drafter


def test_hybrid_records_which_drafter_proposed_each_token(tiny_pair):
    draft, target = tiny_pair
    run = Decoder(target, draft, DecodeConfig(k=4, schedule="constant", max_new_tokens=40,
                                              drafter="hybrid")).run("xyz ab ab a")
    by = {tuple(set(c.drafted_by)) for c in run.cycles if c.proposed}
    assert by <= {("ngram",), ("model",)} and ("ngram",) in by
    for cycle in run.cycles:
        assert bool(cycle.sources) == (cycle.drafted_by[:1] == ["ngram"])
    assert (run.totals.draft_forward_passes > 0) == (("model",) in by)  # the model ran only when it proposed


def test_the_match_a_copy_follows_is_measured_in_full():
    from specviz.engine.drafters.ngram import find_continuation, matched_length

    history = [7, 1, 2, 3, 9, 5, 1, 2, 3, 4, 1, 2, 3]  # "1 2 3" occurred twice before the end
    assert [matched_length(history, start) for start in (4, 9, 13)] == [3, 3, 13]
    assert find_continuation(history, n_max=2, n_min=1) == (4, 2)  # n capped at n_max, the earliest of the longest
    assert matched_length([5, 6, 5], 1) == 1 and matched_length([5, 6, 5], 2) == 0


def test_hybrid_tells_its_choice_the_match_each_copy_follows(tiny_pair):
    draft, target = tiny_pair
    run = Decoder(target, draft, DecodeConfig(k=4, schedule="constant", max_new_tokens=4,
                                              drafter="hybrid")).start("abcab")
    run.drafter.choice = copies_measured_faster()
    cycle = run.step()
    assert cycle.drafter_choice == "copy.faster" and cycle.sources[0] == 2  # "ab" occurred before: copy "cab"
    assert run.drafter.last.decision.match == 2 and run.drafter.last.decision.length == len(cycle.proposed)


def test_the_n_gram_lengths_are_checked():
    with pytest.raises(SpecvizError, match="shortest n-gram"):
        DecodeConfig(schedule="constant", drafter="ngram", ngram_max=2, ngram_min=3)
    with pytest.raises(SpecvizError, match="n-gram length"):
        DecodeConfig(schedule="constant", drafter="ngram", ngram_max=9)


RUNS = 2000


def first_two(target, drafter: str, policy: SamplingPolicy, draft=None, prompt: str = REPEATING):
    vocab = target.vocab_size
    first, joint, copied = np.zeros(vocab), np.zeros((vocab, vocab)), 0
    for seed in range(RUNS):
        run = Decoder(target, draft, DecodeConfig(schedule="constant", k=2, max_new_tokens=3, seed=seed, policy=policy,
                                                  drafter=drafter, trace_detail="counters")).start(prompt)
        if "hybrid" in drafter:
            run.drafter.choice = copies_measured_faster()
        while not run.finished:
            run.step()
        record = run.record
        a, b = record.token_ids[:2]
        first[a] += 1
        joint[a, b] += 1
        copied += record.totals.proposed > 0
    return first, joint, copied


def copies_measured_faster():
    """A hybrid drafter's choice as if copies had been accepted far more often than the model's tokens, and the
    model had been faster than the target alone: it copies wherever it can, else asks the model."""
    from specviz.core.online_costs import FadedRate, PassTimes
    from specviz.engine.drafters.source_choice import LONGEST_MATCH, Acceptance, SourceChoice

    choice = SourceChoice(times=PassTimes({1: 100.0, 3: 100.0, 5: 100.0}), draft_ms=20.0, started=True)
    choice.model = Acceptance(0.5, FadedRate(passed=80.0, reached=100.0))
    choice.copies = {length: Acceptance(0.5, FadedRate(passed=100.0, reached=100.0))
                     for length in range(1, LONGEST_MATCH + 1)}
    return choice


# Hybrid's copies come from the ngram drafter's own code (its `copier`): the first case tests them exact, and
# hybrid-flat-q shows that hybrid, once copies have been faster, reaches that path on REPEATING. Hybrid on
# "xyz" (nothing to copy) tests its model path. (Each case is 2000 seeded runs; at 1000 the flat q's joint
# test is not yet below ALPHA.)
CASES = [("ngram", REPEATING, True), ("ngram-flat-q", REPEATING, False), ("hybrid", "xyz", True),
         ("hybrid-flat-q", REPEATING, False)]


@pytest.mark.parametrize("drafter, prompt, exact", CASES, ids=[f"{d}-{len(p)}" for d, p, _ in CASES])
def test_copying_drafters_keep_the_target_distribution_and_a_flat_q_does_not(tiny_pair, drafter, prompt, exact):
    draft, target = tiny_pair
    policy = SamplingPolicy(temperature=1.0)
    p_first, p_joint = exact_distributions(target, target.tokenizer(prompt).input_ids, policy, target.vocab_size)
    first, joint, copied = first_two(target, drafter, policy, draft if "hybrid" in drafter else None, prompt)
    assert copied == RUNS  # every run proposed something: a copy, or (hybrid on "xyz") the draft model's tokens
    passes = (chi_square_pvalue(first, p_first) > ALPHA, chi_square_pvalue(joint.ravel(), p_joint.ravel()) > ALPHA)
    assert passes == (exact, exact)


def test_prompt_lookup_does_not_touch_the_random_stream_it_does_not_use(tiny_pair):
    # Same seed, same policy: the target alone and prompt lookup draw their uniforms from one generator,
    # so with nothing to copy the two runs are the same run.
    _, target = tiny_pair
    policy = SamplingPolicy(temperature=1.0)
    alone = Decoder(target, None, DecodeConfig(schedule="constant", max_new_tokens=8, seed=4, policy=policy)).run("xyz")
    lookup = Decoder(target, None, DecodeConfig(schedule="constant", max_new_tokens=8, seed=4, policy=policy,
                                                drafter="ngram",
                                                ngram_min=8, ngram_max=8)).run("xyz")
    assert torch.tensor(lookup.token_ids).equal(torch.tensor(alone.token_ids))


def test_a_trace_keeps_the_copy_sources_and_the_prompt_texts_and_refuses_bad_ones(tiny_pair):
    import json

    from specviz.engine.trace import run_from_json
    from specviz.viz.copy_figures import copy_source_html

    _, target = tiny_pair
    run = Decoder(target, None, DecodeConfig(schedule="constant", k=4, max_new_tokens=12,
                                             drafter="ngram")).run(REPEATING)
    assert len(run.prompt_texts) == len(run.prompt_ids) and "".join(run.prompt_texts) == REPEATING
    back = run_from_json(run.to_json())
    assert back.cycles[0].sources == run.cycles[0].sources and back.prompt_texts == run.prompt_texts
    shown = copy_source_html(back, 0)
    assert shown.count('class="sv-source"') == len(run.cycles[0].sources)
    data = json.loads(run.to_json())
    data["cycles"][0]["sources"] = [-1] * len(data["cycles"][0]["proposed"])
    with pytest.raises(SpecvizError, match="sources"):
        run_from_json(json.dumps(data))
    data = json.loads(run.to_json())
    data["prompt_texts"] = ["x"]
    with pytest.raises(SpecvizError, match="prompt_texts"):
        run_from_json(json.dumps(data))
