"""How many seeds the exactness test needs to catch each broken rule on the tiny pair (its power, computed).

    .venv/bin/python scripts/broken_power.py

For the first generated token, a broken rule's distribution r follows in closed
form from p and q at the first position (k ≥ 1: the first token is the first
proposal if kept, else the first correction). The chi-square test of n seeds
against p then has a non-central chi-square statistic with non-centrality
n · Σ (r − p)² / p; the script prints the smallest n that rejects at α = 0.001
with probability 0.9, and at the 2000 seeds the tests use.
"""

from __future__ import annotations

import sys
from pathlib import Path

import torch
from scipy import stats

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from specviz.core.policy import SamplingPolicy, logits_to_probs  # noqa: E402
from specviz.models.loader import load_model  # noqa: E402

ALPHA, POWER, SEEDS = 1e-3, 0.9, 2000
PROMPT = "def f(x):"  # the prompt of tests/engine/test_distribution.py
CASES = {"naive": SamplingPolicy(1.0), "greedy-q": SamplingPolicy(1.0),
         "raw-q": SamplingPolicy(1.0, top_k=20, top_p=0.9)}


def residual(p: torch.Tensor, q: torch.Tensor) -> torch.Tensor:
    left = torch.clamp(p - q, min=0)
    return left / left.sum()


def first_token_law(rule: str, p: torch.Tensor, logits_q: torch.Tensor, policy: SamplingPolicy) -> torch.Tensor:
    """The distribution of the first emitted token under a broken rule (p, the draft's logits: [vocab])."""
    q = logits_to_probs(logits_q, policy).double()
    if rule == "naive":  # kept with min(1, p/q), else a draw from p itself
        kept = torch.minimum(p, q)
        return kept + (1 - kept.sum()) * p
    if rule == "greedy-q":  # always proposes the argmax g, judged with q(g)
        g = int(logits_q.argmax())
        keep = min(1.0, float(p[g] / q[g]))
        law = (1 - keep) * residual(p, q)
        law[g] += keep
        return law
    raw = logits_to_probs(logits_q, SamplingPolicy(policy.temperature)).double()  # raw-q: drawn from q, judged by raw
    kept = q * torch.clamp(p / raw, max=1.0)
    return kept + (1 - kept.sum()) * residual(p, raw)


def seeds_needed(r: torch.Tensor, p: torch.Tensor) -> tuple[int, float]:
    support = p > 0
    dof = int(support.sum()) - 1
    shift = float((((r - p)[support]) ** 2 / p[support]).sum())  # non-centrality per seed
    critical = stats.chi2.ppf(1 - ALPHA, dof)
    n = 1
    while stats.ncx2.sf(critical, dof, n * shift) < POWER:
        n = int(n * 1.05) + 1
    return n, float(stats.ncx2.sf(critical, dof, SEEDS * shift))


def main() -> int:
    draft, target = load_model("tiny-draft", device="cpu"), load_model("tiny-target", device="cpu")
    ids = torch.tensor([target.tokenizer(PROMPT).input_ids])
    with torch.inference_mode():
        logits_p = target.model(ids).logits[0, -1, : target.vocab_size]
        logits_q = draft.model(ids).logits[0, -1, : target.vocab_size]
    for rule, policy in CASES.items():
        p = logits_to_probs(logits_p, policy).double()
        r = first_token_law(rule, p, logits_q, policy)
        n, power = seeds_needed(r, p)
        tv = 0.5 * float((r - p).abs().sum())
        print(f"{rule}: distance from p {tv:.3f}; about {n} seeds for power {POWER}; "
              f"power at {SEEDS} seeds {power:.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
