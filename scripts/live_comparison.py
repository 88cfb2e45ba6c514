"""The Live page's speed-up measured two ways on the default pair: the target alone after the speculative run
(as the page did) or beside it, cycles interleaved (as it does now); on a quiet machine, and with two CPU-bound
processes started part-way (after the speculative run, or at half the text). Prints one line per condition
with the speed-up, its four parts and the target alone's ms per token in each part (docs/live-comparison.md).

    .venv/bin/python scripts/live_comparison.py
"""
import json
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from specviz.core.policy import SamplingPolicy  # noqa: E402
from specviz.engine.comparison import interleave, part_speedups  # noqa: E402
from specviz.engine.decoder import DecodeConfig, Decoder  # noqa: E402
from specviz.engine.measured import speedup  # noqa: E402
from specviz.models.loader import load_model  # noqa: E402

PROMPT = "def fibonacci(n):\n    \"\"\"Return the n-th Fibonacci number.\"\"\"\n"
draft = load_model("qwen2.5-coder-0.5b", device="cpu", dtype="float32")
target = load_model("qwen2.5-coder-1.5b", device="cpu", dtype="float32")
config = DecodeConfig(schedule="constant", k=4, max_new_tokens=48, policy=SamplingPolicy(0.0))
spec, alone = Decoder(target, draft, config), Decoder(target, None, config)
spec.run("warm up")
alone.run("warm up")

def burn():
    return [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(2)]

def stop(ps):
    for process in ps:
        process.kill()

def sequential(load):
    s = spec.run(PROMPT)
    ps = burn() if load else []
    try:
        a = alone.run(PROMPT)
    finally:
        stop(ps)
    return s, a

def interleaved(load):
    sr, ar = spec.start(PROMPT), alone.start(PROMPT)
    ps = []
    try:
        for _ in interleave(sr, ar):
            if load and not ps and len(sr.record.token_ids) >= 24:
                ps = burn()
    finally:
        stop(ps)
    return sr.record, ar.record

out = {}
for name, fn, load in (("quiet interleaved", interleaved, False), ("quiet sequential", sequential, False),
                       ("loaded sequential", sequential, True), ("loaded interleaved", interleaved, True),
                       ("quiet interleaved again", interleaved, False)):
    s, a = fn(load)
    parts = part_speedups(s, a)
    out[name] = {"speedup": round(speedup(s, a), 3), "parts": [round(v, 2) for v in parts.values],
                 "steady": parts.steady,
                 "alone_ms_per_token": [round(v, 1) for v in parts.alone_ms_per_token]}
    print(name, out[name], flush=True)
print(json.dumps(out))
