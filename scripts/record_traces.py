"""Record the real runs that ship with the app (assets/traces/), so the Replay page and the cycle
view work on a laptop that cannot hold the real pair.

The default pair in the app's configuration; code, Italian and mixed prompts, greedy and
T = 0.8; one run with many rejections and one that ends at the end-of-turn token; prompt lookup
and hybrid drafting on edit prompts, and SmolLM2 drafting across vocabularies (tli). Each file is
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
from dataclasses import asdict, dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from specviz.core.policy import SamplingPolicy  # noqa: E402
from specviz.engine.decoder import DecodeConfig, Decoder  # noqa: E402
from specviz.models import fast  # noqa: E402
from specviz.models.registry import DEFAULT_DRAFT, DEFAULT_TARGET  # noqa: E402
from specviz.settings import ASSETS  # noqa: E402

CODE = 'def is_palindrome(text: str) -> bool:\n    """Tell whether text reads the same backwards."""\n'
ITALIAN = "La decodifica speculativa funziona così: un modello piccolo"
DANTE = "Nel mezzo del cammin di nostra vita"
MIXED = "# Una funzione Python che conta le parole di una frase\ndef conta_parole(frase):\n"
EDIT = [json.loads(line)["prompt"] for line in (ASSETS / "prompts" / "edit.jsonl").read_text().splitlines()]
GREEDY, WARM = SamplingPolicy(0.0, 0, 1.0), SamplingPolicy(0.8, 0, 1.0)
TLI_DRAFT = "smollm2-135m"  # another vocabulary than the target's


@dataclass(frozen=True)
class Recording:
    prompt: str
    policy: SamplingPolicy
    schedule: str
    k: int
    seed: int
    chat: bool = False
    drafter: str = "model"  # tli drafts with TLI_DRAFT, "none" is the target alone, the others the default draft
    verifier: str = "token"
    detail: str = "full"  # "counters": the text and the counts only (the lesson's seed table), in assets/seeds/


RUNS = {
    "qwen-code-greedy": Recording(CODE, GREEDY, "budget", 4, 0),
    "qwen-code-t0.8": Recording(CODE, WARM, "constant", 4, 1),
    "qwen-italian-greedy": Recording(ITALIAN, GREEDY, "budget", 4, 0),
    "qwen-italian-t0.8": Recording(ITALIAN, WARM, "constant", 4, 2),
    "qwen-mixed-greedy": Recording(MIXED, GREEDY, "budget", 4, 0),
    "qwen-mixed-t0.8": Recording(MIXED, WARM, "constant", 4, 3),
    "qwen-many-rejections": Recording(ITALIAN, SamplingPolicy(1.3, 0, 1.0), "constant", 6, 4),
    "qwen-stops-at-eos": Recording("Rispondi con una sola parola: di che colore è il cielo sereno?", GREEDY,
                                   "constant", 4, 0, chat=True),
    "qwen-edit-lookup": Recording(EDIT[3], GREEDY, "constant", 8, 0, drafter="ngram"),  # Italian typo fixes
    "qwen-edit-hybrid": Recording(EDIT[2], GREEDY, "constant", 8, 0, drafter="hybrid"),  # code copied
    "smollm2-tli-italian": Recording(ITALIAN, GREEDY, "constant", 4, 0, drafter="tli"),
    # The target's own mistake (37 × 43 is 1591), kept exactly: verification checks agreement, not truth.
    "qwen-target-mistake": Recording("Quanto fa 37 × 43? Rispondi solo con il numero.", GREEDY, "constant", 4, 0,
                                     chat=True),
    # Italian prose both models know by heart: the draft guesses well, so Italian can be a good demo too.
    "qwen-italian-dante": Recording(DANTE, GREEDY, "constant", 4, 0),
    # What a seed promises (the lesson's promise step): seed 42 at T = 0.8 for the target alone and for two
    # students, one at k = 2 and one under the budget schedule, with the token rule and with coupled draws.
    "qwen-seed-alone-token": Recording(ITALIAN, WARM, "constant", 4, 42, drafter="none", detail="counters"),
    "qwen-seed-token-k2": Recording(ITALIAN, WARM, "constant", 2, 42, detail="counters"),
    "qwen-seed-token-budget": Recording(ITALIAN, WARM, "budget", 4, 42, detail="counters"),
    "qwen-seed-alone-coupled": Recording(ITALIAN, WARM, "constant", 4, 42, drafter="none", verifier="coupled",
                                         detail="counters"),
    "qwen-seed-coupled-k2": Recording(ITALIAN, WARM, "constant", 2, 42, verifier="coupled", detail="counters"),
    "qwen-seed-coupled-budget": Recording(ITALIAN, WARM, "budget", 4, 42, verifier="coupled", detail="counters"),
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="assets/traces")
    parser.add_argument("--max-new-tokens", type=int, default=64)
    parser.add_argument("--only", default=",".join(RUNS), help="comma-separated names of the runs to record")
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    chosen = args.only.split(",")
    unknown = [name for name in chosen if name not in RUNS]
    if unknown:
        parser.error(f"unknown run(s) {', '.join(unknown)}: choose from {', '.join(RUNS)}")
    target = fast.load_target(DEFAULT_TARGET)
    drafts = {}  # loaded when first needed
    for name, run in RUNS.items():
        if name not in chosen:
            continue
        draft_name = TLI_DRAFT if run.drafter == "tli" else DEFAULT_DRAFT
        if draft_name not in drafts:
            drafts[draft_name] = fast.load_draft(draft_name, target)
        config = DecodeConfig(policy=run.policy, k=run.k, schedule=run.schedule, max_new_tokens=args.max_new_tokens,
                              seed=run.seed, compare_verifiers=run.detail == "full", drafter=run.drafter,
                              verifier=run.verifier, trace_detail=run.detail)
        draft = None if run.drafter == "none" else drafts[draft_name]
        record = Decoder(target, draft, config).run(run.prompt, chat=run.chat)
        folder = out if run.detail == "full" else out.parent / "seeds"  # counters-only runs are not for Replay
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"{name}.json").write_text(json.dumps(asdict(record), ensure_ascii=False), encoding="utf-8")
        totals = record.totals
        print(f"{name}: {len(record.token_ids)} tokens, {totals.cycles} cycles, "
              f"accepted {totals.accepted}/{totals.proposed}, ends by {record.stop_reason}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
