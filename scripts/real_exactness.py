"""Exactness of every verifier and drafter on the real target: the first token over many seeds against its exact p.

    .venv/bin/python scripts/real_exactness.py --runs 300 --laptop --verifiers token,match
    .venv/bin/python scripts/real_exactness.py --runs 300 --laptop --drafters ngram,hybrid,tli

Rules already in the report (same prompt, policy, k, runs and dtype) are kept; the named ones are (re)run.
Drafters are judged by the token rule on a prompt whose last token occurred before but whose last two
did not: prompt lookup copies from the first cycle on, hybrid leaves a one-token match to the draft
model, and tli drafts with SmolLM2 (another vocabulary).

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
from specviz.core.verifiers import exact_verifiers  # noqa: E402
from specviz.engine.decoder import DecodeConfig, Decoder  # noqa: E402
from specviz.engine.drafters import DRAFTERS  # noqa: E402
from specviz.engine.exactness import exact_first, fit_first, sample_first_tokens  # noqa: E402
from specviz.models import fast  # noqa: E402
from specviz.models.modes import LAPTOP  # noqa: E402
from specviz.models.registry import DEFAULT_DRAFT, DEFAULT_TARGET  # noqa: E402

PROMPT = "Il modello piccolo propone, quello grande verifica"
DRAFTER_PROMPT = "Il modello piccolo propone, quello grande verifica; e quello"
TLI_DRAFT = "smollm2-135m"
POLICY = SamplingPolicy(temperature=1.0, top_k=8)
K = 3


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=300)
    parser.add_argument("--verifiers", default=",".join(exact_verifiers()))
    parser.add_argument("--drafters", default="", help="instead of the verifiers: drafters, judged by the token rule")
    parser.add_argument("--laptop", action="store_true", help="int8 weights (that target's distribution)")
    parser.add_argument("--out", default=None, help="default: assets/exactness/real-pair-{verifiers,drafters}.json")
    args = parser.parse_args()
    target = fast.load_role(DEFAULT_TARGET, "target", "auto", mode=LAPTOP if args.laptop else None)
    if args.drafters:
        return check_drafters(target, args)
    draft = fast.load_role(DEFAULT_DRAFT, "draft", "auto", mode=LAPTOP if args.laptop else None)
    report = {"prompt": PROMPT, "policy": {"temperature": POLICY.temperature, "top_k": POLICY.top_k},
              "k": K, "runs": args.runs, "laptop": args.laptop, "target_dtype": str(target.dtype),
              "significance": 1e-3, "verifiers": {}}
    out = Path(args.out or "assets/exactness/real-pair-verifiers.json")
    earlier_rules(out, report, "verifiers")
    for name in args.verifiers.split(","):
        decoder = Decoder(target, draft, DecodeConfig(k=K, schedule="constant", policy=POLICY, verifier=name))
        report["verifiers"][name] = fit_rule(name, decoder, PROMPT, args.runs)
        save(out, report)
    return 0


def check_drafters(target, args) -> int:
    report = {"prompt": DRAFTER_PROMPT, "policy": {"temperature": POLICY.temperature, "top_k": POLICY.top_k},
              "k": K, "runs": args.runs, "laptop": args.laptop, "target_dtype": str(target.dtype),
              "verifier": "token", "significance": 1e-3, "drafters": {}}
    out = Path(args.out or "assets/exactness/real-pair-drafters.json")
    earlier_rules(out, report, "drafters")
    for name in args.drafters.split(","):
        needs_model = DRAFTERS.get(name).needs_model
        draft_name = TLI_DRAFT if name == "tli" else DEFAULT_DRAFT
        mode = LAPTOP if args.laptop else None
        draft = fast.load_role(draft_name, "draft", "auto", mode=mode) if needs_model else None
        decoder = Decoder(target, draft, DecodeConfig(k=K, schedule="constant", policy=POLICY, drafter=name))
        first_cycle = decoder.run(DRAFTER_PROMPT).cycles[0]  # which drafter proposes first: the same for every seed
        fit = fit_rule(name, decoder, DRAFTER_PROMPT, args.runs)
        report["drafters"][name] = {"draft": draft_name if needs_model else None,
                                    "first_proposal_by": first_cycle.drafted_by, **fit}
        save(out, report)
        del draft, decoder  # one draft model in memory at a time
    return 0


def earlier_rules(out: Path, report: dict, key: str) -> None:
    """Add to an earlier report of the same experiment, rule by rule."""
    if out.exists():
        earlier = json.loads(out.read_text())
        if all(earlier.get(field) == report[field] for field in ("prompt", "policy", "k", "runs", "laptop")):
            report[key] = earlier[key]


def fit_rule(name: str, decoder: Decoder, prompt: str, runs: int) -> dict:
    """The first token of `runs` seeded runs against the target's exact p: counts, chi-square and TV."""
    exact = exact_first(decoder, decoder.encode(prompt))
    started = time.perf_counter()
    fit = fit_first(name, sample_first_tokens(decoder, prompt, runs), exact)
    support = [i for i, (c, e) in enumerate(zip(fit.counts, fit.expected)) if c or e]  # top-k: a few tokens
    print(f"{name}: chi2 {fit.statistic:.1f} dof {fit.dof} p {fit.p_value:.3g} tv {fit.tv:.3f}", flush=True)
    return {"tokens": support, "counts": [fit.counts[i] for i in support],
            "exact": [fit.expected[i] for i in support], "chi2": fit.statistic, "dof": fit.dof,
            "p_value": fit.p_value, "tv": fit.tv, "seconds": round(time.perf_counter() - started, 1)}


def save(out: Path, report: dict) -> None:
    # Written after every rule: a long run stopped part way keeps what it finished.
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(report, indent=1) + "\n")


if __name__ == "__main__":
    sys.exit(main())
