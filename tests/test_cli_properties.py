"""Every subcommand driven with generated argv: exit 0 or 2, one line on stderr for 2, never a traceback.

The CLI runs in-process (``specviz.cli.main``) so that hypothesis can try many
argument lists; models are the tiny pair, and ``serve`` never starts a server
(its last step, ``os.execv``, is replaced by a recorder).
"""

from __future__ import annotations

import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from specviz import cli
from specviz.serving import serve

# Values a careless or hostile user may type for any option.
hostile = st.one_of(
    st.sampled_from(["0", "-1", "1e400", "nan", "inf", "-inf", "1/0", "1/3", "2**63", "99999999999999999999",
                     "", " ", "\x00", "\udcff", "é", "1e-300", "0.5,0.5", "tiny-draft", "../etc", "/tmp", "x" * 300,
                     "~0", "~nobody-here/model"]),
    st.integers(-10**6, 10**6).map(str),
    st.floats(allow_nan=True, allow_infinity=True).map(repr),
    st.text(max_size=12),
)
small_numbers = st.one_of(st.integers(-3, 40).map(str), st.sampled_from(["0.5", "1/2", "-0.5", "1e-5"]))


def options(names: list[str], values=hostile, max_size: int = 4):
    """A list of `--name value` pairs drawn from `names`."""
    return st.lists(st.tuples(st.sampled_from(names), values), max_size=max_size).map(
        lambda pairs: [item for name, value in pairs for item in (f"--{name}", value)])


def run_cli(argv: list[str], capsys) -> tuple[int, str]:
    started = time.perf_counter()
    code = cli.main(argv)
    assert time.perf_counter() - started < 120, argv
    err = capsys.readouterr().err
    assert code in (0, 2), (argv, code, err)
    assert "Traceback" not in err, (argv, err)
    if code == 2:
        lines = err.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("specviz: error:"), (argv, err)
    return code, err


PROPERTY = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@PROPERTY
@given(pq=st.tuples(hostile, hostile), extra=options(["json"], st.just("")))
def test_toy(pq, extra, capsys):
    p, q = pq
    run_cli(["toy", "--p", p, "--q", q] + [x for x in extra if x], capsys)


@PROPERTY
@given(extra=options(["k", "draft-ms", "verify-ms", "overhead-ms", "baseline-ms", "alpha"],
                     st.one_of(hostile, small_numbers), max_size=8))
def test_budget(extra, capsys):
    base = {"--k": "4", "--draft-ms": "3", "--verify-ms": "50", "--baseline-ms": "40", "--alpha": "0.8"}
    for name, value in zip(extra[::2], extra[1::2]):
        base[name] = value
    run_cli(["budget"] + [item for pair in base.items() for item in pair], capsys)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(prompt=st.one_of(hostile, st.just("def f(x):")),
       extra=options(["k", "schedule", "temperature", "top-k", "top-p", "seed", "stop", "top-n", "confidence",
                      "device", "dtype", "draft-dtype"], st.one_of(hostile, small_numbers)),
       flags=st.sampled_from([[], ["--no-spec"], ["--json"], ["--chat"]]))
def test_generate_on_the_tiny_pair(prompt, extra, flags, capsys):
    argv = ["generate", "--draft", "tiny-draft", "--target", "tiny-target", "--max-new-tokens", "8",
            "--prompt", prompt] + extra + flags
    run_cli(argv, capsys)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(extra=options(["draft", "target", "max-new-tokens", "per-set", "k", "schedule", "temperature", "repeats",
                      "concurrency", "device", "kernels", "prompts"], hostile))
def test_bench_refuses_or_runs(extra, capsys):
    # Only refusals are run here (a whole benchmark takes minutes); tests/test_bench.py runs --quick for real.
    try:
        args = cli.build_parser().parse_args(["bench"] + extra)
    except Exception:  # whatever parsing raises, main must turn it into exit 2
        run_cli(["bench"] + extra, capsys)
        return
    from specviz.bench import cli as bench_cli

    try:
        bench_cli._plan(args)
    except Exception:  # the same: main turns it into exit 2
        run_cli(["bench"] + extra, capsys)


@PROPERTY
@given(names=st.lists(hostile, max_size=3))
def test_prepare_refuses_names_it_does_not_know(names, capsys):
    names = [n for n in names if n not in ("tiny-draft", "tiny-target")] or ["no-such-model"]
    run_cli(["prepare"] + names, capsys)


@PROPERTY
@given(extra=st.lists(st.one_of(hostile, st.sampled_from(["--server.port", "--server.port=1", "--server.address",
                                                            "--theme.base", "dark"])), max_size=4))
def test_serve_never_starts_with_options_the_host_owns(extra, capsys, monkeypatch):
    started = []
    monkeypatch.setattr(serve.os, "execv", lambda path, argv: started.append(argv))
    code, _ = run_cli(["serve", "--"] + extra, capsys)
    owned = any(x.removeprefix("--").split("=")[0] in serve.OWNED for x in extra)
    assert code == 2 if owned else (code == 2) != bool(started)  # refused, or handed to Streamlit


@pytest.mark.parametrize("argv", [[], ["nope"], ["--help-me"], ["toy"], ["generate"]])
def test_no_subcommand_or_a_missing_option_is_one_line(argv, capsys):
    run_cli(argv, capsys)
