"""Coupled draws on the real pair, cycle by cycle: their agreement against the paper's bound and the token rule's.

For every position a coupled run checks, with p and q the target's and the draft's distributions there:
- β = P(the two Gumbel-max draws with the same noise agree), exactly (sampling.coupled_agreement_rows);
- the bound (1 - TV) / (1 + TV) of Daliri, Musco and Suresh, which β must reach at every position;
- 1 - TV, what the token rule keeps there on average (min(1, p/q) summed over q).
Each checked position keeps its proposal with probability β given the text so far, so the kept count
is compared with Σ β (a z-score). One prompt per set, T = 0.7 and 1.0, k = 4 constant, 64 tokens.

    .venv/bin/python scripts/coupled_bound.py [--json docs/coupled-bound.json]
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from specviz.core.policy import SamplingPolicy  # noqa: E402
from specviz.core.sampling import coupled_agreement_rows  # noqa: E402
from specviz.core.verifiers.coupled import CoupledVerifier  # noqa: E402
from specviz.engine.decoder import DecodeConfig, Decoder  # noqa: E402
from specviz.models import fast  # noqa: E402
from specviz.models.registry import DEFAULT_DRAFT, DEFAULT_TARGET  # noqa: E402
from specviz.settings import ASSETS  # noqa: E402

SETS = ("code", "italian", "mixed", "edit")


def first_prompt(name: str) -> str:
    line = (ASSETS / "prompts" / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()[0]
    return json.loads(line)["prompt"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", default=None)
    parser.add_argument("--max-new-tokens", type=int, default=64)
    args = parser.parse_args(argv)
    target = fast.load_target(DEFAULT_TARGET)
    draft = fast.load_draft(DEFAULT_DRAFT, target)
    positions: list[dict] = []
    real_verify = CoupledVerifier.verify

    def watched(self, target_probs, draft_probs, draft_tokens, sampler, position=0):
        result = real_verify(self, target_probs, draft_probs, draft_tokens, sampler, position)
        k = draft_tokens.shape[0]
        if k:
            beta = coupled_agreement_rows(target_probs[:k], draft_probs)  # [k]
            tv = 0.5 * (target_probs[:k].double() - draft_probs.double()).abs().sum(-1)  # [k]
            for i in range(min(result.accepted + 1, k)):  # the checked positions
                positions.append({"beta": float(beta[i]), "tv": float(tv[i]), "kept": i < result.accepted})
        return result

    CoupledVerifier.verify = watched
    summary = []
    for temperature in (0.7, 1.0):
        for name in SETS:
            before = len(positions)
            config = DecodeConfig(policy=SamplingPolicy(temperature, 0, 1.0), k=4, schedule="constant",
                                  max_new_tokens=args.max_new_tokens, seed=1, verifier="coupled",
                                  trace_detail="counters")
            record = Decoder(target, draft, config).run(first_prompt(name))
            rows = positions[before:]
            beta = [r["beta"] for r in rows]
            tv = [r["tv"] for r in rows]
            bound = [(1 - t) / (1 + t) for t in tv]
            kept = sum(r["kept"] for r in rows)
            spread = math.sqrt(sum(b * (1 - b) for b in beta)) or 1.0
            line = {"temperature": temperature, "set": name, "cycles": record.totals.cycles, "checked": len(rows),
                    "kept": kept, "expected_kept": sum(beta), "z": (kept - sum(beta)) / spread,
                    "mean_beta": sum(beta) / len(rows), "mean_bound": sum(bound) / len(rows),
                    "mean_one_minus_tv": sum(1 - t for t in tv) / len(rows),
                    "below_bound": sum(b < lo - 1e-9 for b, lo in zip(beta, bound)),
                    "tokens_per_cycle": len(record.token_ids) / record.totals.cycles}
            summary.append(line)
            print(json.dumps(line), flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps({"runs": summary}, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
