"""Exactness experiments: many seeded short runs against the target's exact distribution.

This is what the exactness lab shows and what the statistical tests assert:
the first generated token (and the first two jointly) over many seeds, with
speculation and with the target alone, compared with the distribution the
target defines under the same policy, computed directly from its logits.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace

import numpy as np
import torch

from specviz.core.policy import SamplingPolicy, logits_to_probs
from specviz.core.stats import chi_square, total_variation
from specviz.engine.decoder import BROKEN_VARIANTS, DecodeConfig, Decoder, Variant
from specviz.errors import SpecvizError
from specviz.models.token_text import token_text

MAX_JOINT_SUPPORT = 64  # first tokens for which the second-token distribution is computed


@dataclass
class FitResult:
    label: str
    counts: list[float]  # [bins] observed
    expected: list[float]  # [bins] exact probabilities
    statistic: float
    p_value: float
    dof: int
    tv: float


@torch.inference_mode()
def exact_first(decoder: Decoder, prompt_ids: list[int]) -> torch.Tensor:
    """p(first token) [vocab] under the decoder's policy."""
    target = decoder.target
    ids = torch.tensor([prompt_ids], device=target.device)
    logits = target.model(ids, logits_to_keep=1).logits[0, -1, : decoder.vocab_size]  # one row, not the prompt's
    return logits_to_probs(logits, decoder.config.policy).double().cpu()


@torch.inference_mode()
def exact_pairs(decoder: Decoder, prompt_ids: list[int], first: torch.Tensor) -> dict[int, torch.Tensor]:
    """p(second | first = a) for every a in the support of p(first) (refused if that support is large)."""
    support = torch.nonzero(first > 0).flatten().tolist()
    if len(support) > MAX_JOINT_SUPPORT:
        raise SpecvizError(f"the first token can take {len(support)} values; set top-k <= {MAX_JOINT_SUPPORT} "
                           "to compare the first two tokens jointly")
    target = decoder.target
    batch = torch.tensor([prompt_ids + [a] for a in support], device=target.device)
    logits = target.model(batch, logits_to_keep=1).logits[:, -1, : decoder.vocab_size]  # [support, vocab]
    second = logits_to_probs(logits, decoder.config.policy).double().cpu()
    return dict(zip(support, second))


def sample_first_tokens(decoder: Decoder, prompt: str, runs: int, first_seed: int = 0, tokens: int = 1):
    """The first `tokens` generated ids of `runs` seeded runs.

    Each run may write `tokens + k` tokens: a run proposes at most one token fewer than it may still write,
    so a shorter limit would cut the first proposal below k (and block verification with one proposal is
    the token rule).
    """
    outcomes = []
    for seed in range(first_seed, first_seed + runs):
        seeded = decoder.with_config(seed=seed, max_new_tokens=tokens + decoder.config.k, trace_detail="counters")
        outcomes.append(tuple(seeded.run(prompt).token_ids[:tokens]))
    return outcomes


def fit_first(label: str, outcomes, exact: torch.Tensor) -> FitResult:
    counts = np.bincount([o[0] for o in outcomes], minlength=exact.shape[0]).astype(float)
    return _fit(label, counts, exact.numpy())


def fit_pairs(label: str, outcomes, first: torch.Tensor, second: dict[int, torch.Tensor]) -> FitResult:
    """Joint (first, second) counts against p(a) p(b | a), over the cells a in the support."""
    support = sorted(second)
    vocab = first.shape[0]
    expected = np.concatenate([first[a].item() * second[a].numpy() for a in support])
    counts = np.zeros(len(support) * vocab)
    index = {a: i for i, a in enumerate(support)}
    for a, b in outcomes:
        if a not in index:
            return _fit(label, np.append(counts, 1.0), np.append(expected, 0.0))  # an impossible first token
        counts[index[a] * vocab + b] += 1
    return _fit(label, counts, expected)


def _fit(label: str, counts: np.ndarray, expected: np.ndarray) -> FitResult:
    statistic, p_value, dof = chi_square(counts, expected)
    return FitResult(label, counts.tolist(), expected.tolist(), statistic, p_value, dof,
                     total_variation(counts / max(counts.sum(), 1), expected))


