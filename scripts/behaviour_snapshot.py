"""Seeded and greedy outputs and counters of a grid of runs, as one JSON object: to show a change kept behaviour.

Run it in two checkouts (e.g. `git worktree add /tmp/before <commit>`) with the same venv and compare the outputs:

    PYTHONPATH=/tmp/before .venv/bin/python scripts/behaviour_snapshot.py tiny > before.json
    .venv/bin/python scripts/behaviour_snapshot.py tiny > after.json && cmp before.json after.json

`tiny` runs the tiny pair (seconds); `real` the default Qwen2.5-Coder pair in float32 (about 2 minutes, 17 GB).
Every run uses the constant schedule, so a seed fixes its text; the hybrid drafter, whose choice follows measured
times, runs greedy only.
"""
import json
import os
import sys
from pathlib import Path

# The checkout to snapshot: PYTHONPATH's first entry if given, else the one this script is in.
sys.path.insert(0, os.environ.get("PYTHONPATH", "").split(":")[0] or str(Path(__file__).resolve().parents[1]))
from specviz.core.policy import SamplingPolicy  # noqa: E402
from specviz.engine.decoder import DecodeConfig, Decoder  # noqa: E402
from specviz.models.loader import load_model  # noqa: E402

pair = sys.argv[1]
if pair == "tiny":
    draft, target = load_model("tiny-draft", device="cpu"), load_model("tiny-target", device="cpu")
    prompts = ["Il gatto", "def add(a, b):\n    return a + b\n\ndef add(a, b):\n"]
    drafters, verifiers, n = ("model", "ngram", "hybrid", "tli"), ("token", "block", "match"), 40
else:
    draft = load_model("qwen2.5-coder-0.5b", device="cpu", dtype="float32")
    target = load_model("qwen2.5-coder-1.5b", device="cpu", dtype="float32")
    prompts = ["def fibonacci(n):\n    \"\"\"Return the n-th Fibonacci number.\"\"\"\n"]
    drafters, verifiers, n = ("model", "ngram"), ("token", "block"), 32

def totals(run):
    t = run.totals
    get = (lambda k: t[k]) if isinstance(t, dict) else (lambda k: getattr(t, k))
    return {k: get(k) for k in ("proposed", "accepted", "target_forward_passes", "draft_forward_passes", "cycles")}

out = {}
for prompt in prompts:
    for drafter in drafters:
        for verifier in verifiers:
            for temperature, seed in ((0.0, 0), (1.0, 3), (0.8, 11)):
                if drafter == "hybrid" and temperature:
                    continue  # its choice follows measured times
                config = DecodeConfig(policy=SamplingPolicy(temperature, 20 if temperature == 1.0 else 0),
                                      k=4, schedule="constant", max_new_tokens=n, seed=seed,
                                      drafter=drafter, verifier=verifier)
                run = Decoder(target, draft, config).run(prompt)
                out[f"{prompt[:8]!r} {drafter} {verifier} T={temperature}"] = {
                    "tokens": run.token_ids, **({} if drafter == "hybrid" else totals(run))}
    alone = Decoder(target, None, DecodeConfig(schedule="constant", max_new_tokens=n)).run(prompt)
    out[f"{prompt[:8]!r} alone"] = {"tokens": alone.token_ids}
print(json.dumps(out))
