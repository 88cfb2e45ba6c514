"""Replay the hybrid drafter's choices on recorded greedy runs, to tune source_choice without the real pair.

Under greedy decoding every drafter writes the target-alone text; what changes is how many target
passes it takes and what each costs. So one recording per prompt is enough: the target's greedy
tokens and, at every position, the draft model's greedy continuation of 8 tokens. A replay then
walks the text cycle by cycle as the decoder would: the real `SourceChoice` picks copy, model or
alone; a copy comes from the real prompt lookup; a proposal keeps its prefix that matches the text.
Each cycle is charged by a cost model fitted to the real pair's measured times (COSTS, on a 2-core
CPU), with 5% noise, so choices that depend on times vary as in a real run.

    .venv/bin/python scripts/hybrid_replay.py record --out F.json [--per-set 3] [--skip 0]   # minutes
    .venv/bin/python scripts/hybrid_replay.py replay assets/hybrid-replay/*.json [--k 4,8] [--seeds 4]  # seconds

The real benchmark (`specviz bench --drafter model,ngram,hybrid`) is the measurement; a replay only
says which settings are worth measuring, on more prompts than a benchmark can afford.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from specviz.engine.drafters.ngram import find_continuation, matched_length  # noqa: E402
from specviz.engine.drafters.source_choice import Decision, SourceChoice  # noqa: E402
from specviz.settings import ASSETS  # noqa: E402

SETS = ("code", "italian", "mixed", "edit")
CONTINUATION = 8  # draft tokens recorded at each position: the largest k a replay can use


@dataclass(frozen=True)
class Costs:
    """Milliseconds, from the real pair's cycle records (Qwen2.5-Coder 1.5B float32, 0.5B int8, 2 cores)."""

    one_row: float = 300.0  # the target's pass over one row (the target alone)
    per_row: float = 15.0  # each further row of a verify pass
    draft_token: float = 35.0  # the draft model, per proposed token
    draft_call: float = 15.0  # per proposal
    catch_up: float = 20.0  # the draft reading text it missed, plus catch_up_token per token
    catch_up_token: float = 3.0
    target_prompt: float = 300.0  # the first cycle reads the prompt into the target
    draft_prompt: float = 150.0  # the model's first proposal reads it into the draft
    noise: float = 0.05  # log-normal spread of every time


COSTS = Costs()


def record(out: Path, per_set: int, skip: int) -> None:
    """Greedy target text and the draft's greedy continuation at each position, for each prompt."""
    import torch

    from specviz.bench.harness import load_prompts
    from specviz.core.policy import SamplingPolicy
    from specviz.engine.decoder import DecodeConfig, Decoder
    from specviz.models.fast import load_draft, load_target
    from specviz.models.registry import DEFAULT_DRAFT, DEFAULT_TARGET

    prompts = load_prompts([str(ASSETS / "prompts" / f"{name}.jsonl") for name in SETS], per_set=per_set + skip)
    chosen = [p for p in prompts if int(p.id.rsplit("-", 1)[1]) > skip]
    target = load_target(DEFAULT_TARGET)
    draft = load_draft(DEFAULT_DRAFT, target)
    config = DecodeConfig(schedule="constant", policy=SamplingPolicy(temperature=0.0), k=CONTINUATION,
                          max_new_tokens=64)
    runs = {}
    for prompt in chosen:
        run = Decoder(target, draft, config).run(prompt.text)
        text = list(run.token_ids)
        continuations = []
        with torch.inference_mode():
            for position in range(len(text)):
                ids = torch.tensor([list(run.prompt_ids) + text[:position]])
                more = draft.model.generate(ids, attention_mask=torch.ones_like(ids), do_sample=False,
                                            max_new_tokens=CONTINUATION, pad_token_id=0)
                continuations.append(more[0, ids.shape[1]:].tolist())
        runs[prompt.id] = {"prompt_ids": list(run.prompt_ids), "tokens": text, "continuations": continuations}
        print(prompt.id, len(text), file=sys.stderr)
    out.write_text(json.dumps(runs))


def common_prefix(proposal: list[int], text: list[int]) -> int:
    kept = 0
    for proposed, written in zip(proposal, text):
        if proposed != written:
            break
        kept += 1
    return kept


