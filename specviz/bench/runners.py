"""One timed generation per call, for each implementation the benchmark compares.

- ``specviz-baseline``: this project's target-only decoder;
- ``specviz``: this project's speculative decoder (k, schedule);
- ``hf-target``: transformers ``generate`` with the target alone;
- ``hf-assisted``: transformers ``generate(assistant_model=...)`` with the same draft;
- ``hf-prompt-lookup``: transformers ``generate(prompt_lookup_num_tokens=k)``, n-gram drafting;
- ``hf-universal``: transformers ``generate(assistant_model=..., assistant_tokenizer=...)``, universal
  assisted generation, for a draft with another vocabulary (paired with specviz's ``tli``).
Every runner returns a Sample with the same fields, so the report treats them alike.
"""

from __future__ import annotations

import copy
from contextlib import contextmanager
from dataclasses import dataclass, field

import torch

from specviz.bench.contracts import Prompt
from specviz.core.policy import SamplingPolicy
from specviz.engine.decoder import DecodeConfig, Decoder
from specviz.engine.drafters import DRAFTERS
from specviz.engine.timing import Clock, peak_memory_bytes
from specviz.engine.trace import RunRecord
from specviz.models.loader import LoadedModel

# The schedules each of Hugging Face's counterparts has (a drafter names its own, as `hf_partner`).
HF_SCHEDULES = {"hf-assisted": ("constant", "heuristic", "dynamic"), "hf-prompt-lookup": ("constant",),
                "hf-universal": ("constant",)}


@dataclass(frozen=True)
class Config:
    """One column of the comparison."""

    implementation: str
    k: int = 0  # 0 for the target alone
    schedule: str = "constant"
    temperature: float = 0.0
    verifier: str = "token"  # specviz's verification rule (Hugging Face always uses the token rule)
    drafter: str = "model"  # specviz's drafter ("ngram": prompt lookup, no draft model)
    ngram_max: int = 3  # prompt lookup, specviz's and Hugging Face's: the longest n-gram looked up

    @property
    def name(self) -> str:
        if self.k == 0:
            return f"{self.implementation} T={self.temperature:g}"
        rule = "" if self.verifier == "token" else f" {self.verifier}"  # the default rule's names stay as before
        drafter = "" if self.drafter == "model" else f" {self.drafter}"
        return f"{self.implementation} k={self.k} {self.schedule} T={self.temperature:g}{rule}{drafter}"

    @property
    def uses_draft_model(self) -> bool:
        return (self.implementation in ("specviz", "specviz-counters", "hf-assisted", "hf-universal")
                and DRAFTERS.get(self.drafter).needs_model)


def hf_partner(drafter: str | None) -> str | None:
    """Hugging Face's counterpart of a specviz drafter, run on the same target (None: it has none)."""
    return getattr(DRAFTERS.find(drafter or "model"), "hf_partner", None)


def hf_config(drafter: str, k: int, schedule: str, temperature: float, ngram_max: int) -> Config | None:
    """The Hugging Face run a specviz run of `drafter` is paired with, where Hugging Face has one."""
    partner = hf_partner(drafter)
    if partner is None or schedule not in HF_SCHEDULES[partner]:
        return None
    return Config(partner, k, schedule, temperature, drafter=drafter,
                  ngram_max=ngram_max if partner == "hf-prompt-lookup" else 3)


@dataclass(frozen=True)
class Request:
    """One generation to time: which prompt, which repeat, how many tokens, which seed."""

    prompt: Prompt
    repeat: int
    max_new_tokens: int
    seed: int


@dataclass
class Sample:
    config: Config
    request: Request
    token_ids: list[int]
    wall_ms: float
    ttft_ms: float | None
    peak_memory_bytes: int
    trace: RunRecord | None = None  # specviz runs keep their trace for acceptance and timing splits
    metered: dict = field(default_factory=dict)  # forward_meter's counts and times, when metered

    @property
    def tokens(self) -> int:
        return len(self.token_ids)

    @property
    def prompt_id(self) -> str:
        return self.request.prompt.id

    @property
    def prompt_set(self) -> str:
        return self.request.prompt.set

    @property
    def repeat(self) -> int:
        return self.request.repeat


def run_one(config: Config, target: LoadedModel, draft: LoadedModel, request: Request, trace_detail: str = "full",
            meter: bool = False) -> Sample:
    """One timed generation. `meter` counts and times every model forward call (one request at a time only)."""
    with forward_meter(target, draft, enabled=meter) as passes:
        if config.implementation.startswith("specviz"):
            sample = _run_specviz(config, target, draft, request, trace_detail)
        else:
            sample = _run_hf(config, target, draft, request)
    if meter:
        sample.metered.update(passes)
        sample.metered["outside_forward_ms"] = sample.wall_ms - passes["forward_ms"]
    return sample


