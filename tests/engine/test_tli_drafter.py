"""Drafting across vocabularies by token-level intersection (``tli``).

A tiny draft with its own tokenizer drafts for the tiny target: its vocabulary
numbers the 256 bytes in reverse order and adds three merged tokens the target
lacks, so every id differs and some draft tokens have no target twin. Greedy
output must equal the target alone; sampled output must follow the target's
distribution (chi-square at ALPHA), and a drafter that writes q at the draft's
own ids, as if both vocabularies numbered tokens alike, must be caught.
"""

from __future__ import annotations

import pytest
import torch
from tokenizers import Tokenizer, decoders, models, pre_tokenizers
from transformers import PreTrainedTokenizerFast, Qwen2Config, Qwen2ForCausalLM

from specviz.core.policy import SamplingPolicy
from specviz.engine.decoder import DecodeConfig, Decoder
from specviz.models.loader import LoadedModel
from specviz.models.tiny import EOS, _bytes_to_unicode
from specviz.models.vocab_map import intersect, token_bytes
from specviz.viz.cycle_frames import frames
from tests.engine.test_distribution import exact_distributions
from tests.engine.test_ngram_drafter import first_two
from tests.stats import ALPHA, chi_square_pvalue

MERGES = [("a", "b"), ("Ġ", "t"), ("h", "e")]
PROMPT = "the cat ab"


def other_tokenizer() -> PreTrainedTokenizerFast:
    chars = [_bytes_to_unicode()[b] for b in range(256)]
    vocab = {char: i for i, char in enumerate(reversed(chars))}  # every byte renumbered
    for left, right in MERGES:
        vocab[left + right] = len(vocab)
    vocab[EOS] = len(vocab)
    core = Tokenizer(models.BPE(vocab=vocab, merges=MERGES))
    core.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=False)
    core.decoder = decoders.ByteLevel()
    return PreTrainedTokenizerFast(tokenizer_object=core, eos_token=EOS, pad_token=EOS)


@pytest.fixture(scope="module")
def other_draft() -> LoadedModel:
    tokenizer = other_tokenizer()
    size = len(tokenizer)
    config = Qwen2Config(vocab_size=size, hidden_size=64, num_hidden_layers=2, num_attention_heads=4,
                         num_key_value_heads=2, intermediate_size=128, max_position_embeddings=2048,
                         tie_word_embeddings=False, eos_token_id=size - 1, pad_token_id=size - 1)
    torch.manual_seed(7)
    model = Qwen2ForCausalLM(config).eval()
    with torch.no_grad():
        model.lm_head.weight.mul_(25.0)  # as sharp as the tiny target
    return LoadedModel("tiny-other-draft", model, tokenizer, torch.device("cpu"), torch.float32,
                       frozenset({size - 1}), 2048, 0.0, "tiny")


def test_the_intersection_pairs_tokens_with_the_same_bytes_whatever_their_ids(tiny_pair, other_draft):
    _, target = tiny_pair
    mapping = intersect(other_draft.tokenizer, target.tokenizer, other_draft.vocab_size, target.vocab_size)
    assert mapping.size == 256  # the bytes; the merged tokens and the end-of-text token have no twin
    assert len(set(mapping.target_ids.tolist())) == mapping.size
    for draft_id, target_id in zip(mapping.draft_ids.tolist(), mapping.target_ids.tolist()):
        assert token_bytes(other_draft.tokenizer, draft_id) == token_bytes(target.tokenizer, target_id)
    assert mapping.draft_ids.tolist() != mapping.target_ids.tolist()  # renumbered: ids alone would mislead


def test_sentencepiece_pieces_become_their_bytes():
    class Pieces:
        def convert_ids_to_tokens(self, token_id):
            return ["▁the", "<0x0A>", "cat"][token_id]

    assert [token_bytes(Pieces(), i) for i in range(3)] == [b" the", b"\n", b"cat"]


def test_under_greedy_tli_gives_the_target_alone_tokens(tiny_pair, other_draft):
    _, target = tiny_pair
    for prompt in (PROMPT, "def f(x):\n    return x\n"):
        reference = Decoder(target, None, DecodeConfig(schedule="constant", max_new_tokens=40)).run(prompt).token_ids
        for k in (1, 4):
            run = Decoder(target, other_draft, DecodeConfig(k=k, schedule="constant", max_new_tokens=40,
                                                            drafter="tli")).run(prompt)
            assert run.token_ids == reference, (prompt, k)
            assert run.drafter == "tli" and run.settings.intersection == 256


def test_each_cycle_records_the_mass_no_proposal_can_take(tiny_pair, other_draft):
    _, target = tiny_pair
    run = Decoder(target, other_draft, DecodeConfig(k=3, schedule="constant", max_new_tokens=12, drafter="tli",
                                                    policy=SamplingPolicy(1.0, 0, 1.0))).run(PROMPT)
    for cycle in run.cycles:
        assert len(cycle.outside_mass) == len(cycle.proposed) + 1
        assert all(0.0 <= m <= 1.0 + 1e-6 for m in cycle.outside_mass)
        assert all(q > 0 for q in cycle.proposal_q)  # every proposal lies inside the intersection
    first = frames(run, 0, "en")[0]  # the cycle view says the bound it sets at the first position
    assert f"{run.cycles[0].outside_mass[0]:.3f} of its mass outside" in first.sentence


@pytest.mark.parametrize("drafter, exact", [("tli", True), ("tli-draft-ids", False)])
def test_tli_keeps_the_target_distribution_and_ids_read_across_vocabularies_do_not(tiny_pair, other_draft,
                                                                                    drafter, exact):
    _, target = tiny_pair
    policy = SamplingPolicy(temperature=1.0)
    p_first, p_joint = exact_distributions(target, target.tokenizer(PROMPT).input_ids, policy, target.vocab_size)
    first, joint, _ = first_two(target, drafter, policy, other_draft, PROMPT)
    passes = (chi_square_pvalue(first, p_first) > ALPHA, chi_square_pvalue(joint.ravel(), p_joint.ravel()) > ALPHA)
    assert passes == (exact, exact)
