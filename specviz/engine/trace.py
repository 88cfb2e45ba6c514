"""The trace: plain records of every cycle and of the whole run, JSON in and out.

Every view of the app and every benchmark reads these records. Probabilities
are stored only where a viewer needs them: p(x), q(x), the acceptance
probability and the uniform draw at each checked position, and the top-N of
p, q and the normalised residual at the rejection (never whole vocabularies).
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, fields

from specviz.core.sampling import STREAM
from specviz.engine.drafters.base import recorded_choices
from specviz.engine.run_parts import CHECKS, Settings, Timing, Totals, is_number, is_text, part_from_dict
from specviz.errors import SpecvizError
from specviz.limits import MAX_NEW_TOKENS, MAX_TOKEN_ID, MAX_TOKEN_TEXT, TRACE_PROMPT_TOKENS, K

SCHEMA_VERSION = 3  # 3: settings, totals and timing are typed (run_parts.py); their JSON is unchanged
READABLE_VERSIONS = (1, 2, 3)  # version 1 had no drafter, verifier or kernels: they read as the defaults of then


@dataclass
class TopTokens:
    """The N most likely tokens of p at the rejection position, with q and the residual there."""

    ids: list[int]
    texts: list[str]
    target_p: list[float]
    draft_q: list[float]
    residual: list[float]  # normalised max(p - q, 0)


@dataclass
class CacheSteps:
    """One cycle's KV-cache lengths, read from the caches: filled by its passes, kept after the crop."""

    target_filled: int  # the target's cache after its verify pass (confirmed text + every proposal)
    target_kept: int  # after the crop: confirmed text + the accepted proposals
    draft_filled: int | None  # the draft's cache after proposing (None: the drafter keeps no cache)
    draft_kept: int | None


@dataclass
class RuleVerdict:
    """What one exact rule would keep of this cycle's proposal, with the same target pass and the same draws."""

    verifier: str
    accepted: int
    thresholds: list[float]  # what each u_i is compared with: min(1, p/q), h_i or p(x_i), by rule
    weights: list[float] = field(default_factory=list)  # block verification's prefix weights p_1..p_k
    target_draws: list[int] = field(default_factory=list)  # sample-and-match: the target's own token at each check
    target_draw_texts: list[str] = field(default_factory=list)


@dataclass
class CycleRecord:
    index: int
    k: int  # proposal length in force (the dynamic schedule may propose fewer)
    proposed: list[int]
    proposed_texts: list[str]
    target_p: list[float]  # p(x_i) at each checked position
    draft_q: list[float]  # q(x_i)
    accept_prob: list[float]  # min(1, p/q)
    uniforms: list[float]
    accepted: int
    kind: str  # "correction", "bonus", or "target" (target-only decoding)
    emitted: list[int]  # accepted tokens then the correction/bonus, cut at a stop
    emitted_texts: list[str]
    top: TopTokens | None = None
    draft_ms_per_token: list[float] = field(default_factory=list)
    draft_ms: float = 0.0
    verify_ms: float = 0.0
    overhead_ms: float = 0.0
    proposal_q: list[float] = field(default_factory=list)  # q(x_i) of every proposal, checked or not
    caches: CacheSteps | None = None
    weights: list[float] = field(default_factory=list)  # block verification's prefix weights p_1..p_k, else []
    draws: list[float] = field(default_factory=list)  # u_1..u_k, every draw (uniforms keeps the checked ones)
    verdicts: list[RuleVerdict] = field(default_factory=list)  # every exact rule on the same proposal and draws
    sources: list[int] = field(default_factory=list)  # copying drafters: the text position each proposal came from
    drafted_by: list[str] = field(default_factory=list)  # which drafter proposed each token (hybrid drafting)
    outside_mass: list[float] = field(default_factory=list)  # tli: p's mass no proposal can take, per position
    drafter_choice: str = ""  # hybrid drafting: "<source>.<reason>" (copy, model or alone; see source_choice)

    @property
    def cycle_ms(self) -> float:
        return self.draft_ms + self.verify_ms + self.overhead_ms

    @property
    def hybrid_source(self) -> str:
        """Under hybrid drafting, what filled this cycle: "copy", "model" or "alone" (the target by itself)."""
        if self.drafter_choice:
            return self.drafter_choice.split(".")[0]
        return "copy" if self.sources else "model" if self.proposed else "alone"


