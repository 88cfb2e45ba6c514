"""Speculative decoding on real models: the configuration and the models, and a run per generation.

``Decoder`` holds the two models and a ``DecodeConfig`` and never changes;
``Decoder.start`` begins one generation as a ``DecodeRun`` (specviz/engine/run.py),
whose ``step()`` performs one cycle. ``Decoder.run`` and ``Decoder.stream`` are
thin loops over it. Without a draft model the same loop is the target-only
baseline: its drafter ("none") proposes nothing and the target draws one token
per cycle through the same cache and sampling code.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from specviz.core.policy import SamplingPolicy
from specviz.core.verifiers import VERIFIERS
from specviz.engine.drafters import DRAFTERS
from specviz.engine.run import DecodeRun
from specviz.engine.schedules import check_schedule
from specviz.engine.trace import RunRecord
from specviz.errors import SpecvizError
from specviz.limits import MAX_NEW_TOKENS, NGRAM, SEED, TOP_N, K
from specviz.models.loader import LoadedModel
from specviz.models.pairing import shared_vocab_size
from specviz.models.vocab_map import cached_intersection

TRACE_DETAILS = ("full", "counters")


@dataclass(frozen=True)
class Variant:
    """A registered drafter and verifier: what the speculative side of a run uses."""

    drafter: str = "model"
    verifier: str = "token"


# The rules that are wrong on purpose, for teaching (`generate --broken`, the exactness lab), by name.
BROKEN_VARIANTS = {
    "naive": Variant(verifier="naive"),  # the correction drawn from p instead of the residual
    "greedy-q": Variant(drafter="greedy-q"),  # the draft proposes its argmax but reports its sampling q
    "raw-q": Variant(drafter="raw-q"),  # q from unfiltered logits while the token was drawn after top-k/top-p
    "ngram-flat-q": Variant(drafter="ngram-flat-q"),  # a copied token reported with a flat q instead of one-hot
    "coupled-by-cycle": Variant(verifier="coupled-by-cycle"),  # shared noise keyed by the cycle, not the position
}


@dataclass(frozen=True)
class DecodeConfig:
    """How to decode: the one place for defaults (the Live page's settings and `generate`'s options read them).

    The default schedule is the budget, the fastest measured; its k follows measured times, so under sampling
    a seeded run need not repeat its text: code that needs one seed to fix one text names schedule="constant".
    """

    policy: SamplingPolicy = field(default_factory=SamplingPolicy)
    k: int = 4
    k_max: int = K.high  # the most the heuristic schedule may grow k to (a host's max_k)
    schedule: str = "budget"  # measured: never below the target alone, within 5% of the best constant k on code
    confidence: float = 0.4  # dynamic schedule threshold
    max_new_tokens: int = 64
    seed: int = 0
    stop_strings: tuple[str, ...] = ()
    top_n: int = 10  # tokens kept in the trace at a rejection
    trace_detail: str = "full"  # "counters" skips texts and top-N
    compare_verifiers: bool = False  # full traces: also judge each cycle by every exact rule (the Verifiers view)
    drafter: str = "model"  # a name in specviz.engine.drafters.DRAFTERS
    verifier: str = "token"  # a name in specviz.core.verifiers.VERIFIERS; measured: block keeps no more here
    ngram_max: int = 3  # prompt lookup (drafters "ngram", "hybrid"): the longest n-gram looked up
    ngram_min: int = 1  # and the shortest

    def __post_init__(self) -> None:
        K.check(self.k_max)
        check_schedule(self.schedule, self.k, self.k_max, self.confidence)
        MAX_NEW_TOKENS.check(self.max_new_tokens)
        SEED.check(self.seed)
        TOP_N.check(self.top_n)
        if self.trace_detail not in TRACE_DETAILS:
            raise SpecvizError(f"trace detail must be one of {', '.join(TRACE_DETAILS)}, got {self.trace_detail!r}")
        NGRAM.check(self.ngram_max)
        NGRAM.check(self.ngram_min)
        if self.ngram_min > self.ngram_max:
            raise SpecvizError(f"the shortest n-gram ({self.ngram_min}) is longer than the longest ({self.ngram_max})")
        DRAFTERS.get(self.drafter)  # a one-line error for an unknown name
        VERIFIERS.get(self.verifier)


class Decoder:
    """Speculative decoding with `draft` proposing for `target`; target-only when draft is None."""

    def __init__(self, target: LoadedModel, draft: LoadedModel | None, config: DecodeConfig):
        self.target = target
        self.draft = draft
        self.config = config
        # Without a draft model, a drafter that needs one gives way to the target alone.
        drafter = DRAFTERS.get(config.drafter)
        self.drafter = "none" if draft is None and drafter.needs_model else config.drafter
        self.vocab_map = None  # drafting across vocabularies: the token-level intersection
        if getattr(DRAFTERS.get(self.drafter), "across_vocabularies", False):
            self.vocab_map = cached_intersection(draft.name, target.name, draft.tokenizer, target.tokenizer,
                                                 draft.vocab_size, target.vocab_size)
            self.vocab_size = target.vocab_size
        else:
            self.vocab_size = shared_vocab_size(draft, target) if draft is not None else target.vocab_size
        self.context = min(m.context_length for m in (target, draft) if m is not None)

    @property
    def speculative(self) -> bool:
        return DRAFTERS.get(self.drafter).max_tokens > 0

    def with_config(self, **changes) -> Decoder:
        """The same models under a changed configuration (the Decoder itself never changes)."""
        return Decoder(self.target, self.draft, replace(self.config, **changes))

    def encode(self, prompt: str, chat: bool = False) -> list[int]:
        """Prompt text -> token ids, through the chat template when asked."""
        if not prompt or not prompt.strip():
            raise SpecvizError("the prompt is empty")
        try:
            prompt.encode("utf-8")
        except UnicodeEncodeError:
            raise SpecvizError("the prompt is not valid text: it holds bytes that are not UTF-8") from None
        tokenizer = self.target.tokenizer
        if chat:
            if not getattr(tokenizer, "chat_template", None):
                raise SpecvizError(f"{self.target.name} has no chat template; run without chat")
            prompt = tokenizer.apply_chat_template([{"role": "user", "content": prompt}], tokenize=False,
                                                   add_generation_prompt=True)
        ids = tokenizer(prompt, add_special_tokens=not chat).input_ids
        if not ids:
            raise SpecvizError(f"the prompt encodes to no tokens with {self.target.name}'s tokenizer: "
                               "its tokenizer files are missing or empty")
        if len(ids) >= self.context:
            raise SpecvizError(f"the prompt has {len(ids)} tokens; the models' context holds {self.context}")
        return ids

    def start(self, prompt: str, chat: bool = False) -> DecodeRun:
        """Begin one generation; call ``step()`` on the result for each cycle."""
        return DecodeRun(self, prompt, chat)

    def run(self, prompt: str, chat: bool = False) -> RunRecord:
        run = self.start(prompt, chat)
        while not run.finished:
            run.step()
        return run.record
