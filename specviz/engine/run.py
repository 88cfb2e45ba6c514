"""One generation in progress: its caches, its drafter, its verifier and its live record.

``DecodeRun.step()`` performs one cycle and returns its record; ``record`` is
the run so far (totals kept up to date after every cycle), and ``caches()``
tells how many tokens each KV cache holds. A page keeps a DecodeRun between
clicks to step through a generation; nothing outside the engine touches its
caches.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import asdict, dataclass, replace

import torch

from specviz.core.policy import logits_to_probs
from specviz.core.sampling import NoiseKey
from specviz.core.verifiers import VerifyResult, exact_verifiers, get_verifier, judge_all, make_sampler
from specviz.engine.cached import CachedModel
from specviz.engine.drafters import DraftSetup, Proposal, drafter_class
from specviz.engine.run_parts import Settings, Timing, Totals
from specviz.engine.schedules import make_schedule
from specviz.engine.timing import Clock, peak_memory_bytes
from specviz.engine.trace import CacheSteps, CycleRecord, RuleVerdict, RunRecord, TopTokens, totals
from specviz.models.token_text import token_text


@dataclass(frozen=True)
class CacheLengths:
    """How many tokens each KV cache holds, against the confirmed text (prompt included)."""

    confirmed: int
    target: int
    draft: int | None  # None when the drafter keeps no cache


class DecodeRun:
    def __init__(self, decoder, prompt: str, chat: bool = False):
        config, target = decoder.config, decoder.target
        self.decoder = decoder
        self.config = config
        prompt_ids = decoder.encode(prompt, chat)
        self.clock = Clock(target.device)
        self.schedule = make_schedule(config.schedule, config.k, config.k_max, config.confidence)
        self.verifier = get_verifier(config.verifier)
        # Every draw of the run, draft's and target's: the seeded stream, or the positional noise the rule names.
        self.sampler = make_sampler(self.verifier, config.seed, target.device)
        # No separate prefill [departure from a textbook loop]: the first cycle's
        # passes read the prompt together with the first proposals, so the target
        # runs one pass fewer per request; each cycle feeds whatever its cache lacks.
        self.target_cache = CachedModel(target, decoder.vocab_size)
        self.drafter = drafter_class(decoder.drafter)(
            DraftSetup(decoder.draft, decoder.vocab_size, prompt_ids, target.device,
                       ngram_max=config.ngram_max, ngram_min=config.ngram_min,
                       target_tokenizer=target.tokenizer, vocab_map=decoder.vocab_map))
        # Drafting across vocabularies: the target tokens no proposal can be (their mass bounds acceptance).
        self.outside = ~decoder.vocab_map.target_support().to(target.device) if decoder.vocab_map else None
        self.tokens = list(prompt_ids)  # confirmed text, prompt included
        self.limit = min(config.max_new_tokens, decoder.context - len(prompt_ids))
        self.record = RunRecord(
            prompt=prompt, prompt_ids=prompt_ids, draft=decoder.draft.name if decoder.draft else None,
            target=target.name, device=str(target.device), dtype=str(target.dtype).removeprefix("torch."),
            policy=config.policy.to_dict(),
            settings=Settings(**{**{k: v for k, v in asdict(config).items() if k != "policy"},
                                 "stop_strings": list(config.stop_strings)},
                              chat=chat, speculative=decoder.speculative,
                              intersection=decoder.vocab_map.size if decoder.vocab_map else None),
            drafter=decoder.drafter, verifier=self.verifier.name, noise=self.sampler.scheme,
            target_kernels=target.kernels,
            draft_dtype=decoder.draft.computes_in if decoder.draft else None,
            draft_kernels=decoder.draft.kernels if decoder.draft else None,
            prompt_texts=[token_text(target.tokenizer, t) for t in prompt_ids] if config.trace_detail == "full" else [],
        )
        self.finished = False
        if target.device.type == "cuda":
            torch.cuda.reset_peak_memory_stats(target.device)
        self.busy_ms = 0.0  # time spent inside step(): the run's own time

    def caches(self) -> CacheLengths:
        return CacheLengths(len(self.tokens), self.target_cache.length, self.drafter.cache_length)

    def step(self) -> CycleRecord:
        """Run the next cycle; the run finishes by itself at its last one."""
        assert not self.finished, "this run has finished"
        began = self.clock.now_ms()
        record = self.record
        cycle = self._cycle(remaining=self.limit - len(record.token_ids))
        # Only time inside steps counts: in step mode the pauses between clicks are the user's, not the run's.
        self.busy_ms += self.clock.now_ms() - began
        if not record.cycles:
            record.timing.ttft_ms = self.busy_ms
        record.cycles.append(cycle)
        record.token_ids.extend(cycle.emitted)
        record.stop_reason = self._stop_reason_truncating(cycle)
        if not record.stop_reason and len(record.token_ids) >= self.limit:
            record.stop_reason = "max-new-tokens" if self.limit == self.config.max_new_tokens else "context"
        if record.stop_reason:
            self._finish()
        else:
            record.totals = self._totals()
            record.timing = self._timing()
        return cycle

    def steps(self) -> Iterator[DecodeRun]:
        """Step until the run finishes; yields the run after each cycle."""
        while not self.finished:
            self.step()
            yield self

    def close(self) -> None:
        """End the run where it stands: an unfinished run is kept as cancelled."""
        if not self.finished:
            self.record.stop_reason = "cancelled"
            self._finish()

    def _cycle(self, remaining: int) -> CycleRecord:
        policy = self.config.policy
        start = self.clock.now_ms()
        # The cycle may emit k + 1 tokens: never propose past the token budget.
        k = min(self.schedule.next_k(), remaining - 1, self.drafter.max_tokens)
        position = len(self.tokens)  # the absolute position of the cycle's first new token
        self.sampler.begin_cycle(position)
        # Step 1: the draft proposes k tokens, keeping the q it sampled each from.
        proposal = self.drafter.propose(k, policy, self.sampler, self.schedule.stop_below())
        after_draft = self.clock.now_ms()
        # Step 2: the target scores the unseen confirmed token(s) and all proposals in one pass.
        fed_before = self.target_cache.length
        logits = self.target_cache.forward(self.tokens[fed_before:] + proposal.tokens, keep=len(proposal.tokens) + 1)
        target_probs = logits_to_probs(logits, policy)  # [k' + 1, vocab]
        # Step 3: accept a prefix, then draw the correction or the bonus.
        draft_tokens = torch.tensor(proposal.tokens, dtype=torch.long, device=target_probs.device)
        result = self.verifier.verify(target_probs, proposal.draft_probs, draft_tokens, self.sampler, position)
        after_verify = self.clock.now_ms()
        # Step 4: roll both caches back to the confirmed prefix.
        filled = (self.target_cache.length, self.drafter.cache_length)
        self.target_cache.crop(len(self.tokens) + result.accepted)
        self.drafter.update(result.accepted, result.emitted)
        caches = CacheSteps(filled[0], self.target_cache.length, filled[1], self.drafter.cache_length)
        # Step 5: cut the emitted tokens at an end-of-sequence token.
        emitted = self._cut_at_eos(result.emitted)
        self.tokens.extend(emitted)
        cycle = self._record_cycle(k, proposal, result, emitted, target_probs)
        if self.outside is not None:  # p's mass outside the intersection, at each position of the pass
            cycle.outside_mass = target_probs[:, self.outside].sum(-1).tolist()
        if self.config.compare_verifiers and cycle.proposed_texts and len(result.draws) == len(proposal.tokens):
            cycle.draws = result.draws
            cycle.verdicts = self._verdicts(target_probs, proposal, draft_tokens, result.draws, position)
        cycle.caches = caches
        cycle.draft_ms_per_token = proposal.ms_per_token
        cycle.draft_ms = after_draft - start
        cycle.verify_ms = after_verify - after_draft
        cycle.overhead_ms = self.clock.now_ms() - after_verify
        self.schedule.update(cycle)  # after the times are known: the budget schedule uses them
        return cycle

    def _cut_at_eos(self, emitted: list[int]) -> list[int]:
        for i, token in enumerate(emitted):
            if token in self.decoder.target.eos_ids:
                return emitted[: i + 1]
        return emitted

    def _stop_reason_truncating(self, cycle: CycleRecord) -> str:
        """Why the run stops after `cycle` ("" if it goes on); a stop string also truncates the record."""
        token_ids = self.record.token_ids
        if cycle.emitted and cycle.emitted[-1] in self.decoder.target.eos_ids:
            return "eos"
        if self.config.stop_strings:
            cut = self._cut_at_stop_string(token_ids, len(token_ids) - len(cycle.emitted))
            if cut is not None:
                dropped = len(token_ids) - cut
                del token_ids[cut:]  # nothing is emitted past the token that completes a stop string
                del cycle.emitted[len(cycle.emitted) - dropped:]
                return "stop-string"
        return ""

    def _cut_at_stop_string(self, token_ids: list[int], checked: int) -> int | None:
        """Length of the shortest prefix of token_ids whose text contains a stop string.

        The first `checked` tokens held none after the previous cycle, so the cut is
        looked for after them only: a shorter prefix can end inside a character and
        decode to U+FFFD, which must not match (it is not the text there).
        """
        decode = self.decoder.target.tokenizer.decode
        stops = self.config.stop_strings
        if not any(s in decode(token_ids) for s in stops):
            return None
        for length in range(checked + 1, len(token_ids) + 1):
            if any(s in decode(token_ids[:length]) for s in stops):
                return length
        return None

    def _record_cycle(self, k: int, proposal: Proposal, result: VerifyResult, emitted: list[int],
                      target_probs: torch.Tensor) -> CycleRecord:
        full = self.config.trace_detail == "full"
        tokenizer = self.decoder.target.tokenizer

        def shown(token: int) -> str:
            return token_text(tokenizer, token)

        top = None
        if full and result.residual is not None:
            n = result.accepted
            top = self._top_tokens(target_probs[n], proposal.draft_probs[n], result.residual)
        return CycleRecord(
            index=len(self.record.cycles),
            k=k,
            proposed=proposal.tokens,
            proposed_texts=[shown(t) for t in proposal.tokens] if full else [],
            target_p=result.target_p,
            draft_q=result.draft_q,
            accept_prob=result.accept_prob,
            uniforms=result.uniforms,
            accepted=result.accepted,
            kind=result.kind if self.decoder.speculative else "target",
            emitted=emitted,
            emitted_texts=[shown(t) for t in emitted] if full else [],
            top=top,
            # q(x_i) of every proposal, read off the rows the draft sampled from
            proposal_q=proposal.draft_probs[torch.arange(len(proposal.tokens)), proposal.tokens].tolist()
            if full and proposal.tokens else [],
            weights=result.weights or [],
            sources=proposal.sources if full else [],
            drafted_by=proposal.drafted_by if full else [],
            drafter_choice=proposal.choice,
        )

    def _verdicts(self, target_probs, proposal: Proposal, draft_tokens, draws: list[float],
                  position: int) -> list[RuleVerdict]:
        """What every exact rule keeps of this proposal with this target pass and these draws (the Verifiers view)."""
        tokenizer = self.decoder.target.tokenizer
        return [RuleVerdict(v.verifier, v.accepted, v.thresholds, v.weights, v.target_draws,
                            [token_text(tokenizer, t) for t in v.target_draws])
                for v in judge_all(exact_verifiers(), target_probs, proposal.draft_probs, draft_tokens, draws,
                                   NoiseKey(self.config.seed, position))]

    def _top_tokens(self, target_probs, draft_probs, residual) -> TopTokens:
        """Union of the top-N tokens of p, q and the residual, most likely under p first.  Each: [vocab]."""
        n = self.config.top_n
        ids = torch.cat([v.topk(n).indices for v in (target_probs, draft_probs, residual)]).unique()
        ids = ids[target_probs[ids].argsort(descending=True, stable=True)]
        id_list = ids.tolist()
        return TopTokens(
            ids=id_list,
            texts=[token_text(self.decoder.target.tokenizer, t) for t in id_list],
            target_p=target_probs[ids].tolist(),
            draft_q=draft_probs[ids].tolist(),
            residual=residual[ids].tolist(),
        )

    def _totals(self) -> Totals:
        counts = totals(self.record.cycles, len(self.record.token_ids))
        counts.target_forward_passes = self.target_cache.forward_passes
        counts.draft_forward_passes = self.drafter.forward_passes
        return counts

    def _timing(self) -> Timing:
        """Times so far: the run's busy time, its parts, and the rates they give."""
        cycles, generated = self.record.cycles, len(self.record.token_ids)
        proposed = sum(len(c.draft_ms_per_token) for c in cycles)
        verifying = [c for c in cycles if c.proposed]
        wall_ms = self.busy_ms
        return Timing(
            wall_ms=wall_ms,
            draft_ms=sum(c.draft_ms for c in cycles),
            verify_ms=sum(c.verify_ms for c in cycles),
            overhead_ms=sum(c.overhead_ms for c in cycles),
            draft_ms_per_token=sum(sum(c.draft_ms_per_token) for c in cycles) / proposed if proposed else None,
            verify_ms_per_cycle=sum(c.verify_ms for c in verifying) / len(verifying) if verifying else None,
            ms_per_token=wall_ms / generated if generated else None,
            tokens_per_s=1000.0 * generated / wall_ms if wall_ms > 0 and generated else 0.0,
            ttft_ms=self.record.timing.ttft_ms,  # measured by the first step
        )

    def _finish(self) -> None:
        self.finished = True
        record = self.record
        record.text = self.decoder.target.tokenizer.decode(record.token_ids)
        record.totals = self._totals()
        record.timing = replace(self._timing(), peak_memory_bytes=peak_memory_bytes(self.decoder.target.device))