@dataclass
class RunRecord:
    prompt: str
    prompt_ids: list[int]
    draft: str | None  # None for target-only decoding
    target: str
    device: str
    dtype: str
    policy: dict  # SamplingPolicy.to_dict()
    settings: Settings
    text: str = ""
    token_ids: list[int] = field(default_factory=list)
    cycles: list[CycleRecord] = field(default_factory=list)
    totals: Totals = field(default_factory=Totals)
    timing: Timing = field(default_factory=Timing)
    stop_reason: str = ""  # "eos", "stop-string", "max-new-tokens", "context", "cancelled"
    drafter: str = "model"  # the registered drafter that proposed ("none" for the target alone)
    verifier: str = "token"  # the registered verifier that decided
    # How its draws were made (specviz/core/sampling.py): "stream", one seeded generator drawn in turn, or
    # positional noise keyed by (settings.seed, absolute position), e.g. "gumbel-splitmix64-v1" (coupled).
    noise: str = STREAM
    target_kernels: str = "unknown"  # how the target's linear layers ran, e.g. "onednn-packed+8-row"
    draft_dtype: str | None = None  # what the draft computes in, e.g. "int8"; None without a draft model
    draft_kernels: str | None = None
    prompt_texts: list[str] = field(default_factory=list)  # full traces: each prompt token's text (copy sources)
    schema_version: int = SCHEMA_VERSION

    def to_json(self) -> str:
        return json.dumps(asdict(self), ensure_ascii=False)


def run_from_dict(data: dict) -> RunRecord:
    """Rebuild a RunRecord from its JSON form; SpecvizError if it is not one."""
    if not isinstance(data, dict):
        raise SpecvizError("a trace must be a JSON object")
    version = data.get("schema_version")
    if version not in READABLE_VERSIONS or isinstance(version, bool):
        raise SpecvizError(f"trace schema version {version!r} is not supported "
                           f"(this version reads {', '.join(map(str, READABLE_VERSIONS))})")
    if version == 1:
        data = {**data, "drafter": "model" if data.get("draft") is not None else "none", "verifier": "token",
                "target_kernels": "unknown", "draft_dtype": None, "draft_kernels": None}
    try:
        if not isinstance(data["cycles"], list):
            raise SpecvizError("not a specviz trace: 'cycles' must be a list")
        if len(data["token_ids"]) > MAX_NEW_TOKENS.high or len(data["prompt_ids"]) > TRACE_PROMPT_TOKENS:
            raise SpecvizError(f"the trace holds {len(data['prompt_ids']):,} prompt and {len(data['token_ids']):,} "
                               f"written tokens; a run holds at most {TRACE_PROMPT_TOKENS:,} and "
                               f"{MAX_NEW_TOKENS.high:,}")
        if len(data["cycles"]) > MAX_NEW_TOKENS.high:  # every cycle writes a token: no run has more cycles
            raise SpecvizError(f"the trace has {len(data['cycles']):,} cycles; a run has at most "
                               f"{MAX_NEW_TOKENS.high:,} (one token each at least)")
        cycles = [_cycle_from_dict(c, i) for i, c in enumerate(data["cycles"])]
        parts = {"settings": Settings, "totals": Totals, "timing": Timing}
        values = {f.name: data[f.name] for f in fields(RunRecord)
                  if f.name not in ("cycles", "prompt_texts", "noise", *parts)}
        values["prompt_texts"] = data.get("prompt_texts", [])  # optional: traces written before it have none
        values["noise"] = data.get("noise", STREAM)  # optional: traces written before it drew from the stream
        if not is_text(values["noise"]) or len(values["noise"]) > 64:
            raise SpecvizError("the trace: field 'noise' must name how its draws were made")
        if not _CHECKS["strs"](values["prompt_texts"]) or len(values["prompt_texts"]) not in (
                0, len(data["prompt_ids"])) or any(len(text) > MAX_TOKEN_TEXT for text in values["prompt_texts"]):
            raise SpecvizError("the trace: field 'prompt_texts' must give one text per prompt token")
        _checked(values, _RUN_TYPES, "the trace")
        for name in ("draft", "draft_dtype", "draft_kernels"):
            if values[name] is not None and not isinstance(values[name], str):
                raise SpecvizError(f"the trace: field {name!r} has the wrong type")
        _check_cache_growth(cycles, len(data["prompt_ids"]))
        values["schema_version"] = SCHEMA_VERSION  # read as, and written back as, the current version
        _plain(values["policy"], "the trace's policy")
        for name, kind in parts.items():  # typed: each field checked, missing ones at their default
            values[name] = part_from_dict(kind, data[name], f"the trace's {name}")
        rate = values["totals"].acceptance_rate
        if rate is not None and not 0.0 <= rate <= 1.0:
            raise SpecvizError(f"the trace's acceptance rate {rate!r} is not a share between 0 and 1")
        if values["totals"].cycles != len(cycles) or values["totals"].generated != len(values["token_ids"]):
            raise SpecvizError(f"the trace's totals ({values['totals'].cycles:,} cycles, "
                               f"{values['totals'].generated:,} tokens) disagree with its {len(cycles):,} cycles "
                               f"and {len(values['token_ids']):,} tokens")
    except (KeyError, TypeError, AttributeError) as error:
        raise SpecvizError(f"not a specviz trace: missing or malformed field {error}") from None
    return RunRecord(cycles=cycles, **values)


