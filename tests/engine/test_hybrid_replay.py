"""scripts/hybrid_replay.py: the replay that tunes the hybrid drafter walks a text as the decoder would."""

import importlib.util
import json
import random
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("hybrid_replay", ROOT / "scripts" / "hybrid_replay.py")
hybrid_replay = importlib.util.module_from_spec(spec)
sys.modules["hybrid_replay"] = hybrid_replay  # dataclasses look their module up
spec.loader.exec_module(hybrid_replay)

NO_NOISE = hybrid_replay.Costs(noise=0.0)
TEXT = list(range(100, 164))  # 64 tokens, none repeated: nothing to copy


def run(text, continuations, prompt=(1, 2, 3)):
    return {"prompt_ids": list(prompt), "tokens": list(text), "continuations": continuations}


@pytest.mark.parametrize("k", [4, 8])
def test_a_draft_that_is_always_right_needs_one_pass_per_k_plus_one_tokens(k):
    perfect = run(TEXT, [TEXT[i:i + 8] for i in range(len(TEXT))])
    _, passes = hybrid_replay.replay(perfect, k, "model", random.Random(0), NO_NOISE)
    assert passes == -(-len(TEXT) // (k + 1))
    _, hybrid_passes = hybrid_replay.replay(perfect, k, "hybrid", random.Random(0), NO_NOISE)
    assert hybrid_passes == passes  # the hybrid drafter keeps a draft model that is always right


def test_with_nothing_to_copy_and_a_useless_draft_the_hybrid_drafter_lets_the_target_write_alone():
    useless = run(TEXT, [[0] * 8 for _ in TEXT])
    alone_ms, alone_passes = hybrid_replay.replay(useless, 8, "alone", random.Random(0), NO_NOISE)
    assert alone_passes == len(TEXT)
    ngram_ms, ngram_passes = hybrid_replay.replay(useless, 8, "ngram", random.Random(0), NO_NOISE)
    assert (ngram_ms, ngram_passes) == (alone_ms, alone_passes)  # nothing to copy: the target alone
    hybrid_ms, hybrid_passes = hybrid_replay.replay(useless, 8, "hybrid", random.Random(0), NO_NOISE)
    model_ms, _ = hybrid_replay.replay(useless, 8, "model", random.Random(0), NO_NOISE)
    assert hybrid_passes == len(TEXT) and hybrid_ms < 1.1 * alone_ms < model_ms / 2


def test_a_text_that_repeats_its_prompt_is_copied():
    repeated = run(TEXT[:32] + TEXT[:32], [[0] * 8 for _ in range(64)], prompt=TEXT[:32])
    _, ngram_passes = hybrid_replay.replay(repeated, 8, "ngram", random.Random(0), NO_NOISE)
    _, hybrid_passes = hybrid_replay.replay(repeated, 8, "hybrid", random.Random(0), NO_NOISE)
    assert ngram_passes == 8 and hybrid_passes <= 10  # the hybrid drafter tries its model first


def test_the_committed_recordings_replay_and_the_table_has_every_set():
    runs = json.loads((ROOT / "assets" / "hybrid-replay" / "bench-prompts.json").read_text())
    assert {key.rsplit("-", 1)[0] for key in runs} == set(hybrid_replay.SETS)
    rows = hybrid_replay.table({key: runs[key] for key in ("code-01", "edit-01")}, [4], seeds=1)
    assert [row["set"] for row in rows] == ["code", "edit"]
    assert all(row["model"] > 1 and 0 < row["hybrid_vs_best"] for row in rows)
