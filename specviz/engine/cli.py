"""``python -m specviz generate``: speculative (or target-only) decoding from the shell."""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import asdict, replace

from specviz.argtypes import finite_float, integer
from specviz.core.policy import SamplingPolicy
from specviz.core.verifiers import AUTO, VERIFIERS, resolve_verifier, verifier_choices
from specviz.engine.decoder import BROKEN_VARIANTS, DecodeConfig, Decoder
from specviz.engine.drafters import DRAFTERS, exact_drafters
from specviz.engine.pair_plan import plan_pair
from specviz.engine.schedules import SCHEDULES, schedule_names
from specviz.errors import SpecvizError
from specviz.limits import K
from specviz.models.kernels import INT8_WEIGHTS
from specviz.models.modes import CHOICES
from specviz.models.registry import DEFAULT_DRAFT, DEFAULT_TARGET, REGISTRY


def add_model_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--draft", default=DEFAULT_DRAFT, help="registry name, HF id or local folder")
    parser.add_argument("--target", default=DEFAULT_TARGET, help="registry name, HF id or local folder")
    parser.add_argument("--device", default="auto", help="auto, cpu, cuda, cuda:N or mps")
    parser.add_argument("--dtype", default="auto", help="auto, float32, bfloat16, float16, or int8-weights "
                        "(the laptop mode: 3.3 GB for the pair, measured; exact for that int8 target)")
    parser.add_argument("--draft-dtype", default=None,
                        help="the draft's dtype if not --dtype; int8 quantizes its linear layers (CPU)")
    parser.add_argument("--mode", default="auto", choices=CHOICES,
                        help="how the pair is held on a CPU: auto (the fastest that fits this machine's or "
                             "container's memory), two-layouts, one-layout or laptop (int8 weights)")


DEFAULT = DecodeConfig()  # every option's default


def add_commands(commands) -> None:
    gen = commands.add_parser("generate", help="decode a prompt with speculation (or --no-spec)")
    add_model_arguments(gen)
    gen.add_argument("--prompt", required=True)
    gen.add_argument("--k", type=integer, default=DEFAULT.k, help=f"proposed tokens per cycle ({K.low}..{K.high})")
    gen.add_argument("--schedule", default=DEFAULT.schedule, choices=schedule_names(),
                     help=SCHEDULES.help(threshold=DEFAULT.confidence) + " With --verifier coupled a seed "
                     "fixes a sampled text under every schedule (the target alone's text with that seed); with "
                     "the other rules under every schedule but budget.")
    gen.add_argument("--confidence", type=finite_float, default=DEFAULT.confidence, help="dynamic schedule threshold")
    gen.add_argument("--temperature", type=finite_float, default=DEFAULT.policy.temperature, help="0 is greedy")
    gen.add_argument("--top-k", type=integer, default=DEFAULT.policy.top_k, help="0 keeps every token")
    gen.add_argument("--top-p", type=finite_float, default=DEFAULT.policy.top_p, help="in (0, 1]; 1 keeps every token")
    gen.add_argument("--max-new-tokens", type=integer, default=DEFAULT.max_new_tokens)
    gen.add_argument("--seed", type=integer, default=DEFAULT.seed)
    gen.add_argument("--stop", action="append", default=[], help="stop string (repeatable)")
    gen.add_argument("--top-n", type=integer, default=DEFAULT.top_n, help="tokens kept in the trace at a rejection")
    gen.add_argument("--verifier", default=None, choices=verifier_choices(),
                     help=f"auto (the default): token under greedy decoding, coupled under sampling, so a seed fixes "
                          f"the text; {VERIFIERS.choices_help()}")
    gen.add_argument("--drafter", default=None, choices=exact_drafters(), help=DRAFTERS.choices_help())
    gen.add_argument("--ngram-max", type=integer, default=DEFAULT.ngram_max,
                     help="prompt lookup: the longest n-gram looked up")
    gen.add_argument("--ngram-min", type=integer, default=DEFAULT.ngram_min,
                     help="prompt lookup: the shortest n-gram looked up")
    gen.add_argument("--broken", choices=BROKEN_VARIANTS, default=None,
                     help="teaching only, off by default: a rule that is wrong on purpose (the output no longer "
                          "follows the target)")
    gen.add_argument("--no-spec", action="store_true", help="target-only baseline")
    gen.add_argument("--chat", action="store_true", help="apply the tokenizer's chat template")
    gen.add_argument("--json", action="store_true", help="print the run record as one JSON object")

    prep = commands.add_parser("prepare", help="install check, join, verify and convert registry models")
    prep.add_argument("names", nargs="*", default=[DEFAULT_DRAFT, DEFAULT_TARGET])