def _check_cache_growth(cycles: list[CycleRecord], prompt_length: int) -> None:
    """After each cycle the target's cache holds the prompt, the tokens emitted before it and its accepted ones."""
    written = prompt_length
    for cycle in cycles:
        if cycle.caches is not None and cycle.caches.target_kept != written + cycle.accepted:
            raise SpecvizError(f"cycle {cycle.index + 1}: field 'caches' does not agree with the text written so far")
        written += len(cycle.emitted)


# What each stored field must hold, so a crafted trace fails here rather than in a view (run_parts.CHECKS).
_CHECKS = CHECKS
_CYCLE_TYPES = {
    "index": int, "k": int, "proposed": "ints", "proposed_texts": "strs", "target_p": "floats",
    "draft_q": "floats", "accept_prob": "floats", "uniforms": "floats", "accepted": int, "kind": str,
    "emitted": "ints", "emitted_texts": "strs", "draft_ms_per_token": "floats", "draft_ms": float,
    "verify_ms": float, "overhead_ms": float,
}
_CACHE_FIELDS = ("target_filled", "target_kept", "draft_filled", "draft_kept")
_TOP_TYPES = {"ids": "ints", "texts": "strs", "target_p": "floats", "draft_q": "floats", "residual": "floats"}
_RUN_TYPES = {
    "prompt": str, "prompt_ids": "ints", "target": str, "device": str, "dtype": str, "policy": dict,
    "text": str, "token_ids": "ints", "stop_reason": str,
    "drafter": str, "verifier": str, "target_kernels": str,
}
KINDS = ("correction", "bonus", "target")


def _checked(data: dict, types: dict, where: str) -> dict:
    if not isinstance(data, dict):
        raise SpecvizError(f"{where} must be an object")
    for name, kind in types.items():
        if name not in data:
            raise SpecvizError(f"{where} has no field {name!r}")
        if not _CHECKS[kind](data[name]):
            raise SpecvizError(f"{where}: field {name!r} has the wrong type")
    return {name: data[name] for name in types}


