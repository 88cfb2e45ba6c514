"""The Live page's interleaved speed-up under a deliberate background load, against `specviz bench` on the same
prompt on a quiet machine (docs/live-comparison.md).

The reference is the harness's speed-up (tokens/s against the target alone, interleaved, median of paired
repeats). Then the page's comparison (the two runs' cycles interleaved, `specviz/engine/comparison.py`) runs
quiet, then while one, then two, CPU-bound processes load this 2-core machine from the start of the run.
Each page figure passes when it lies within 10% of the reference, or when the page says the load made the
comparison unreliable (the load changed across the text, or other programs kept more than BUSY_CORES cores
busy, `specviz/engine/machine_load.py`).

    .venv/bin/python scripts/live_vs_bench.py [--repeats 3] [--tokens 48]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from specviz.bench.contracts import Prompt  # noqa: E402
from specviz.bench.harness import Plan, run_plan, summarise  # noqa: E402
from specviz.core.policy import SamplingPolicy  # noqa: E402
from specviz.engine.comparison import interleave, part_speedups  # noqa: E402
from specviz.engine.decoder import DecodeConfig, Decoder  # noqa: E402
from specviz.engine.machine_load import BUSY_CORES, busy_elsewhere, cpu_clock  # noqa: E402
from specviz.engine.measured import speedup  # noqa: E402
from specviz.models import fast  # noqa: E402
from specviz.models.registry import DEFAULT_DRAFT, DEFAULT_TARGET  # noqa: E402

PROMPT = "def fibonacci(n):\n    \"\"\"Return the n-th Fibonacci number.\"\"\"\n"
WITHIN = 0.10  # the page's figure may differ from the harness's by this share


def burners(count: int) -> list[subprocess.Popen]:
    return [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(count)]


def page_figure(target, draft, config: DecodeConfig, load: int) -> dict:
    """One comparison as the Live page makes it, with `load` CPU-bound processes running throughout."""
    spec, alone = Decoder(target, draft, config).start(PROMPT), Decoder(target, None, config).start(PROMPT)
    processes = burners(load)
    clock = cpu_clock()
    try:
        for _ in interleave(spec, alone):
            pass
    finally:
        for process in processes:
            process.kill()
    busy = busy_elsewhere(clock, cpu_clock())
    parts = part_speedups(spec.record, alone.record)
    return {"speedup": round(speedup(spec.record, alone.record), 3), "steady": parts.steady,
            "busy_cores": round(busy, 2), "flagged": not parts.steady or busy > BUSY_CORES,
            "parts": [round(v, 2) for v in parts.values],
            "alone_ms_per_token": [round(v, 1) for v in parts.alone_ms_per_token]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--tokens", type=int, default=48)
    args = parser.parse_args(argv)
    target = fast.load_target(DEFAULT_TARGET)
    draft = fast.load_draft(DEFAULT_DRAFT, target)
    plan = Plan(ks=(4,), schedules=("constant",), max_new_tokens=args.tokens, repeats=args.repeats, with_hf=False,
                record_overhead=False)
    rows = summarise(run_plan(plan, target, draft, [Prompt("fibonacci", "code", PROMPT)], quiet=True), plan)
    row = next(r for r in rows if r.k)
    reference = row.speedup_paired_median or row.speedup  # the median of paired repeats, as the report gives it
    out = {"bench": {"speedup": round(row.speedup, 3), "reference": round(reference, 3)}, "page": []}
    print("bench", out["bench"], flush=True)
    config = DecodeConfig(schedule="constant", k=4, max_new_tokens=args.tokens, policy=SamplingPolicy(0.0))
    for load in (0, 1, 2):
        for repeat in range(args.repeats):
            figure = page_figure(target, draft, config, load)
            off = abs(figure["speedup"] / reference - 1)
            figure.update(load=load, repeat=repeat, off=round(off, 3),
                          passes=off <= WITHIN or figure["flagged"])
            out["page"].append(figure)
            print("page", figure, flush=True)
    print(json.dumps(out))
    return 0 if all(f["passes"] for f in out["page"]) else 1


if __name__ == "__main__":
    sys.exit(main())
