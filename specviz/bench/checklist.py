"""The article's practical checklist, each question answered with a figure this project measured.

Every figure is read from a committed file (a benchmark report in assets/bench/,
the saved tokenizations, the measured memory footprints in assets/memory/), never typed in:
the answers follow the measurements when they are redone. Pure functions; the
Checklist page draws them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from specviz.bench.contracts import BenchReport, BenchRow
from specviz.models import memory
from specviz.models.tokenizers import RECORDED, recorded

ROOT = Path(__file__).resolve().parents[2]
BENCH = ROOT / "assets" / "bench"
GB = 2**30
# The committed reports the answers quote, by role.
SPEED_REPORT = "cpu-2core-intel-avx512-budget"  # float32 target, the default schedule, three prompt sets
LAPTOP_REPORT = "cpu-2core-intel-avx512-laptop"  # laptop mode: int8 weights
CAPACITY_REPORT = "cpu-2core-intel-avx512-laptop-capacity"  # requests in flight, laptop mode


@dataclass(frozen=True)
class Answer:
    name: str  # texts: checklist.<name>.question and checklist.<name>.answer (the figures fill its fields)
    figures: dict[str, float | int | str]
    page: str  # the page where the figure can be seen again
    link: tuple[tuple[str, str], ...]  # that page's settings
    source: str  # the committed file the figures come from


def load_report(name: str, folder: Path = BENCH) -> BenchReport:
    return BenchReport.from_dict(json.loads((folder / f"{name}.json").read_text(encoding="utf-8")))


def _row(report: BenchReport, config_start: str, prompt_set: str = "all") -> BenchRow:
    return next(r for r in report.rows if r.config.startswith(config_start) and r.prompt_set == prompt_set)


def algorithm(reports: dict[str, BenchReport]) -> Answer:
    """Which verifier runs, and how often its greedy text equalled the target alone's across every report."""
    checked = [r for report in reports.values() for r in report.rows
               if r.greedy_matches_baseline is not None and r.k]
    return Answer("algorithm", {"matched": sum(r.greedy_matches_baseline for r in checked), "rows": len(checked),
                                "reports": len(reports)},
                  "pages/exactness.py", (), "assets/bench/*.json")


def compatibility() -> Answer:
    """How differently three vocabularies cut one Italian sentence."""
    cuts = {cut.model: cut for cut in recorded()["it"].tokenizations}
    qwen, smol, gemma = cuts["Qwen2.5"], cuts["SmolLM2"], cuts["Gemma 3"]
    return Answer("compatibility", {"qwen": len(qwen.ids), "smol": len(smol.ids), "gemma": len(gemma.ids),
                                    "qwen_vocab": qwen.vocab_size, "smol_vocab": smol.vocab_size,
                                    "gemma_vocab": gemma.vocab_size},
                  "pages/tokenization.py", (), str(RECORDED.relative_to(BENCH.parents[1])))


def cost(report: BenchReport) -> Answer:
    """What one draft step and one verify pass cost against one step of the target, measured."""
    alone, speculative = _row(report, "specviz-baseline"), _row(report, "specviz k=4 constant")
    return Answer("cost", {"draft_ms": round(speculative.draft_ms_per_pass),  # whole milliseconds
                           "verify_ms": round(speculative.target_ms_per_pass),
                           "step_ms": round(alone.target_ms_per_pass),
                           "c": speculative.cost_ratio_c,
                           "verify_ratio": speculative.target_ms_per_pass / alone.target_ms_per_pass},
                  "pages/benchmark.py", (("bench_saved", SPEED_REPORT),), f"assets/bench/{SPEED_REPORT}.json")


def load_and_length(speed: BenchReport, capacity: BenchReport) -> Answer:
    """The gain across prompt sets, and with requests in flight."""
    sets = {name: _row(speed, "specviz k=4 budget", name).speedup for name in ("code", "italian", "mixed")}
    levels = {row.concurrency: row.aggregate_speedup for row in capacity.concurrency
              if row.aggregate_speedup is not None and row.config.startswith("specviz k=")}
    most = max(levels)
    one = _row(capacity, "specviz k=").speedup  # the main rows run one request at a time
    return Answer("load", {"code": sets["code"], "italian": sets["italian"], "mixed": sets["mixed"],
                           "one": one, "many": levels[most], "in_flight": most},
                  "pages/benchmark.py", (("bench_saved", CAPACITY_REPORT),), f"assets/bench/{CAPACITY_REPORT}.json")


def time_memory(speed: BenchReport, laptop: BenchReport) -> Answer:
    """Speed gained against the memory the draft adds, as the app holds the pair, and in laptop mode (measured)."""
    draft = memory.measured(speed.models.draft, "int8")
    target = memory.measured(speed.models.target, "float32+8-row")
    laptop_peak = memory.footprints()["pairs"]["cli"]["laptop"]["peak_rss"]
    return Answer("memory", {"speedup": _row(speed, "specviz k=4 budget").speedup, "draft_gb": draft.held / GB,
                             "target_gb": target.held / GB, "extra": draft.held / target.held,
                             "laptop_speedup": _row(laptop, "specviz k=4 budget").speedup,
                             "laptop_gib": laptop_peak / GB},
                  "pages/benchmark.py", (("bench_saved", LAPTOP_REPORT),),
                  f"assets/bench/{LAPTOP_REPORT}.json`, `{memory.FOOTPRINTS.relative_to(ROOT)}")


def answers(folder: Path = BENCH) -> list[Answer]:
    """The five answers, in the article's order."""
    reports = {path.stem: load_report(path.stem, folder) for path in sorted(folder.glob("*.json"))}
    speed, laptop = reports[SPEED_REPORT], reports[LAPTOP_REPORT]
    return [algorithm(reports), compatibility(), cost(speed), load_and_length(speed, reports[CAPACITY_REPORT]),
            time_memory(speed, laptop)]