def _cycle_from_dict(data: dict, position: int) -> CycleRecord:
    where = f"cycle {position + 1}"
    values = _checked(data, _CYCLE_TYPES, where)
    if values["index"] != position:
        raise SpecvizError(f"{where} is out of place: its index is {values['index']}")
    if len(values["proposed"]) > K.high or len(values["emitted"]) > len(values["proposed"]) + 1:
        raise SpecvizError(f"{where} proposes {len(values['proposed']):,} and writes {len(values['emitted']):,} "
                           f"tokens; a cycle proposes at most {K.high} and writes one more")
    if values["kind"] not in KINDS or not 0 <= values["accepted"] <= len(values["proposed"]):
        raise SpecvizError(f"{where} is inconsistent (kind {values['kind']!r}, accepted {values['accepted']})")
    # One entry per checked position in each per-position list, and texts for all tokens or none.
    checked = len(values["accept_prob"])
    if (any(len(values[name]) != checked for name in ("target_p", "draft_q", "uniforms"))
            or checked > len(values["proposed"]) or values["accepted"] > checked
            or len(values["proposed_texts"]) not in (0, len(values["proposed"]))
            or len(values["emitted_texts"]) not in (0, len(values["emitted"]))):
        raise SpecvizError(f"{where} is inconsistent: its per-position lists differ in length")
    if any(not 0 <= token < MAX_TOKEN_ID for token in values["proposed"] + values["emitted"]):
        raise SpecvizError(f"{where} holds a token id outside 0..{MAX_TOKEN_ID - 1:,}")
    if any(not -1e-6 <= value <= 1.0 + 1e-6 for name in ("target_p", "draft_q", "uniforms")
           for value in values[name]):  # rounding aside; NaN and infinities fail both comparisons
        raise SpecvizError(f"{where} holds a probability or a draw outside [0, 1]")
    texts = values["proposed_texts"] + values["emitted_texts"]
    if any(len(text) > MAX_TOKEN_TEXT for text in texts):  # a token is a few characters: bounded drawing cost
        raise SpecvizError(f"{where} holds a token text longer than {MAX_TOKEN_TEXT:,} characters")
    proposal_q = data.get("proposal_q", [])  # optional: traces written before it have none
    if not _CHECKS["floats"](proposal_q) or len(proposal_q) not in (0, len(values["proposed"])):
        raise SpecvizError(f"{where}: field 'proposal_q' has the wrong type or length")
    weights = data.get("weights", [])  # optional: only block verification writes them
    if not _CHECKS["floats"](weights) or len(weights) not in (0, len(values["proposed"])):
        raise SpecvizError(f"{where}: field 'weights' has the wrong type or length")
    draws = data.get("draws", [])  # optional, as are the verdicts: traces written before them have none
    if not _CHECKS["floats"](draws) or len(draws) not in (0, len(values["proposed"])):
        raise SpecvizError(f"{where}: field 'draws' has the wrong type or length")
    verdicts = [_verdict_from_dict(v, len(values["proposed"]), where) for v in _list(data.get("verdicts", []), where)]
    sources, drafted_by = data.get("sources", []), data.get("drafted_by", [])  # optional: drafters that copy
    if (not _CHECKS["ints"](sources) or not _CHECKS["strs"](drafted_by)
            or len(sources) not in (0, len(values["proposed"])) or len(drafted_by) not in (0, len(values["proposed"]))
            or any(s < 0 for s in sources)):
        raise SpecvizError(f"{where}: fields 'sources' and 'drafted_by' must give one entry per proposal")
    drafter_choice = data.get("drafter_choice", "")  # optional: hybrid drafting
    choices = recorded_choices()
    if drafter_choice != "" and drafter_choice not in choices:
        raise SpecvizError(f"{where}: field 'drafter_choice' must be one of {', '.join(sorted(choices))}")
    outside_mass = data.get("outside_mass", [])  # optional: drafting across vocabularies
    if not _CHECKS["floats"](outside_mass) or len(outside_mass) not in (0, len(values["proposed"]) + 1):
        raise SpecvizError(f"{where}: field 'outside_mass' must give one value per position of the target pass")
    caches = data.get("caches")
    if caches is not None:
        if not isinstance(caches, dict) or set(caches) != set(_CACHE_FIELDS) or not all(
                value is None or (_CHECKS[int](value) and value >= 0) for value in caches.values()):
            raise SpecvizError(f"{where}: field 'caches' is malformed")
        caches = CacheSteps(**caches)
        _check_caches(caches, len(values["proposed"]), values["accepted"], where)
    top = data.get("top")
    if top is not None:
        top = _checked(top, _TOP_TYPES, f"{where} top")
        if len({len(v) for v in top.values()}) != 1 or any(len(text) > MAX_TOKEN_TEXT for text in top["texts"]):
            raise SpecvizError(f"{where} top is inconsistent: its lists differ in length, or a text is too long")
    return CycleRecord(top=TopTokens(**top) if top is not None else None, proposal_q=proposal_q, caches=caches,
                       weights=weights, draws=draws, verdicts=verdicts, sources=sources,
                       drafted_by=drafted_by, outside_mass=outside_mass, drafter_choice=drafter_choice, **values)


