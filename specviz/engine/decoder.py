"""Speculative decoding on real models, one cycle at a time, recorded.

``Decoder.stream`` is a generator that yields a CycleRecord after every cycle,
so a page can draw while it runs and stop between cycles; ``Decoder.run``
drives it to the end. Without a draft model the same loop is the target-only
baseline: every cycle proposes nothing and the target draws one token, through
the same cache and sampling code, so the two records compare like with like.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import asdict, dataclass, field

import torch

from specviz.core.policy import SamplingPolicy, logits_to_probs
from specviz.core.verify import RULES, VerifyResult, verify
from specviz.engine.cached import CachedModel
from specviz.engine.drafter import DRAFT_MODES, ModelDrafter, Proposal
from specviz.engine.schedule import Schedule
from specviz.engine.timing import Clock, peak_memory_bytes
from specviz.engine.trace import CycleRecord, RunRecord, TopTokens, totals
from specviz.errors import SpecvizError
from specviz.models.loader import LoadedModel
from specviz.models.pairing import shared_vocab_size

RECORD_LEVELS = ("full", "counters")
MAX_NEW_TOKENS = 4096


@dataclass
class DecodeConfig:
    policy: SamplingPolicy = field(default_factory=SamplingPolicy)
    k: int = 4
    schedule: str = "constant"
    confidence: float = 0.4  # dynamic schedule threshold
    max_new_tokens: int = 64
    seed: int = 0
    stop_strings: tuple[str, ...] = ()
    top_n: int = 10  # tokens kept in the trace at a rejection
    record: str = "full"  # "counters" skips texts and top-N
    rule: str = "exact"  # "naive": the wrong correction, for teaching
    draft_mode: str = "sample"  # "greedy-mismatch": a broken drafter, for teaching

    def __post_init__(self) -> None:
        Schedule(self.schedule, self.k, confidence=self.confidence)  # validates schedule and k
        if isinstance(self.max_new_tokens, bool) or not isinstance(self.max_new_tokens, int) \
                or not 1 <= self.max_new_tokens <= MAX_NEW_TOKENS:
            raise SpecvizError(f"max new tokens must be an integer in 1..{MAX_NEW_TOKENS}, got {self.max_new_tokens!r}")
        if isinstance(self.seed, bool) or not isinstance(self.seed, int) or not 0 <= self.seed < 2**63:
            raise SpecvizError(f"seed must be an integer in 0..2^63-1, got {self.seed!r}")
        if not 1 <= self.top_n <= 100:
            raise SpecvizError(f"top-n must be in 1..100, got {self.top_n}")
        assert self.record in RECORD_LEVELS and self.rule in RULES and self.draft_mode in DRAFT_MODES


@dataclass
class LiveState:
    """The caches and confirmed tokens of a stream in progress (for inspection and tests)."""

    scorer: CachedModel
    drafter: ModelDrafter | None
    tokens: list[int]


class Decoder:
    """Speculative decoding with `draft` proposing for `target`; target-only when draft is None."""

    def __init__(self, target: LoadedModel, draft: LoadedModel | None, config: DecodeConfig):
        self.target = target
        self.draft = draft
        self.config = config
        self.vocab_size = shared_vocab_size(draft, target) if draft is not None else target.vocab_size
        self.context = min(m.context_length for m in (target, draft) if m is not None)
        self.record: RunRecord | None = None  # the live record of the latest stream
        self.live: LiveState | None = None

    def encode(self, prompt: str, chat: bool = False) -> list[int]:
        """Prompt text -> token ids, through the chat template when asked."""
        if not prompt or not prompt.strip():
            raise SpecvizError("the prompt is empty")
        tokenizer = self.target.tokenizer
        if chat:
            if not getattr(tokenizer, "chat_template", None):
                raise SpecvizError(f"{self.target.name} has no chat template; run without chat")
            prompt = tokenizer.apply_chat_template([{"role": "user", "content": prompt}], tokenize=False,
                                                   add_generation_prompt=True)
        ids = tokenizer(prompt, add_special_tokens=not chat).input_ids
        if len(ids) >= self.context:
            raise SpecvizError(f"the prompt has {len(ids)} tokens; the models' context holds {self.context}")
        return ids

    def run(self, prompt: str, chat: bool = False) -> RunRecord:
        for _ in self.stream(prompt, chat):
            pass
        return self.record

    def stream(self, prompt: str, chat: bool = False) -> Iterator[CycleRecord]:
        config, target = self.config, self.target
        prompt_ids = self.encode(prompt, chat)
        clock = Clock(target.device)
        generator = torch.Generator(device=target.device).manual_seed(config.seed)
        schedule = Schedule(config.schedule, config.k, confidence=config.confidence)
        record = self.record = RunRecord(
            prompt=prompt, prompt_ids=prompt_ids, draft=self.draft.name if self.draft else None,
            target=target.name, device=str(target.device), dtype=str(target.dtype).removeprefix("torch."),
            policy=config.policy.to_dict(),
            settings={**{k: v for k, v in asdict(config).items() if k != "policy"},
                      "stop_strings": list(config.stop_strings), "chat": chat,
                      "speculative": self.draft is not None},
        )
        if target.device.type == "cuda":
            torch.cuda.reset_peak_memory_stats(target.device)
        started = clock.now_ms()
        # No separate prefill [departure from a textbook loop]: the first cycle's
        # passes read the prompt together with the first proposals, so the target
        # runs one pass fewer per request; each cycle feeds whatever its cache lacks.
        scorer = CachedModel(target, self.vocab_size)
        drafter = None
        if self.draft is not None:
            drafter = ModelDrafter(CachedModel(self.draft, self.vocab_size), prompt_ids, config.draft_mode)
        tokens = list(prompt_ids)  # confirmed text, prompt included
        self.live = LiveState(scorer, drafter, tokens)
        limit = min(config.max_new_tokens, self.context - len(prompt_ids))
        try:
            while len(record.token_ids) < limit and not record.stop_reason:
                cycle = self._cycle(len(record.cycles), scorer, drafter, schedule, tokens, generator, clock,
                                    remaining=limit - len(record.token_ids))
                if not record.cycles:
                    record.timing["ttft_ms"] = clock.now_ms() - started
                record.cycles.append(cycle)
                record.token_ids.extend(cycle.emitted)
                record.stop_reason = record.stop_reason or self._stop_reason(record.token_ids, cycle)
                yield cycle
            if not record.stop_reason:
                record.stop_reason = "max-new-tokens" if limit == config.max_new_tokens else "context"
        except GeneratorExit:
            record.stop_reason = "cancelled"
            raise
        finally:
            self._finish(record, scorer, drafter, clock.now_ms() - started)

    def _cycle(self, index, scorer, drafter, schedule, tokens, generator, clock, remaining) -> CycleRecord:
        config = self.config
        start = clock.now_ms()
        # The cycle may emit k + 1 tokens: never propose past the token budget.
        k = min(schedule.next_k(), remaining - 1) if drafter is not None else 0
        # Step 1: the draft proposes k tokens, keeping the q it sampled each from.
        if k > 0:
            proposal = drafter.propose(k, config.policy, generator, schedule.stop_below())
        else:
            proposal = Proposal([], torch.empty(0, self.vocab_size, device=self.target.device))
        after_draft = clock.now_ms()
        # Step 2: the target scores the unseen confirmed token(s) and all proposals in one pass.
        fed_before = scorer.length
        logits = scorer.forward(tokens[fed_before:] + proposal.tokens, keep=len(proposal.tokens) + 1)
        target_probs = logits_to_probs(logits, config.policy)  # [k' + 1, vocab]
        # Step 3: accept a prefix, then draw the correction or the bonus.
        draft_tokens = torch.tensor(proposal.tokens, dtype=torch.long, device=self.target.device)
        result = verify(target_probs, proposal.draft_probs, draft_tokens, generator, rule=config.rule)
        after_verify = clock.now_ms()
        # Step 4: roll both caches back to the confirmed prefix.
        scorer.crop(len(tokens) + result.accepted)
        if drafter is not None:
            drafter.update(result.accepted, result.emitted)
            schedule.update(len(proposal.tokens), result.accepted)
        # Step 5: cut the emitted tokens at an end-of-sequence token.
        emitted = self._cut_at_eos(result.emitted)
        tokens.extend(emitted)
        cycle = self._record_cycle(index, k, proposal, result, emitted, target_probs)
        cycle.draft_ms_per_token = proposal.ms_per_token
        cycle.draft_ms = after_draft - start
        cycle.verify_ms = after_verify - after_draft
        cycle.overhead_ms = clock.now_ms() - after_verify
        return cycle

    def _cut_at_eos(self, emitted: list[int]) -> list[int]:
        for i, token in enumerate(emitted):
            if token in self.target.eos_ids:
                return emitted[: i + 1]
        return emitted

    def _stop_reason(self, token_ids: list[int], cycle: CycleRecord) -> str:
        if cycle.emitted and cycle.emitted[-1] in self.target.eos_ids:
            return "eos"
        if self.config.stop_strings:
            cut = self._cut_at_stop_string(token_ids)
            if cut is not None:
                dropped = len(token_ids) - cut
                del token_ids[cut:]  # nothing is emitted past the token that completes a stop string
                del cycle.emitted[len(cycle.emitted) - dropped:]
                return "stop-string"
        return ""

    def _cut_at_stop_string(self, token_ids: list[int]) -> int | None:
        """Length of the shortest prefix of token_ids whose text contains a stop string."""
        decode = self.target.tokenizer.decode
        if not any(s in decode(token_ids) for s in self.config.stop_strings):
            return None
        for length in range(1, len(token_ids) + 1):
            if any(s in decode(token_ids[:length]) for s in self.config.stop_strings):
                return length
        return None

    def _record_cycle(self, index, k, proposal: Proposal, result: VerifyResult, emitted, target_probs):
        full = self.config.record == "full"
        decode = self.target.tokenizer.decode
        top = None
        if full and result.residual is not None:
            n = result.accepted
            top = self._top_tokens(target_probs[n], proposal.draft_probs[n], result.residual)
        return CycleRecord(
            index=index,
            k=k,
            proposed=proposal.tokens,
            proposed_texts=[decode([t]) for t in proposal.tokens] if full else [],
            target_p=result.target_p,
            draft_q=result.draft_q,
            accept_prob=result.accept_prob,
            uniforms=result.uniforms,
            accepted=result.accepted,
            kind="target" if self.draft is None else result.kind,
            emitted=emitted,
            emitted_texts=[decode([t]) for t in emitted] if full else [],
            top=top,
        )

    def _top_tokens(self, target_probs, draft_probs, residual) -> TopTokens:
        """Union of the top-N tokens of p, q and the residual, most likely under p first."""
        n = self.config.top_n
        ids = torch.cat([v.topk(n).indices for v in (target_probs, draft_probs, residual)]).unique()
        ids = ids[target_probs[ids].argsort(descending=True, stable=True)]
        id_list = ids.tolist()
        return TopTokens(
            ids=id_list,
            texts=[self.target.tokenizer.decode([t]) for t in id_list],
            target_p=target_probs[ids].tolist(),
            draft_q=draft_probs[ids].tolist(),
            residual=residual[ids].tolist(),
        )

    def _finish(self, record: RunRecord, scorer: CachedModel, drafter, wall_ms: float) -> None:
        record.text = self.target.tokenizer.decode(record.token_ids)
        record.totals = totals(record.cycles, len(record.token_ids))
        record.totals["target_forward_passes"] = scorer.forward_passes
        record.totals["draft_forward_passes"] = drafter.forward_passes if drafter else 0
        cycles = record.cycles
        generated = len(record.token_ids)
        proposed = sum(len(c.draft_ms_per_token) for c in cycles)
        verifying = [c for c in cycles if c.proposed]
        record.timing.update(
            wall_ms=wall_ms,
            draft_ms=sum(c.draft_ms for c in cycles),
            verify_ms=sum(c.verify_ms for c in cycles),
            overhead_ms=sum(c.overhead_ms for c in cycles),
            draft_ms_per_token=sum(sum(c.draft_ms_per_token) for c in cycles) / proposed if proposed else None,
            verify_ms_per_cycle=sum(c.verify_ms for c in verifying) / len(verifying) if verifying else None,
            ms_per_token=wall_ms / generated if generated else None,
            tokens_per_s=1000.0 * generated / wall_ms if wall_ms > 0 and generated else 0.0,
            peak_memory_bytes=peak_memory_bytes(self.target.device),
        )
        record.timing.setdefault("ttft_ms", None)
