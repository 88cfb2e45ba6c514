"""The benchmark harness in its quick mode: report schema, and greedy agreement of all implementations."""

import json
import math
import random
import statistics
from collections import Counter
from pathlib import Path

import pytest

from specviz.bench.harness import balanced_order, geomean_interval
from specviz.models.kernels import int8_supported
from tests.test_cli import specviz

ROW_FIELDS = {"config", "implementation", "k", "temperature", "runs", "tokens", "tokens_per_s", "ms_per_token_p50",
              "ms_per_token_p95", "latency_ms_p50", "latency_ms_p95", "peak_memory_bytes", "speedup", "prompt_set"}


def test_quick_bench_report(tmp_path):
    out, table = tmp_path / "report.json", tmp_path / "report.md"
    # A float32 draft: an int8 one quantizes activations per tensor, so its q depends on how many tokens it is
    # fed at once, and HF feeds it in other groupings; only with float32 must both make the same passes.
    done = specviz("bench", "--quick", "--json", str(out), "--markdown", str(table), "--concurrency", "1,2",
                   "--draft-dtype", "float32")
    assert done.returncode == 0, done.stderr
    report = json.loads(out.read_text())
    assert report["models"]["draft_dtype"] == "float32"
    assert report["report_version"] == 1 and report["models"]["target"] == "tiny-target"
    implementations = {row["implementation"] for row in report["rows"]}
    assert implementations == {"specviz-baseline", "specviz", "specviz-counters", "hf-target", "hf-assisted"}
    for row in report["rows"]:
        assert ROW_FIELDS <= row.keys(), row["config"]
        assert row["greedy_matches_baseline"] is True, row["config"]  # identical greedy tokens everywhere
    spec = [r for r in report["rows"] if r["implementation"] == "specviz" and r["prompt_set"] == "all"]
    assert all(0 < r["analytic_speedup"] and r["acceptance_by_position"] for r in spec)
    assert {c["concurrency"] for c in report["concurrency"]} == {2}
    assert {c["config"].split(" ")[0] for c in report["concurrency"]} == {"specviz-baseline", "specviz"}
    assert all(c["aggregate_speedup"] > 0 for c in report["concurrency"])
    # The first k and schedule also ran with counters only: the full trace's cost is reported beside it.
    recorded = [r for r in spec if "recording_overhead" in r]
    assert [r["config"] for r in recorded] == ["specviz k=4 constant T=0"]
    assert math.isfinite(recorded[0]["recording_overhead"]) and recorded[0]["recording_overhead"] > -1
    # Paired ratios: every speculative row against HF's same schedule, the baseline against HF's target alone.
    for row in report["rows"]:
        if row["implementation"] in ("specviz", "specviz-baseline"):
            low, high = row["vs_hf_paired_range"]
            assert 0 < low <= row["vs_hf_paired_median"] <= high, row["config"]
            wins, pairs = row["vs_hf_paired_faster"]
            assert 0 <= wins <= pairs == row["runs"], row["config"]
            low, high = row["vs_hf_paired_geomean_ci95"]
            assert 0 < low <= row["vs_hf_paired_geomean"] <= high, row["config"]
        if row["implementation"] != "specviz-baseline":
            assert row["speedup_paired_median"] > 0, row["config"]
    # Forward calls counted by hooks: what the trace says for specviz, the same passes as HF's same schedule.
    rows = {(r["prompt_set"], r["config"]): r for r in report["rows"]}
    for row in report["rows"]:
        assert row["forward_ms_per_run"] > 0 and row["outside_forward_ms_per_run"] >= 0, row["config"]
        assert row["target_ms_per_pass"] > 0, row["config"]
        assert (row["draft_ms_per_pass"] is None) == (row["metered_draft_forward_passes"] == 0), row["config"]
        if row["implementation"] == "specviz":
            assert row["metered_target_forward_passes"] == row["target_forward_passes"], row["config"]
            assert row["metered_draft_forward_passes"] == row["draft_forward_passes"], row["config"]
            hf = rows[(row["prompt_set"], row["config"].replace("specviz", "hf-assisted"))]
            assert hf["metered_target_forward_passes"] == row["target_forward_passes"], row["config"]
            assert hf["metered_draft_forward_passes"] == row["draft_forward_passes"], row["config"]
        if row["implementation"] in ("specviz-baseline", "hf-target"):
            assert row["metered_draft_forward_passes"] == 0 and row["metered_target_forward_passes"] > 0
    # Rows follow the plan's order in every prompt set, whatever order the rotation ran them in.
    for name in {r["prompt_set"] for r in report["rows"]}:
        assert [r["config"] for r in report["rows"] if r["prompt_set"] == name] == \
            [r["config"] for r in report["rows"] if r["prompt_set"] == "all"]
    # Every timed run is in the report, and the totals can be recomputed from it.
    runs = [s for s in report["samples"] if s["config"] == "specviz-baseline T=0"]
    baseline = rows[("all", "specviz-baseline T=0")]
    assert len(runs) == baseline["runs"]
    assert all(math.isclose(s["forward_ms"], s["target_forward_ms"] + s["draft_forward_ms"]) for s in runs)
    assert sum(s["target_forward_passes"] for s in runs) == baseline["metered_target_forward_passes"]
    assert math.isclose(1000 * sum(s["tokens"] for s in runs) / sum(s["wall_ms"] for s in runs),
                        baseline["tokens_per_s"])
    # Prompt after prompt, the configurations ran in the rows of the balanced design.
    planned = [r["config"] for r in report["rows"] if r["prompt_set"] == "all"]
    for number, prompt in enumerate(report["prompts"]):
        ran = [s["config"] for s in report["samples"] if s["prompt_id"] == prompt["id"]]
        assert ran == [planned[i] for i in balanced_order(len(planned), number)], prompt["id"]
    text = table.read_text()
    assert "| all | specviz k=4 constant T=0 |" in text and "Recording the full trace" in text
    assert "specviz ÷ Hugging Face on the same prompt and repeat" in text and " pairs |" in text