@contextmanager
def forward_meter(target: LoadedModel, draft: LoadedModel, enabled: bool = True):
    """Count and time the forward calls of both models, whoever makes them (specviz or HF's generate).

    Yields a dict filled in as the calls happen: target_/draft_forward_passes, target_/draft_forward_ms
    and forward_ms (both models together). With identical pass counts, the wall time outside forward
    calls is what one engine adds over another: sampling, cache bookkeeping, Python.
    """
    counts = {"target_forward_passes": 0, "draft_forward_passes": 0, "target_forward_ms": 0.0,
              "draft_forward_ms": 0.0, "forward_ms": 0.0}
    if not enabled:
        yield counts
        return
    clock = Clock(target.device)
    started: list[float] = []  # a stack: one entry per forward call in progress

    def hooks(role: str):
        def before(*_):
            started.append(clock.now_ms())

        def after(*_):
            elapsed = clock.now_ms() - started.pop()
            counts[f"{role}_forward_passes"] += 1
            counts[f"{role}_forward_ms"] += elapsed
            counts["forward_ms"] += elapsed
        return before, after

    handles = []
    models = {"target": target.model}
    if draft.model is not target.model:  # a model drafting for itself counts as the target
        models["draft"] = draft.model
    for key, model in models.items():
        before, after = hooks(key)
        handles += [model.register_forward_pre_hook(before), model.register_forward_hook(after)]
    try:
        yield counts
    finally:
        for handle in handles:
            handle.remove()


def _policy(config: Config) -> SamplingPolicy:
    return SamplingPolicy(temperature=config.temperature)


def _run_specviz(config: Config, target: LoadedModel, draft: LoadedModel, request: Request,
                 trace_detail: str) -> Sample:
    proposer = draft if config.uses_draft_model else None  # no draft model: the target alone, or prompt lookup
    trace_detail = "counters" if config.implementation == "specviz-counters" else trace_detail
    decode = DecodeConfig(policy=_policy(config), k=max(config.k, 1), schedule=config.schedule,
                          max_new_tokens=request.max_new_tokens, seed=request.seed, trace_detail=trace_detail,
                          verifier=config.verifier,
                          drafter=config.drafter if config.implementation != "specviz-baseline" else "model",
                          ngram_max=config.ngram_max)
    run = Decoder(target, proposer, decode).run(request.prompt.text)
    return Sample(config, request, run.token_ids, run.timing.wall_ms, run.timing.ttft_ms,
                  run.timing.peak_memory_bytes, trace=run)


@torch.inference_mode()
def _run_hf(config: Config, target: LoadedModel, draft: LoadedModel, request: Request) -> Sample:
    ids = target.tokenizer(request.prompt.text, return_tensors="pt").input_ids.to(target.device)
    eos = sorted(target.eos_ids)
    kwargs = dict(attention_mask=torch.ones_like(ids), max_new_tokens=request.max_new_tokens, eos_token_id=eos,
                  pad_token_id=eos[0], do_sample=config.temperature > 0)
    if config.temperature > 0:
        kwargs.update(temperature=config.temperature, top_k=0, top_p=1.0)
    saved = None
    if config.implementation == "hf-assisted":
        saved = _set_assistant_schedule(draft, config)
        kwargs["assistant_model"] = draft.model
    elif config.implementation == "hf-universal":  # the draft re-reads the text in its own tokens
        saved = _set_assistant_schedule(draft, config)
        kwargs["assistant_model"] = draft.model
        if draft.tokenizer.get_vocab() != target.tokenizer.get_vocab():  # HF refuses the tokenizers when they agree
            kwargs.update(tokenizer=target.tokenizer, assistant_tokenizer=draft.tokenizer)
    elif config.implementation == "hf-prompt-lookup":  # Hugging Face's n-gram drafting, no draft model
        kwargs.update(prompt_lookup_num_tokens=config.k, max_matching_ngram_size=config.ngram_max)
    torch.manual_seed(request.seed)
    clock = Clock(target.device)
    start = clock.now_ms()
    try:
        out = target.model.generate(ids, **kwargs)
    finally:
        if saved is not None:
            draft.model.generation_config = saved
    wall = clock.now_ms() - start
    return Sample(config, request, out[0, ids.shape[1]:].tolist(), wall, None, peak_memory_bytes(target.device))


def _set_assistant_schedule(draft: LoadedModel, config: Config):
    """HF reads the proposal schedule from the assistant's generation config; returns the old one."""
    saved = draft.model.generation_config
    generation = copy.deepcopy(saved)
    generation.num_assistant_tokens = config.k
    if config.schedule == "heuristic":
        generation.num_assistant_tokens_schedule = "heuristic_transient"  # reset per call, like ours
        generation.assistant_confidence_threshold = 0.0
    elif config.schedule == "dynamic":
        generation.num_assistant_tokens_schedule = "constant"
        generation.assistant_confidence_threshold = DecodeConfig().confidence  # the threshold specviz uses
    else:
        generation.num_assistant_tokens_schedule = "constant"
        generation.assistant_confidence_threshold = 0.0
    draft.model.generation_config = generation
    return saved
