"""``python -m specviz bench``: the benchmark harness from the shell."""

from __future__ import annotations

import argparse
import glob
import json
import sys
import time
from pathlib import Path

from specviz import limits
from specviz.argtypes import integer
from specviz.bench.harness import Plan, load_prompts, report, run_concurrent, run_plan, summarise
from specviz.bench.machine import machine
from specviz.bench.markdown import markdown_report
from specviz.bench.runners import Config
from specviz.core.verifiers import VERIFIERS, exact_verifiers
from specviz.engine.drafters import DRAFTERS, exact_drafters
from specviz.engine.schedules import schedule_names
from specviz.errors import SpecvizError
from specviz.models.registry import DEFAULT_DRAFT, DEFAULT_TARGET, TINY_DRAFT, TINY_TARGET

DEFAULT_PROMPTS = "assets/prompts/*.jsonl"


def _list(kind):
    def parse(text: str):
        try:
            values = tuple(kind(part) for part in text.split(",") if part.strip())
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a comma-separated list of numbers: {text!r}") from None
        if not values:
            raise argparse.ArgumentTypeError("the list is empty")
        return values

    return parse


def add_commands(commands) -> None:
    bench = commands.add_parser("bench", help="speculation vs the target alone vs Hugging Face, interleaved")
    bench.add_argument("--draft", default=DEFAULT_DRAFT)
    bench.add_argument("--target", default=DEFAULT_TARGET)
    bench.add_argument("--device", default="auto")
    bench.add_argument("--dtype", default="auto", help="target dtype (defines the distribution)")
    bench.add_argument("--draft-dtype", default=None,
                       help="draft dtype (only acceptance depends on it); default: int8 linear layers on a CPU "
                            "with a float32 target (2-3x faster than float32), else the target's")
    bench.add_argument("--kernels", choices=("auto", "dual", "packed", "default"), default="auto",
                       help="CPU linear layers: oneDNN-packed with a second layout for the target's verify "
                            "passes (dual; auto on CPU), packed with one layout, or PyTorch's default")
    bench.add_argument("--prompts", nargs="+", default=[DEFAULT_PROMPTS], help="JSONL files or globs")
    bench.add_argument("--per-set", type=integer, default=1, help="prompts taken from each file (0 = all)")
    bench.add_argument("--k", type=_list(int), default=(4,),
                       help="draft lengths; 0 alone: only the target-only baseline against generate")
    bench.add_argument("--schedule", type=_list(str), default=("constant", "dynamic"),
                       help="schedules to run at each k; budget runs once, starting from the first k")
    bench.add_argument("--temperature", type=_list(float), default=(0.0,))
    bench.add_argument("--max-new-tokens", type=integer, default=128)
    bench.add_argument("--verifier", type=_list(str), default=("token",),
                       help=f"specviz's verification rules to compare, comma-separated ({VERIFIERS.choices_help()})")
    bench.add_argument("--drafter", type=_list(str), default=("model",),
                       help=f"specviz's drafters to compare, comma-separated ({DRAFTERS.choices_help()}); ngram is "
                            "paired with Hugging Face's prompt lookup, tli with its universal assisted generation")
    bench.add_argument("--ngram-max", type=integer, default=3, help="prompt lookup's longest n-gram (both engines)")
    bench.add_argument("--repeats", type=integer, default=1)
    bench.add_argument("--concurrency", type=_list(int), default=(1,))
    bench.add_argument("--no-hf", action="store_true", help="skip the Hugging Face configurations")
    bench.add_argument("--no-record-overhead", action="store_true",
                       help="skip the counters-only run that measures what recording the trace costs")
    bench.add_argument("--quick", action="store_true", help="tiny pair, 1 prompt per set, 16 tokens (seconds)")
    bench.add_argument("--json", dest="json_out", help="write the JSON report here")
    bench.add_argument("--markdown", dest="markdown_out", help="write the Markdown table here")