def _progress(message: str, fraction: float) -> None:
    if sys.stderr.isatty():
        print(f"\r{message}: {fraction:6.1%}   ", end="", file=sys.stderr, flush=True)


def _rules(args: argparse.Namespace) -> dict[str, str]:
    """The run's drafter and verifier: as asked, or the broken variant's, which a different explicit choice
    would silently override (one line, exit 2)."""
    if not args.broken:
        verifier = resolve_verifier(args.verifier or AUTO, args.temperature == 0.0)
        return {"drafter": args.drafter or DEFAULT.drafter, "verifier": verifier}
    if getattr(args, "no_spec", False):
        raise SpecvizError(f"--broken {args.broken} breaks the speculative rule; --no-spec runs no rule: "
                           "leave out one of them")
    variant = BROKEN_VARIANTS[args.broken]
    for option, asked, fixed in (("--drafter", args.drafter, variant.drafter),
                                 ("--verifier", args.verifier, variant.verifier)):
        if asked is not None and asked != fixed:
            raise SpecvizError(f"--broken {args.broken} runs {option.removeprefix('--')} {fixed!r}; "
                               f"leave out {option} {asked}")
    return {"drafter": variant.drafter, "verifier": variant.verifier}


def _prepare(name: str, convert, needs_conversion) -> None:
    """Join, verify and convert one registry model (streamed: never the whole model in memory)."""
    entry = REGISTRY.get(name)
    if entry is None:
        raise SpecvizError(f"unknown model {name[:60]!r}: prepare takes registry names ({', '.join(REGISTRY)})")
    started = time.perf_counter()
    how = "built in" if entry.source is None else "converted" if needs_conversion(name) else "already converted"
    if how == "converted":
        convert(name, _progress)
    print(f"{name}: ready ({how}, {time.perf_counter() - started:.1f} s)")


def run(args: argparse.Namespace) -> None:
    from specviz.models import fast, modes
    from specviz.models.loader import convert, needs_conversion

    if args.command == "prepare":
        for name in args.names:
            _prepare(name.strip(), convert, needs_conversion)
        return
    # Validate everything cheap before spending minutes on loading models.
    config = DecodeConfig(
        policy=SamplingPolicy(args.temperature, args.top_k, args.top_p),
        k=args.k,
        schedule=args.schedule,
        confidence=args.confidence,
        max_new_tokens=args.max_new_tokens,
        seed=args.seed,
        stop_strings=tuple(args.stop),
        top_n=args.top_n,
        **_rules(args),
        ngram_max=args.ngram_max,
        ngram_min=args.ngram_min,
    )
    if not args.prompt.strip():
        raise SpecvizError("the prompt is empty")
    pair = plan_pair(config.drafter, args.draft, args.target, not args.no_spec)  # before minutes of loading
    # The fastest exact configuration that fits this machine's memory, as the app's (specviz/models/modes.py).
    forced = "laptop" if args.dtype.strip() == INT8_WEIGHTS else args.mode
    # The target alone (--no-spec) is held as beside its draft, so that it is the same baseline as the pair's.
    choice = modes.choose(args.draft if DRAFTERS.get(config.drafter).needs_model else None, args.target, forced)
    target, mode = fast.load_pair_target(args.target, choice, args.device, args.dtype, _progress,
                                         told=lambda line: print(f"specviz: {line}", file=sys.stderr))
    draft = fast.load_draft(pair.draft, target, args.draft_dtype, _progress) if pair.draft else None
    if args.no_spec:
        config = replace(config, drafter="none")  # the target alone, even where the drafter needs no model
    record = Decoder(target, draft, config).run(args.prompt, chat=args.chat)
    if args.json:
        configuration = {"mode": mode.name if target.device.type == "cpu" else None,
                         "reason": choice.reason() if mode == choice.mode else f"{mode.name}: the memory plan's "
                                   f"fallback from {choice.mode.name}"}
        print(json.dumps({**asdict(record), "configuration": configuration}, ensure_ascii=False))
    else:
        print(record.text)
