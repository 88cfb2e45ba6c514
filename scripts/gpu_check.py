"""The Live page's engine on a GPU: exactness on the tiny pair, and the costs a GPU time budget needs.

1. The tiny pair on the device: greedy speculative text equals the target alone (k = 1, 4, 8), and
   the first sampled token over many seeded runs fits the target's p (chi-square, alpha = 1e-3),
   while the naive rule is rejected at the same level (the check can fail).
2. Qwen2.5 0.5B-, 1.5B- and 7B-shaped models with random weights in bfloat16: the time of one
   token against a block of k + 1 tokens for k = 1..8, over a 256-token cache (median of repeats).
   Acceptance measured on the CPU combines with these costs in the time-budget formula.

    python scripts/gpu_check.py --out report.json [--device cuda] [--shapes 0.5b,1.5b,7b]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

import numpy as np
import torch
from transformers import DynamicCache, Qwen2Config, Qwen2ForCausalLM

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from specviz.core.policy import SamplingPolicy, logits_to_probs  # noqa: E402
from specviz.core.stats import chi_square  # noqa: E402
from specviz.engine.decoder import DecodeConfig, Decoder  # noqa: E402
from specviz.models.loader import load_model  # noqa: E402

ALPHA = 1e-3
SHAPES = {  # hidden, intermediate, layers, heads, kv heads (Qwen2.5 configurations)
    "0.5b": (896, 4864, 24, 14, 2), "1.5b": (1536, 8960, 28, 12, 2), "7b": (3584, 18944, 28, 28, 4)}


def exactness(device: str, runs: int) -> dict:
    draft, target = load_model("tiny-draft", device), load_model("tiny-target", device)
    prompt = "def f(x):"
    alone = Decoder(target, None, DecodeConfig(schedule="constant", max_new_tokens=40)).run(prompt).token_ids
    greedy = {k: Decoder(target, draft, DecodeConfig(schedule="constant", k=k,
                                                     max_new_tokens=40)).run(prompt).token_ids == alone
              for k in (1, 4, 8)}
    policy = SamplingPolicy(1.0, 0, 1.0)
    ids = torch.tensor([target.tokenizer(prompt).input_ids], device=target.device)
    with torch.inference_mode():
        p = logits_to_probs(target.model(ids).logits[0, -1].float(), policy).double().cpu().numpy()
    fits = {}
    for verifier in ("token", "naive"):
        counts = np.zeros(target.vocab_size)
        for seed in range(runs):
            config = DecodeConfig(schedule="constant", k=2, max_new_tokens=1, seed=seed, policy=policy,
                                  verifier=verifier,
                                  trace_detail="counters")
            counts[Decoder(target, draft, config).run(prompt).token_ids[0]] += 1
        fits[verifier] = chi_square(counts, p)[1]
    return {"greedy_equal": greedy, "p_value_exact": fits["token"], "p_value_naive": fits["naive"],
            "exact_fits": fits["token"] > ALPHA, "naive_rejected": fits["naive"] < ALPHA, "runs": runs}


def block_costs(shape: str, device: str, repeats: int, context: int = 256) -> dict:
    hidden, intermediate, layers, heads, kv_heads = SHAPES[shape]
    config = Qwen2Config(hidden_size=hidden, intermediate_size=intermediate, num_hidden_layers=layers,
                         num_attention_heads=heads, num_key_value_heads=kv_heads, vocab_size=151936)
    model = Qwen2ForCausalLM(config).to(device=device, dtype=torch.bfloat16).eval()
    prompt = torch.randint(0, 151936, (1, context), device=device)
    times = {}
    with torch.inference_mode():
        for rows in range(1, 10):  # 1 = a single step; k + 1 rows = a verify block for k = rows - 1
            samples = []
            for _ in range(repeats):
                cache = DynamicCache(config=config)
                model(prompt, past_key_values=cache, use_cache=True)
                block = torch.randint(0, 151936, (1, rows), device=device)
                _sync(device)
                started = time.perf_counter()
                model(block, past_key_values=cache, use_cache=True)
                _sync(device)
                samples.append((time.perf_counter() - started) * 1000)
            times[rows] = statistics.median(samples[1:] or samples)  # the first is a warm-up
    del model
    return {"single_ms": times[1], "block_ms": {k: times[k + 1] for k in range(1, 9)},
            "block_over_single": {k: times[k + 1] / times[1] for k in range(1, 9)}}


def _sync(device: str) -> None:
    if device.startswith("cuda"):
        torch.cuda.synchronize()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="gpu-report.json")
    parser.add_argument("--device", default="cuda")
    parser.add_argument("--shapes", default="0.5b,1.5b,7b")
    parser.add_argument("--runs", type=int, default=2000, help="seeded runs for the chi-square test")
    parser.add_argument("--repeats", type=int, default=6)
    args = parser.parse_args(argv)
    report = {"device": args.device, "name": torch.cuda.get_device_name() if args.device.startswith("cuda") else
              "cpu", "torch": torch.__version__, "exactness": exactness(args.device, args.runs), "costs": {}}
    Path(args.out).write_text(json.dumps(report, indent=1))
    for shape in [s for s in args.shapes.split(",") if s]:
        report["costs"][shape] = block_costs(shape, args.device, args.repeats)
        Path(args.out).write_text(json.dumps(report, indent=1))  # what is measured so far survives a time limit
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