def _plan(args) -> Plan:
    ks = () if args.k == (0,) else args.k  # k = 0: the target alone, specviz's loop against generate
    if not all(limits.K.contains(k) for k in ks):
        raise SpecvizError(f"every k must be in {limits.K.low}..{limits.K.high} "
                           "(or k = 0 alone, for the target-only comparison)")
    if not ks and (args.no_hf or any(c > 1 for c in args.concurrency)):
        raise SpecvizError("k = 0 compares the baseline with generate: it needs Hugging Face and concurrency 1")
    limits.BENCH_REPEATS.check(args.repeats)
    for level in args.concurrency:
        limits.BENCH_CONCURRENCY.check(level)
    for schedule in args.schedule:
        if schedule not in schedule_names():
            raise SpecvizError(f"unknown schedule {schedule!r} (use {', '.join(schedule_names())})")
    for verifier in args.verifier:
        if verifier not in exact_verifiers():
            raise SpecvizError(f"unknown verifier {verifier!r} (use {', '.join(exact_verifiers())})")
    for drafter in args.drafter:
        if drafter not in exact_drafters():
            raise SpecvizError(f"unknown drafter {drafter!r} (use {', '.join(exact_drafters())})")
    limits.NGRAM.check(args.ngram_max)
    if any(t < 0 for t in args.temperature):
        raise SpecvizError("temperatures must be >= 0")
    return Plan(ks=ks, schedules=args.schedule, temperatures=args.temperature,
                max_new_tokens=args.max_new_tokens, repeats=args.repeats, concurrency=args.concurrency,
                with_hf=not args.no_hf, record_overhead=not args.no_record_overhead,
                verifiers=tuple(dict.fromkeys(args.verifier)), drafters=tuple(dict.fromkeys(args.drafter)),
                ngram_max=args.ngram_max)


def _check_writable(path: Path) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a", encoding="utf-8"):
            pass
    except OSError as error:
        raise SpecvizError(f"cannot write {str(path)[:200]}: {error.strerror or error}") from None


def run(args) -> None:
    from specviz.models import fast, modes
    from specviz.models.kernels import INT8_WEIGHTS
    from specviz.models.loader import load_model

    for path in (args.json_out, args.markdown_out):
        if path:
            _check_writable(Path(path))  # before the benchmark, not after it
    limits.BENCH_PER_SET.check(args.per_set)  # checked before --quick replaces them
    limits.MAX_NEW_TOKENS.check(args.max_new_tokens)
    if args.quick:
        args.draft, args.target, args.per_set, args.max_new_tokens = TINY_DRAFT, TINY_TARGET, 1, 16
    plan = _plan(args)
    files = sorted({f for pattern in args.prompts for f in (glob.glob(pattern) or [pattern])})
    prompts = load_prompts(files, args.per_set or None)
    started = time.perf_counter()
    fast.check_target_dtype(args.dtype)
    packed = {"auto": None, "dual": True, "packed": True, "default": False}[args.kernels]
    if args.kernels == "auto":  # the app's and `generate`'s configuration, chosen by memory (specviz/models/modes.py)
        choice = modes.choose(args.draft, args.target, "laptop" if args.dtype.strip() == INT8_WEIGHTS else "auto")
        target, _ = fast.load_pair_target(args.target, choice, args.device, args.dtype,
                                          told=lambda line: print(f"specviz: {line}", file=sys.stderr))
    else:
        verify_rows = fast.VERIFY_ROWS if args.kernels == "dual" else None
        target = load_model(args.target, args.device, args.dtype, packed=packed, verify_rows=verify_rows)
    draft = load_model(args.draft, args.device, args.draft_dtype or fast.draft_dtype(target), packed=packed)
    samples = run_plan(plan, target, draft, prompts)
    rows = summarise(samples, plan)
    for name in sorted({p.set for p in prompts}):
        rows += summarise([s for s in samples if s.prompt_set == name], plan, prompt_set=name)
    concurrency = []
    for level in plan.concurrency:
        if level > 1:
            # The fastest speculative configuration of the single-request runs, over all prompts.
            fastest = max((r for r in rows if r.implementation == "specviz" and r.prompt_set == "all"),
                          key=lambda r: r.speedup or 0)
            best = next(c for c in plan.configs() if c.name == fastest.config)
            alone = run_concurrent(plan, target, draft, prompts, level,
                                   Config("specviz-baseline", temperature=plan.temperatures[0]))
            fast = run_concurrent(plan, target, draft, prompts, level, best)
            fast.aggregate_speedup = fast.aggregate_tokens_per_s / alone.aggregate_tokens_per_s
            alone.aggregate_speedup = 1.0
            concurrency += [alone, fast]
    result = report(plan, target, draft, prompts, rows, concurrency, machine(),
                    time.perf_counter() - started, samples)
    text = markdown_report(result)
    print(text, flush=True)  # first: a report file that cannot be written loses nothing measured
    for path, content in ((args.json_out, json.dumps(result.to_dict(), indent=1)), (args.markdown_out, text)):
        if path:
            try:
                Path(path).parent.mkdir(parents=True, exist_ok=True)
                Path(path).write_text(content)
            except OSError as error:
                raise SpecvizError(f"cannot write {str(path)[:200]}: {error.strerror or error} "
                                   "(the report is printed above)") from None