def replay(run: dict, k: int, drafter: str, rng: random.Random, costs: Costs = COSTS) -> tuple[float, int]:
    """(milliseconds, target passes) for one drafter ("alone", "model", "ngram", "hybrid") on one run."""
    prompt, text, continuations = run["prompt_ids"], run["tokens"], run["continuations"]
    choice = SourceChoice()
    position, total_ms, passes, draft_seen = 0, 0.0, 0, None
    while position < len(text):
        history = prompt + text[:position]
        found = find_continuation(history, 3, 1)
        copy = history[found[0]:found[0] + k] if found else []
        if drafter == "hybrid":
            decision = choice.choose(k, len(copy), matched_length(history, found[0]) if found else 0)
        elif drafter == "model":
            decision = Decision("model", "", k)
        elif drafter == "ngram" and copy:
            decision = Decision("copy", "", len(copy))
        else:
            decision = Decision("alone", "", 0)
        length = min(decision.length, len(text) - position)
        proposal = {"copy": copy, "model": continuations[position], "alone": []}[decision.source][:length]
        accepted = common_prefix(proposal, text[position:])
        # 1. the cycle's cost: the target's pass over len(proposal) + 1 rows, the draft's proposal
        verify_ms = (costs.one_row + costs.per_row * len(proposal)) * math.exp(rng.gauss(0, costs.noise))
        draft_ms, model_first = 0.0, decision.source == "model" and draft_seen is None
        if decision.source == "model":
            draft_ms = (costs.draft_call + costs.draft_token * len(proposal)) * math.exp(rng.gauss(0, costs.noise))
            if draft_seen is None:
                draft_ms += costs.draft_prompt
            elif position - draft_seen > 1:
                draft_ms += costs.catch_up + costs.catch_up_token * (position - draft_seen)
            draft_seen = position + accepted
        reads_prompt = passes == 0 or model_first  # not timed, as in the hybrid drafter
        cycle_ms = verify_ms + draft_ms + (costs.target_prompt if passes == 0 else 0.0)
        # 2. the choice learns what the hybrid drafter would tell it
        # as the hybrid drafter counts it: catching up included, reading the prompt left out
        per_token = (draft_ms - (costs.draft_prompt if model_first else 0.0)) / len(proposal) if draft_ms else None
        choice.finished(Decision(decision.source, decision.reason, len(proposal), decision.match), accepted,
                        None if reads_prompt else cycle_ms, draft_ms, per_token)
        total_ms += cycle_ms
        passes += 1
        position += min(accepted + 1, len(text) - position)
    return total_ms, passes


def table(runs: dict, ks: list[int], seeds: int) -> list[dict]:
    """Per set and k: each drafter's speed-up over the target alone, and hybrid ÷ the best single drafter."""
    rows = []
    for k in ks:
        for name in SETS:
            chosen = [run for key, run in runs.items() if key.startswith(name)]
            if not chosen:
                continue
            ms = {}
            for drafter in ("alone", "model", "ngram", "hybrid"):
                tries = seeds if drafter == "hybrid" else 1
                ms[drafter] = sum(replay(run, k, drafter, random.Random(seed))[0]
                                  for run in chosen for seed in range(tries)) / tries
            rows.append({"set": name, "k": k, "prompts": len(chosen),
                         **{drafter: ms["alone"] / ms[drafter] for drafter in ("model", "ngram", "hybrid")},
                         "hybrid_vs_best": min(ms["model"], ms["ngram"]) / ms["hybrid"]})
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    rec = commands.add_parser("record")
    rec.add_argument("--out", type=Path, required=True)
    rec.add_argument("--per-set", type=int, default=3)
    rec.add_argument("--skip", type=int, default=0, help="prompts to skip at the start of each set")
    rep = commands.add_parser("replay")
    rep.add_argument("files", type=Path, nargs="+")
    rep.add_argument("--k", default="4,8")
    rep.add_argument("--seeds", type=int, default=4)
    args = parser.parse_args(argv)
    if args.command == "record":
        record(args.out, args.per_set, args.skip)
        return 0
    runs = {}
    for path in args.files:
        runs.update(json.loads(path.read_text()))
    rows = table(runs, [int(k) for k in args.k.split(",")], args.seeds)
    print("| set | k | prompts | draft model | prompt lookup | hybrid | hybrid ÷ best |")
    print("|---|---|---|---|---|---|---|")
    for row in rows:
        print(f"| {row['set']} | {row['k']} | {row['prompts']} | {row['model']:.2f}× | {row['ngram']:.2f}× | "
              f"{row['hybrid']:.2f}× | {row['hybrid_vs_best']:.2f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
