"""The command-line contract: `python -m specviz`'s own entry point, in this process (a new Python
with PyTorch costs 4 s a call), and as a user runs it, in a subprocess, for the shapes of its output."""

import contextlib
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from specviz import cli

ROOT = Path(__file__).resolve().parents[1]


def specviz(*args: str) -> subprocess.CompletedProcess:
    """What `python -m specviz ARGS` does (specviz/__main__.py calls cli.main), run in this process."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = cli.main(list(args))
        except SystemExit as exit_:  # argparse's --help
            code = exit_.code if isinstance(exit_.code, int) else 0
    return subprocess.CompletedProcess(["specviz", *args], code, out.getvalue(), err.getvalue())


def specviz_process(*args: str) -> subprocess.CompletedProcess:
    """`python -m specviz ARGS` as a user runs it: a subprocess of the venv's python."""
    return subprocess.run([sys.executable, "-m", "specviz", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)


@pytest.mark.parametrize("args, code, stream", [(("toy", "--p", "0.5,0.5", "--q", "0.5,0.5", "--json"), 0, "stdout"),
                                                (("toy", "--p", "0.5,0.6", "--q", "0.5,0.5"), 2, "stderr")])
def test_a_subprocess_gets_what_the_entry_point_gives(args, code, stream):
    """The in-process runner above is the real thing: a subprocess gives the same exit code and output."""
    process, here = specviz_process(*args), specviz(*args)
    assert process.returncode == here.returncode == code
    assert getattr(process, stream) == getattr(here, stream) and getattr(here, stream)


def test_toy_json_reproduces_the_article():
    done = specviz("toy", "--p", "0.5,0.3,0.2", "--q", "0.7,0.2,0.1", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["accepted_mass"] == "4/5"
    assert data["rejected_mass"] == "1/5"
    assert data["residual"] == ["0", "1/10", "1/10"]
    assert data["correction"] == ["0", "1/2", "1/2"]
    assert data["exact"] == ["1/2", "3/10", "1/5"]
    assert data["naive"] == ["3/5", "13/50", "7/50"]


def test_toy_accepts_fractions_and_any_size():
    done = specviz("toy", "--p", "1/4,1/4,1/4,1/4", "--q", "1/2,1/6,1/6,1/6", "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["exact"] == ["1/4"] * 4


@pytest.mark.parametrize("alpha, ms", [("0.8", 19.04), ("0.2", 51.22)])
def test_budget_json_reproduces_the_article(alpha, ms):
    done = specviz("budget", "--k", "4", "--draft-ms", "3", "--verify-ms", "50", "--overhead-ms", "2",
                   "--baseline-ms", "40", "--alpha", alpha, "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["cycle_ms"] == 64
    assert round(data["ms_per_token"], 2) == ms
    assert data["speedup"] == pytest.approx(40 / data["ms_per_token"])
    assert isinstance(data["best_k"], int)


def test_toy_gamma_gives_each_exact_verifiers_expected_accepted_tokens():
    from fractions import Fraction

    done = specviz("toy", "--p", "0.5,0.3,0.2", "--q", "0.7,0.2,0.1", "--gamma", "4", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["accepted_mass"] == "4/5" and data["gamma"] == 4  # today's keys stay
    expected = {name: Fraction(value) for name, value in data["expected_accepted"].items()}
    assert expected["token"] == sum(Fraction(4, 5) ** i for i in range(1, 5))
    assert expected["block"] >= expected["token"] >= expected["match"]
    assert [Fraction(v) for v in data["accepted_at_least"]["block"]][0] == Fraction(4, 5)


@pytest.mark.parametrize(
    "args, message",
    [
        (["toy", "--p", "-0.5,1.5", "--q", "0.5,0.5"], ">= 0"),
        (["toy", "--p", "0.5,0.6", "--q", "0.5,0.5"], "sums to"),
        (["toy", "--p", "0.5,0.5", "--q", "0.2,0.3,0.5"], "tokens"),
        (["toy", "--p", "0.5,0.5"], "required"),
        (["toy", "--p", "0.5,0.5", "--q", "0.2,0.8", "--gamma", "0"], "gamma must"),
        (["generate", "--prompt", "x", "--verifier", "naive"], "invalid choice"),
        (["budget", "--k", "0", "--draft-ms", "3", "--verify-ms", "5", "--baseline-ms", "4", "--alpha", ".5"],
         "k must"),
        (["budget", "--k", "4"], "required"),
        (["budget", "--k", "x", "--draft-ms", "3", "--verify-ms", "5", "--baseline-ms", "4", "--alpha", ".5"],
         "not an integer"),
        ([], "required"),
    ],
)
def test_bad_input_is_one_line_and_exit_code_2(args, message):
    done = specviz(*args)
    assert done.returncode == 2
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("specviz: error:"), done.stderr
    assert message in lines[0]
    assert "Traceback" not in done.stderr


def test_the_hub_client_cannot_add_lines_to_a_one_line_error():
    # Offline, a hub id is retried five times with a "Retrying in 1s" warning each; the CLI keeps them quiet.
    import logging

    from specviz.cli import _quiet_transformers

    _quiet_transformers()
    assert logging.getLogger("huggingface_hub").getEffectiveLevel() >= logging.ERROR
