"""Exactness of every verifier on the real pair: the first token over many seeds against the target's exact p.

    .venv/bin/python scripts/real_exactness.py --runs 300 --laptop --verifiers token,match

Rules already in the report (same prompt, policy, k, runs and dtype) are kept; the named ones are (re)run.

Each verifier runs the same seeds (k = 3, so the block rule's decision at the
first position depends on the later ones); the chi-square test uses the suite's
significance (0.001). Too slow for the test suite (about 1.8 s per run in laptop mode on a
2-core CPU), so its report is committed and tests/core/test_exactness_report.py
recomputes every figure in it from its counts.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from specviz.core.policy import SamplingPolicy  # noqa: E402
from specviz.core.verifiers import EXACT_VERIFIERS  # noqa: E402
from specviz.engine.decoder import DecodeConfig, Decoder  # noqa: E402
from specviz.engine.exactness import exact_first, fit_first, sample_first_tokens  # noqa: E402
from specviz.models import fast  # noqa: E402
from specviz.models.registry import DEFAULT_DRAFT, DEFAULT_TARGET  # noqa: E402

PROMPT = "Il modello piccolo propone, quello grande verifica"
POLICY = SamplingPolicy(temperature=1.0, top_k=8)
K = 3


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=300)
    parser.add_argument("--verifiers", default=",".join(EXACT_VERIFIERS))
    parser.add_argument("--laptop", action="store_true", help="int8 weights (that target's distribution)")
    parser.add_argument("--out", default="assets/exactness/real-pair-verifiers.json")
    args = parser.parse_args()
    target = fast.load_role(DEFAULT_TARGET, "target", "auto", laptop=args.laptop)
    draft = fast.load_role(DEFAULT_DRAFT, "draft", "auto", laptop=args.laptop)
    report = {"prompt": PROMPT, "policy": {"temperature": POLICY.temperature, "top_k": POLICY.top_k},
              "k": K, "runs": args.runs, "laptop": args.laptop, "target_dtype": str(target.dtype),
              "significance": 1e-3, "verifiers": {}}
    out = Path(args.out)
    if out.exists():  # add to an earlier report of the same experiment, rule by rule
        earlier = json.loads(out.read_text())
        if all(earlier.get(key) == report[key] for key in ("prompt", "policy", "k", "runs", "laptop")):
            report["verifiers"] = earlier["verifiers"]
    for name in args.verifiers.split(","):
        decoder = Decoder(target, draft, DecodeConfig(k=K, schedule="constant", policy=POLICY, verifier=name))
        exact = exact_first(decoder, decoder.encode(PROMPT))
        started = time.perf_counter()
        fit = fit_first(name, sample_first_tokens(decoder, PROMPT, args.runs), exact)
        support = [i for i, (c, e) in enumerate(zip(fit.counts, fit.expected)) if c or e]  # top-k: a few tokens
        report["verifiers"][name] = {"tokens": support, "counts": [fit.counts[i] for i in support],
                                     "exact": [fit.expected[i] for i in support], "chi2": fit.statistic,
                                     "dof": fit.dof, "p_value": fit.p_value, "tv": fit.tv,
                                     "seconds": round(time.perf_counter() - started, 1)}
        print(f"{name}: chi2 {fit.statistic:.1f} dof {fit.dof} p {fit.p_value:.3g} tv {fit.tv:.3f}", flush=True)
        # Written after every verifier: a long run stopped part way keeps what it finished.
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(report, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
