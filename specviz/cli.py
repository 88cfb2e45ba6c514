"""Command line: ``python -m specviz {toy,budget,generate,...}``.

Bad input prints one line on stderr and exits with code 2.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from fractions import Fraction

from specviz.argtypes import finite_float, integer
from specviz.core import budget as budget_math
from specviz.core import expected, toy
from specviz.errors import SpecvizError
from specviz.limits import GAMMA


class _Parser(argparse.ArgumentParser):
    """argparse that reports errors in one line (exit code 2), without the usage block."""

    def error(self, message: str):  # argparse's hook
        raise SpecvizError(message)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="specviz", description="Speculative decoding, exact and measured.")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    toy_cmd = commands.add_parser("toy", help="one verification step, exactly, for toy p and q")
    toy_cmd.add_argument("--p", required=True, help="target distribution, e.g. 0.5,0.3,0.2 or 1/2,3/10,1/5")
    toy_cmd.add_argument("--q", required=True, help="draft distribution over the same tokens")
    toy_cmd.add_argument("--gamma", type=integer, default=None,
                         help=f"also: N i.i.d. positions ({GAMMA.low}..{GAMMA.high}), the exact expected "
                              "accepted proposals per cycle for each exact verifier")
    toy_cmd.add_argument("--json", action="store_true", help="print one JSON object")

    budget_cmd = commands.add_parser("budget", help="time budget of one speculative cycle")
    budget_cmd.add_argument("--k", type=integer, required=True, help="proposed tokens per cycle")
    budget_cmd.add_argument("--draft-ms", type=finite_float, required=True, help="draft cost per token")
    budget_cmd.add_argument("--verify-ms", type=finite_float, required=True, help="target cost to verify a block")
    budget_cmd.add_argument("--overhead-ms", type=finite_float, default=0.0, help="other cost per cycle")
    budget_cmd.add_argument("--baseline-ms", type=finite_float, required=True, help="target-alone cost per token")
    budget_cmd.add_argument("--alpha", type=finite_float, required=True, help="acceptance probability per position")
    budget_cmd.add_argument("--json", action="store_true", help="print one JSON object")

    from specviz.bench import cli as bench_cli  # the model commands live beside their code
    from specviz.engine import cli as engine_cli
    from specviz.serving import serve

    engine_cli.add_commands(commands)
    bench_cli.add_commands(commands)
    serve.add_commands(commands)
    return parser


def run_toy(args: argparse.Namespace) -> None:
    p, q = toy.parse_distribution(args.p, "p"), toy.parse_distribution(args.q, "q")
    result = toy.one_position(p, q)
    data = result.to_json()
    if args.gamma is not None:
        n = GAMMA.check(args.gamma)
        by_position = expected.acceptance_by_position(result.p, result.q, n)
        data["gamma"] = n
        data["expected_accepted"] = {name: str(sum(values)) for name, values in by_position.items()}
        data["accepted_at_least"] = {name: [str(v) for v in values] for name, values in by_position.items()}
    if args.json:
        print(json.dumps(data))
        return
    for key in ("accepted_per_token", "accepted_mass", "rejected_mass", "residual", "correction", "exact", "naive"):
        value = data[key]
        shown = value if isinstance(value, str) or value is None else ", ".join(value)
        print(f"{key:>18}: {shown}")
    for name, value in data.get("expected_accepted", {}).items():
        print(f"{'accepted, ' + name:>18}: {value} per cycle of {data['gamma']} (≈ {float(Fraction(value)):.4f})")


def run_budget(args: argparse.Namespace) -> None:
    plan = budget_math.Budget(
        k=args.k,
        draft_ms=args.draft_ms,
        verify_ms=args.verify_ms,
        overhead_ms=args.overhead_ms,
        baseline_ms=args.baseline_ms,
        alpha=args.alpha,
    )
    data = budget_math.summary(plan)
    if args.json:
        print(json.dumps(data))
        return
    for key, value in data.items():
        print(f"{key:>16}: {value:.4f}" if isinstance(value, float) else f"{key:>16}: {value}")


def _quiet_transformers() -> None:
    """Errors must stay one line on stderr: no progress bars or warnings from transformers or the hub client."""
    from huggingface_hub.utils import logging as hub_logging
    from transformers.utils import logging as transformers_logging

    transformers_logging.disable_progress_bar()
    transformers_logging.set_verbosity_error()
    hub_logging.set_verbosity_error()  # e.g. "Retrying in 1s" while offline


_NEGATIVE_NUMBER = re.compile(r"^-[0-9.]")


def _attach_negative_values(argv: list[str]) -> list[str]:
    """Let "--p -0.5,1.5" reach the validator (argparse would read -0.5 as an option)."""
    joined: list[str] = []
    for item in argv:
        if joined and joined[-1].startswith("--") and "=" not in joined[-1] and _NEGATIVE_NUMBER.match(item):
            joined[-1] = f"{joined[-1]}={item}"
        else:
            joined.append(item)
    return joined


def _drop_pending_output() -> None:
    """Send what is still buffered for stdout to /dev/null, so exiting does not fail on it a second time."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # stdout is no file (captured in a test): nothing pending there
        pass


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    try:
        args = build_parser().parse_args(_attach_negative_values(list(argv)))
        handlers = {"toy": run_toy, "budget": run_budget}
        if args.command in handlers:
            handlers[args.command](args)
        elif args.command == "serve":
            from specviz.serving import serve

            serve.run(args)
        elif args.command == "bench":
            from specviz.bench import cli as bench_cli

            _quiet_transformers()
            bench_cli.run(args)
        else:
            from specviz.engine import cli as engine_cli

            _quiet_transformers()
            engine_cli.run(args)
        sys.stdout.flush()  # an output that cannot be written fails here, not after main has returned
    except SpecvizError as error:
        print(f"specviz: error: {error}", file=sys.stderr)
        return 2
    except OSError as error:  # the output itself: a full disk or device (">/dev/full"), a closed pipe
        _drop_pending_output()
        print(f"specviz: error: cannot write the output: {error.strerror or error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("specviz: interrupted", file=sys.stderr)
        return 130
    return 0