@pytest.mark.skipif(not int8_supported(), reason="no quantized engine in this PyTorch build")
def test_quick_bench_defaults_to_an_int8_draft_on_the_cpu(tmp_path):
    out, table = tmp_path / "report.json", tmp_path / "report.md"
    done = specviz("bench", "--quick", "--k", "2", "--json", str(out), "--markdown", str(table))
    assert done.returncode == 0, done.stderr
    report = json.loads(out.read_text())
    assert report["models"]["draft_dtype"] == "int8" and report["models"]["draft_kernels"] == "int8-dynamic"
    assert "(draft `int8-dynamic`)" in table.read_text()
    # Another q moves acceptance only: every implementation still emits the target's greedy tokens.
    assert all(row["greedy_matches_baseline"] is True for row in report["rows"])
    assert {row["implementation"] for row in report["rows"]} >= {"specviz", "hf-assisted"}


def test_bench_bad_input():
    for args, message in ((["--k", "0,4"], "every k"), (["--k", "-1"], "every k"), (["--k", "a,b"], "comma-separated"),
                          (["--k", "0", "--no-hf"], "needs Hugging Face"),
                          (["--prompts", "/no/such.jsonl"], "cannot read prompts"),
                          (["--schedule", "fast"], "unknown schedule")):
        done = specviz("bench", "--quick", *args)
        assert done.returncode == 2 and message in done.stderr and done.stderr.count("\n") == 1, done.stderr


def test_target_only_bench(tmp_path):
    # k = 0: only the specviz baseline against generate, paired prompt by prompt.
    out = tmp_path / "report.json"
    done = specviz("bench", "--quick", "--k", "0", "--json", str(out))
    assert done.returncode == 0, done.stderr
    report = json.loads(out.read_text())
    assert {row["config"] for row in report["rows"]} == {"specviz-baseline T=0", "hf-target T=0"}
    baseline = next(r for r in report["rows"] if r["prompt_set"] == "all" and r["implementation"] == "specviz-baseline")
    prompt_sets = len(list((Path(__file__).resolve().parents[1] / "assets" / "prompts").glob("*.jsonl")))
    assert baseline["greedy_matches_baseline"] is True and baseline["vs_hf_paired_faster"][1] == prompt_sets
    assert "geometric mean (95% interval)" in done.stdout


def test_geomean_interval():
    mean, interval = geomean_interval([1.1] * 12)
    assert mean == pytest.approx(1.1) and interval == pytest.approx([1.1, 1.1])
    mean, (low, high) = geomean_interval([0.5, 2.0] * 6)
    assert mean == pytest.approx(1.0) and low < 1.0 < high
    # 36 pairs as noisy as this machine's (12% spread of the log ratio): a 6% shift is found, no shift is not.
    noise = random.Random(1)
    spread = [noise.gauss(0.0, 0.12) for _ in range(36)]
    centred = [math.exp(x - statistics.fmean(spread)) for x in spread]
    assert geomean_interval(centred)[1][0] < 1.0 < geomean_interval(centred)[1][1]
    shifted = [r * 1.06 for r in centred]
    assert geomean_interval(shifted)[1][0] > 1.0


def _order_balance(order, n: int) -> tuple[set, set]:
    """Over 2n rows (whole periods for n odd or even): how often each (value, position) and (a, then b) occurs."""
    rows = [order(n, row) for row in range(2 * n)]
    assert all(sorted(row) == list(range(n)) for row in rows)
    positions = Counter((value, place) for row in rows for place, value in enumerate(row))
    pairs = Counter(pair for row in rows for pair in zip(row, row[1:]))
    return set(positions.values()), {pairs.get((a, b), 0) for a in range(n) for b in range(n) if a != b}


