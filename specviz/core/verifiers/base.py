"""What every verifier shares: its result type, its interface and the registry of verifiers.

A verifier takes the draft's proposal and the target's probabilities from one
forward pass, keeps a prefix of the proposal and draws one more token. Another
verification rule is one new class with ``@register_verifier``; the decoding
loop never changes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

import torch

from specviz.core.sampling import NoiseKey, Sampler, StreamSampler
from specviz.plugins import Registry


@dataclass
class VerifyResult:
    """Everything a viewer needs about one verification step, as plain data.

    The per-position lists are the evidence of the token-level rule: one entry
    for every position whose check was used (up to and including a rejection).
    """

    verifier: str  # the registered name of the verifier that decided
    accepted: int  # n: how many proposed tokens were kept
    emitted: list[int]  # the n accepted tokens, then the correction or bonus
    kind: str  # "correction" after a rejection, "bonus" when all passed
    target_p: list[float]  # p(x_i) for each checked position
    draft_q: list[float]  # q(x_i) for each checked position
    accept_prob: list[float]  # min(1, p(x_i) / q(x_i))
    uniforms: list[float]  # u_i, the draw compared with accept_prob
    residual: torch.Tensor | None  # [vocab] the distribution the correction was drawn from, else None
    weights: list[float] | None = None  # block verification: the prefix weights p_1..p_k (block.py)
    draws: list[float] = field(default_factory=list)  # u_1..u_k, all drawn up front (uniforms keeps the checked)


@dataclass
class Verdict:
    """What a rule keeps of a proposal for given draws u_1..u_k, before it draws the token after them.

    Judging the same proposal, the same target pass and the same draws with every
    rule shows where the rules differ and nothing else.
    """

    verifier: str
    accepted: int  # n: how many proposed tokens the rule keeps
    thresholds: list[float]  # [k] what each u_i is compared with: min(1, p/q), h_i or p(x_i), by rule
    weights: list[float] = field(default_factory=list)  # block verification: the prefix weights p_1..p_k
    target_draws: list[int] = field(default_factory=list)  # sample-and-match: the target's own token at each check


@dataclass(frozen=True)
class VerdictFacts:
    """What the Verifiers page knows about a verdict's cycle, already written for its reader."""

    u: float | None  # the draw at the first position the rule did not keep (None when it kept all)
    proposed: str  # the proposed token there, as Markdown code ("" when all were kept)
    drawn: str  # sample-and-match: the target's own draw there, as Markdown code, else ""
    thresholds: str  # every threshold the draws were compared with, numbers in the page's language
    weights: str  # block verification: the prefix weights p_1..p_k, likewise


class Verifier(Protocol):
    name: str  # the registry key, written into every trace
    exact: bool  # False for the rules kept to show how exactness breaks
    # What the pickers show (specviz/plugins.py): its place, its name and one sentence, each (English, Italian).
    order: int
    label: tuple[str, str]
    help: tuple[str, str]
    # The cycle view's third frame: what the bars show ("min(1, p/q)"), and whether each draw u is
    # compared with its bar (False: sample-and-match reads u through p's inverse CDF).
    bar_label: str
    chart_key: str  # the text key of the third frame's chart title
    compares_draws: bool

    @classmethod
    def explain_checks(cls, k: int, accepted: int, kept_all: bool, say: Callable[..., str]) -> str:
        """The third frame's sentence: what the checks of a cycle's k proposals kept."""

    @classmethod
    def explain_verdict(cls, verdict, k: int, facts: VerdictFacts, say: Callable[..., str]) -> str:
        """The Verifiers page's sentence: what the rule keeps of a cycle's proposal, and why."""

    # Optional: P(at least i kept), i = 1..n, exactly, when every position has the same p and q (the toy);
    # a staticmethod (p, q, n) -> list[Fraction].
    acceptance_by_position: Callable[[list, list, int], list]

    def verify(
        self,
        target_probs: torch.Tensor,  # [k + 1, vocab] p at each proposed position and one after
        draft_probs: torch.Tensor,  # [k, vocab] q the draft sampled each proposal from
        draft_tokens: torch.Tensor,  # [k] int64 proposed token ids
        sampler: Sampler,  # the run's draws: made by `make_sampler` for this rule
        position: int = 0,  # the absolute position of x_1 in the text (prompt included)
    ) -> VerifyResult: ...

    def judge(
        self,
        target_probs: torch.Tensor,  # [k + 1, vocab]
        draft_probs: torch.Tensor,  # [k, vocab]
        draft_tokens: torch.Tensor,  # [k] int64
        uniforms: torch.Tensor,  # [k] the draws u_1..u_k, in [0, 1)
        key: NoiseKey | None = None,  # the run's seed and x_1's position, for a rule with draws of its own
    ) -> Verdict: ...

    # Optional (a rule may lack it): the sampler a run under this rule draws with, (seed, device) -> Sampler;
    # the stream sampler if absent (`make_sampler`).
    sampler: Callable[[int, torch.device], Sampler]


VERIFIERS = Registry("verifier")
register_verifier = VERIFIERS.register


def proposal_probabilities(
    target_probs: torch.Tensor,  # [k + 1, vocab] p at each proposed position and one after
    draft_probs: torch.Tensor,  # [k, vocab] q the draft sampled each proposal from
    draft_tokens: torch.Tensor,  # [k] int64 proposed token ids
) -> tuple[torch.Tensor, torch.Tensor]:
    """p(x_i) and q(x_i) of every proposed token ([k] each), after checking the shapes every verifier relies on."""
    k = draft_tokens.shape[0]
    assert draft_probs.shape[0] == k and target_probs.shape[0] == k + 1, (
        f"shapes: target_probs {tuple(target_probs.shape)}, "
        f"draft_probs {tuple(draft_probs.shape)}, draft_tokens {tuple(draft_tokens.shape)}"
    )
    assert target_probs.shape[1] == draft_probs.shape[1], "vocabularies differ"
    positions = torch.arange(k, device=draft_tokens.device)
    return target_probs[positions, draft_tokens], draft_probs[positions, draft_tokens]


def get_verifier(name: str) -> Verifier:
    return VERIFIERS.get(name)()


def make_sampler(verifier: Verifier, seed: int, device: torch.device) -> Sampler:
    """The sampler a run under `verifier` draws with: its own if it names one, else the seeded stream."""
    if hasattr(type(verifier), "sampler"):
        return type(verifier).sampler(seed, device)
    return StreamSampler(torch.Generator(device=device).manual_seed(seed))


def judge_all(
    names: tuple[str, ...],
    target_probs: torch.Tensor,  # [k + 1, vocab] p at each proposed position and one after
    draft_probs: torch.Tensor,  # [k, vocab] q the draft sampled each proposal from
    draft_tokens: torch.Tensor,  # [k] int64 proposed token ids
    draws: list[float],  # u_1..u_k the deciding rule drew
    key: NoiseKey | None = None,  # the run's seed and x_1's position: a rule with its own draws reads them
) -> list[Verdict]:
    """Every named rule's verdict on one proposal, one target pass and one set of draws."""
    assert len(draws) == draft_tokens.shape[0], f"{len(draws)} draws for {draft_tokens.shape[0]} proposals"
    uniforms = torch.tensor(draws, dtype=torch.float64, device=draft_tokens.device)  # [k]
    return [get_verifier(name).judge(target_probs, draft_probs, draft_tokens, uniforms, key) for name in names]