def _check_caches(caches: CacheSteps, proposed: int, accepted: int, where: str) -> None:
    """The cache lengths agree with the cycle's tokens: the target's pass filled one slot for each proposal
    and the crop kept the accepted ones; the draft's cache dropped at most the proposals."""
    target = caches.target_kept >= accepted and caches.target_filled - caches.target_kept == proposed - accepted
    draft = (caches.draft_filled is None) == (caches.draft_kept is None) and (
        caches.draft_filled is None or 0 <= caches.draft_filled - caches.draft_kept <= proposed)
    if not (target and draft):
        raise SpecvizError(f"{where}: field 'caches' does not agree with the cycle's proposal and accepted tokens")


_VERDICT_TYPES = {"verifier": str, "accepted": int, "thresholds": "floats", "weights": "floats",
                  "target_draws": "ints", "target_draw_texts": "strs"}


def _list(value, where: str) -> list:
    if not isinstance(value, list):
        raise SpecvizError(f"{where}: field 'verdicts' must be a list")
    return value


def _verdict_from_dict(data: dict, k: int, where: str) -> RuleVerdict:
    values = _checked(data, _VERDICT_TYPES, f"{where} verdict")
    if (not 0 <= values["accepted"] <= k or len(values["thresholds"]) != k or len(values["weights"]) not in (0, k)
            or len(values["target_draws"]) > k
            or len(values["target_draw_texts"]) not in (0, len(values["target_draws"]))):
        raise SpecvizError(f"{where}: a verdict is inconsistent with the proposal")
    return RuleVerdict(**values)


def _plain(values: dict, where: str) -> None:
    """A policy holds names, flags, numbers and flat lists of them: what the viewer prints.

    Lists are one level deep (stop strings): nothing is walked recursively, however deep a crafted value nests.
    """
    def scalar(value) -> bool:
        return value is None or isinstance(value, bool) or is_number(value) or is_text(value)

    for name, value in values.items():
        if not is_text(name) or not (scalar(value) or isinstance(value, list) and all(map(scalar, value))):
            raise SpecvizError(f"{where}: {name!r} holds something a trace cannot hold")


def run_from_json(text: str) -> RunRecord:
    try:
        data = json.loads(text)
    except RecursionError:
        raise SpecvizError("not a trace: its JSON is nested deeper than any trace") from None
    except ValueError as error:
        if "digits" in str(error):  # Python's guard against converting huge integers
            raise SpecvizError("not a trace: it holds a number with thousands of digits") from None
        raise SpecvizError(f"not valid JSON: {str(error).splitlines()[0][:120]}") from None
    return run_from_dict(data)


def totals(cycles: list[CycleRecord], generated: int) -> Totals:
    """Counts over a run: proposed, accepted, acceptance by position, tokens per cycle."""
    proposed = sum(len(c.proposed) for c in cycles)
    accepted = sum(c.accepted for c in cycles)
    reached: list[int] = []  # reached[i]: cycles whose position i was checked
    passed: list[int] = []  # passed[i]: cycles whose position i was accepted
    for cycle in cycles:
        # Position i is reached when every proposal before it was kept (block verification checks them all).
        for i in range(min(cycle.accepted + 1, len(cycle.proposed))):
            if i == len(reached):
                reached.append(0)
                passed.append(0)
            reached[i] += 1
            passed[i] += i < cycle.accepted
    return Totals(
        cycles=len(cycles),
        generated=generated,
        proposed=proposed,
        accepted=accepted,
        acceptance_rate=accepted / proposed if proposed else None,
        acceptance_by_position=[p / r for p, r in zip(passed, reached)],
        checked_by_position=reached,
        mean_tokens_per_cycle=generated / len(cycles) if cycles else 0.0,
    )
