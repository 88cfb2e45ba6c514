"""Every drafter on the real target: greedy output equals the target alone on code, Italian, mixed and edit
prompts; drafting across vocabularies with SmolLM2 shows its intersection with Qwen's vocabulary."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from specviz.engine.decoder import DecodeConfig, Decoder
from specviz.models.loader import load_model

pytestmark = pytest.mark.real
PROMPTS_DIR = Path(__file__).resolve().parents[2] / "assets" / "prompts"
TOKENS = 24


def first_prompt(prompt_set: str) -> str:
    return json.loads((PROMPTS_DIR / f"{prompt_set}.jsonl").read_text(encoding="utf-8").splitlines()[0])["prompt"]


PROMPTS = {name: first_prompt(name) for name in ("code", "italian", "mixed", "edit")}


@pytest.fixture(scope="module")
def smollm2():
    return load_model("smollm2-135m", device="cpu", dtype="float32")


_ALONE: dict[str, tuple[int, ...]] = {}  # the target alone's tokens per prompt, computed once


def alone(target, prompt: str) -> tuple[int, ...]:
    if prompt not in _ALONE:
        _ALONE[prompt] = tuple(Decoder(target, None, DecodeConfig(schedule="constant",
                                                                  max_new_tokens=TOKENS)).run(prompt).token_ids)
    return _ALONE[prompt]


@pytest.mark.parametrize("drafter", ["ngram", "hybrid", "tli"])
def test_every_drafter_gives_the_target_alone_tokens_on_the_real_target(real_pair, smollm2, drafter):
    draft, target = real_pair
    proposer = {"ngram": None, "hybrid": draft, "tli": smollm2}[drafter]
    for name, prompt in PROMPTS.items():
        run = Decoder(target, proposer, DecodeConfig(k=4, schedule="constant", max_new_tokens=TOKENS,
                                                     drafter=drafter)).run(prompt)
        assert tuple(run.token_ids) == alone(target, prompt), (drafter, name)
        assert run.totals.proposed > 0 or drafter == "ngram"


def test_smollm2_and_qwen_meet_on_most_of_smollm2s_vocabulary(real_pair, smollm2):
    _, target = real_pair
    run = Decoder(target, smollm2, DecodeConfig(k=4, schedule="constant", max_new_tokens=8, drafter="tli",
                                                trace_detail="full")).run(PROMPTS["code"])
    size = run.settings.intersection
    assert 30_000 < size <= smollm2.vocab_size  # most SmolLM2 tokens (49 152) are Qwen tokens too
    assert all(len(c.outside_mass) == len(c.proposed) + 1 for c in run.cycles)


def test_hugging_faces_universal_assisted_generation_runs_smollm2_for_qwen_offline(real_pair, smollm2):
    from specviz.bench.contracts import Prompt
    from specviz.bench.runners import Config, Request, run_one

    _, target = real_pair
    request = Request(Prompt("italian-01", "italian", PROMPTS["italian"]), 0, TOKENS, 0)
    sample = run_one(Config("hf-universal", 4, "constant", drafter="tli"), target, smollm2, request)
    assert tuple(sample.token_ids) == alone(target, PROMPTS["italian"])  # greedy: the target alone's tokens
