"""Record the real runs that ship with the app (assets/traces/), so the Replay page and the cycle
view work on a laptop that cannot hold the real pair.

The default pair in the app's configuration; code, Italian and mixed prompts, greedy and
T = 0.8; one run with many rejections and one that ends at the end-of-turn token. Each file is
the run's trace in the current format, exactly as the Live page's download button writes it.

    .venv/bin/python scripts/record_traces.py [--out assets/traces] [--only qwen-code-t0.8,...]

Sampled runs keep every exact rule's verdict per cycle (the Verifiers page). The greedy runs use the
budget schedule, which picks k from measured times: re-recording them can change their cycles, and
the lesson's links name cycles of them (tests/core/test_lesson_steps.py checks that they still fit).
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from specviz.core.policy import SamplingPolicy  # noqa: E402
from specviz.engine.decoder import DecodeConfig, Decoder  # noqa: E402
from specviz.models import fast  # noqa: E402
from specviz.models.registry import DEFAULT_DRAFT, DEFAULT_TARGET  # noqa: E402

CODE = 'def is_palindrome(text: str) -> bool:\n    """Tell whether text reads the same backwards."""\n'
ITALIAN = "La decodifica speculativa funziona così: un modello piccolo"
MIXED = "# Una funzione Python che conta le parole di una frase\ndef conta_parole(frase):\n"
GREEDY, WARM = SamplingPolicy(0.0, 0, 1.0), SamplingPolicy(0.8, 0, 1.0)

RUNS = {  # file name: (prompt, policy, schedule, k, seed, chat)
    "qwen-code-greedy": (CODE, GREEDY, "budget", 4, 0, False),
    "qwen-code-t0.8": (CODE, WARM, "constant", 4, 1, False),
    "qwen-italian-greedy": (ITALIAN, GREEDY, "budget", 4, 0, False),
    "qwen-italian-t0.8": (ITALIAN, WARM, "constant", 4, 2, False),
    "qwen-mixed-greedy": (MIXED, GREEDY, "budget", 4, 0, False),
    "qwen-mixed-t0.8": (MIXED, WARM, "constant", 4, 3, False),
    "qwen-many-rejections": (ITALIAN, SamplingPolicy(1.3, 0, 1.0), "constant", 6, 4, False),
    "qwen-stops-at-eos": ("Rispondi con una sola parola: di che colore è il cielo sereno?", GREEDY, "constant", 4,
                          0, True),
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="assets/traces")
    parser.add_argument("--max-new-tokens", type=int, default=64)
    parser.add_argument("--only", default=",".join(RUNS), help="comma-separated names of the runs to record")
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    target = fast.load_target(DEFAULT_TARGET)
    draft = fast.load_draft(DEFAULT_DRAFT, target)
    chosen = args.only.split(",")
    unknown = [name for name in chosen if name not in RUNS]
    if unknown:
        parser.error(f"unknown run(s) {', '.join(unknown)}: choose from {', '.join(RUNS)}")
    for name, (prompt, policy, schedule, k, seed, chat) in RUNS.items():
        if name not in chosen:
            continue
        config = DecodeConfig(policy=policy, k=k, schedule=schedule, max_new_tokens=args.max_new_tokens, seed=seed,
                              compare_verifiers=True)
        record = Decoder(target, draft, config).run(prompt, chat=chat)
        (out / f"{name}.json").write_text(json.dumps(asdict(record), ensure_ascii=False), encoding="utf-8")
        totals = record.totals
        print(f"{name}: {len(record.token_ids)} tokens, {totals['cycles']} cycles, "
              f"accepted {totals['accepted']}/{totals['proposed']}, ends by {record.stop_reason}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