# The exact configurations and the broken ones the lab shows failing, by the text key of their label.
LAB_VARIANTS = {
    "exactness.variant.exact": Variant(),
    "exactness.variant.block": Variant(verifier="block"),
    "exactness.variant.match": Variant(verifier="match"),
    "exactness.variant.naive": BROKEN_VARIANTS["naive"],
    "exactness.variant.greedy_q": BROKEN_VARIANTS["greedy-q"],
    "exactness.variant.raw_q": BROKEN_VARIANTS["raw-q"],
}


@dataclass
class LabResult:
    variant: str  # the LAB_VARIANTS key
    first: list[FitResult]  # speculative, then target alone
    pairs: list[FitResult]  # the same for the first two tokens jointly (empty if not asked)
    texts: dict[int, str]  # the 20 likeliest first tokens, for the chart's labels
    runs_done: int = 0  # seeded runs per side that the fits cover
    runs_asked: int = 0  # a job stopped early covers fewer than asked

    @property
    def complete(self) -> bool:
        return self.runs_done == self.runs_asked


class LabJob:
    """The exactness lab's experiment, run in small steps so a page can show progress and stop it.

    The exact distributions come first (one reference pass, one row of logits
    per prompt); then ``steps()`` runs the seeded speculative and target-only
    runs in pairs, yielding after each pair. Whatever pairs are done when the
    job stops make up ``result()``.
    """

    def __init__(self, target, draft, prompt: str, policy: SamplingPolicy, runs: int, two: bool, variant: str):
        chosen = LAB_VARIANTS[variant]
        config = DecodeConfig(schedule="constant", policy=policy, k=2, drafter=chosen.drafter, verifier=chosen.verifier)
        self.speculative, self.alone = Decoder(target, draft, config), Decoder(target, None, config)
        self.prompt, self.runs, self.two, self.variant = prompt, runs, two, variant
        prompt_ids = self.speculative.encode(prompt)
        self.first = exact_first(self.speculative, prompt_ids)
        self.second = exact_pairs(self.speculative, prompt_ids, self.first) if two else None
        self.texts = {int(i): token_text(target.tokenizer, int(i)) for i in self.first.topk(20).indices}
        self.spec_out: list[tuple[int, ...]] = []
        self.alone_out: list[tuple[int, ...]] = []

    @property
    def done(self) -> int:
        return len(self.alone_out)

    @property
    def total(self) -> int:
        return self.runs

    def steps(self) -> Iterator[int]:
        """Run the next seeded pair (speculative, then target alone) per step; yields the pairs done."""
        tokens = 2 if self.two else 1
        while self.done < self.runs:
            seed = self.done
            self.spec_out += sample_first_tokens(self.speculative, self.prompt, 1, seed, tokens)
            self.alone_out += sample_first_tokens(self.alone, self.prompt, 1, seed, tokens)
            yield self.done

    def result(self) -> LabResult | None:
        """The fits over the pairs done so far (None before the first)."""
        if not self.done:
            return None
        spec_out, alone_out = self.spec_out[: self.done], self.alone_out
        first = [fit_first("speculative", spec_out, self.first), fit_first("target alone", alone_out, self.first)]
        pairs = [fit_pairs("speculative", spec_out, self.first, self.second),
                 fit_pairs("target alone", alone_out, self.first, self.second)] if self.two else []
        return LabResult(self.variant, first, pairs, self.texts, self.done, self.runs)


def greedy_check(target, draft, prompt: str, config: DecodeConfig) -> dict:
    """Speculative and target-only greedy decoding, token by token; the first difference if any."""
    config = replace(config, policy=replace(config.policy, temperature=0.0))
    spec = Decoder(target, draft, config).run(prompt).token_ids
    alone = Decoder(target, None, config).run(prompt).token_ids
    first_difference = next((i for i, (a, b) in enumerate(zip(spec, alone)) if a != b), None)
    if first_difference is None and len(spec) != len(alone):
        first_difference = min(len(spec), len(alone))
    return {"speculative": spec, "target_only": alone, "equal": spec == alone, "first_difference": first_difference}