def test_balanced_order_is_a_williams_design():
    for n in range(2, 12):
        positions, pairs = _order_balance(balanced_order, n)
        assert positions == {2} and len(pairs) == 1 and pairs != {0}, n  # all equal, none missing


def test_balance_check_catches_a_plain_rotation():
    # A rotation puts every configuration in every position, but always behind the same neighbour.
    def rotation(n, row):
        return [(value + row) % n for value in range(n)]
    for n in range(3, 12):
        positions, pairs = _order_balance(rotation, n)
        assert positions == {2} and len(pairs) > 1, n


def test_every_committed_report_reads_into_the_typed_report_and_writes_back_the_same_json():
    import glob
    import json as json_module

    from specviz.bench.contracts import BenchReport

    reports = sorted(glob.glob(str(Path(__file__).resolve().parents[1] / "assets" / "bench" / "*.json")))
    assert reports
    for path in reports:
        data = json_module.loads(Path(path).read_text(encoding="utf-8"))
        assert BenchReport.from_dict(data).to_dict() == data, path


@pytest.mark.parametrize("argv, message", [
    (["--per-set", "-1"], "per-set must be an integer in 0..100000"),
    (["--max-new-tokens", "0"], "max new tokens must be an integer in 1..4096"),
    (["--repeats", "0"], "repeats must be an integer in 1..1000"),
    (["--concurrency", "2,99"], "concurrency must be an integer in 1..64"),
    (["--k", "40"], "every k must be in 1..32"),
    (["--schedule", "sometimes"], "unknown schedule 'sometimes'"),
])
def test_bench_refuses_values_outside_the_limits_before_loading_anything(argv, message):
    result = specviz("bench", "--quick", *argv)
    assert result.returncode == 2 and message in result.stderr and "Traceback" not in result.stderr


def test_the_budget_schedule_runs_once_per_temperature_starting_from_the_first_k():
    from specviz.bench.harness import Plan

    names = [c.name for c in Plan(ks=(4, 2), schedules=("constant", "budget")).configs()]
    assert names.count("specviz k=4 budget T=0") == 1 and not any("k=2 budget" in n for n in names)
    assert not any(n.startswith("hf-assisted") and "budget" in n for n in names)  # HF has no such schedule
    assert "specviz k=2 constant T=0" in names and "hf-assisted k=2 constant T=0" in names


def test_prompt_lookup_is_a_configuration_paired_with_hugging_faces_prompt_lookup():
    from specviz.bench.harness import Plan

    configs = Plan(ks=(4,), schedules=("constant",), drafters=("model", "ngram"), ngram_max=2).configs()
    names = [c.name for c in configs]
    assert "specviz k=4 constant T=0 ngram" in names and "hf-prompt-lookup k=4 constant T=0 ngram" in names
    assert "specviz k=4 constant T=0" in names and "hf-assisted k=4 constant T=0" in names
    lookup = next(c for c in configs if c.implementation == "hf-prompt-lookup")
    assert lookup.ngram_max == 2 and not lookup.uses_draft_model
    only_lookup = [c.name for c in Plan(ks=(4,), schedules=("constant",), drafters=("ngram",)).configs()]
    assert not any(n.startswith("hf-assisted") for n in only_lookup)


def test_tli_is_paired_with_hugging_faces_universal_assisted_generation(tmp_path):
    out = tmp_path / "report.json"
    # The tiny pair shares one tokenizer, so HF runs it as plain assisted generation (it refuses an
    # assistant tokenizer equal to the target's); tests/real/ runs SmolLM2 drafting for Qwen.
    done = specviz("bench", "--quick", "--drafter", "tli", "--schedule", "constant", "--per-set", "1",
                   "--prompts", "assets/prompts/edit.jsonl", "--no-record-overhead", "--draft-dtype", "float32",
                   "--json", str(out))
    assert done.returncode == 0, done.stderr
    rows = {r["config"]: r for r in json.loads(out.read_text())["rows"] if r["prompt_set"] == "all"}
    assert set(rows) == {"specviz-baseline T=0", "hf-target T=0", "specviz k=4 constant T=0 tli",
                         "hf-universal k=4 constant T=0 tli"}
    assert all(row["greedy_matches_baseline"] for row in rows.values())
    assert rows["specviz k=4 constant T=0 tli"]["vs_hf_paired_faster"][1] == 1  # paired with HF's run


def test_prompt_files_nested_too_deep_are_refused_and_a_byte_order_mark_is_read(tmp_path):
    from specviz.bench.harness import load_prompts
    from specviz.errors import SpecvizError

    deep = tmp_path / "deep.jsonl"
    deep.write_text("[" * 100_000 + "]" * 100_000 + "\n")
    with pytest.raises(SpecvizError, match="each line must be a JSON object"):
        load_prompts([str(deep)])
    marked = tmp_path / "marked.jsonl"
    marked.write_bytes(b'\xef\xbb\xbf{"id": "a", "prompt": "hello"}\n')
    assert [p.text for p in load_prompts([str(marked)])] == ["hello"]
