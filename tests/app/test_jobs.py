"""Long jobs started from a page (Toy Monte Carlo, quick benchmark) stop within a step and keep what they finished."""

from pathlib import Path

import pytest
from streamlit.runtime.scriptrunner_utils.exceptions import StopException
from streamlit.testing.v1 import AppTest

from specviz.bench.jobs import BenchJob
from specviz.core.montecarlo import CHUNK, MonteCarloJob

ROOT = Path(__file__).resolve().parents[2]


def stopped_after(monkeypatch, job_class, steps: int) -> None:
    """Streamlit raises StopException at the page's next call once the user presses Stop: here after `steps`."""
    real = job_class.steps

    def steps_then_stop(self):
        for number, done in enumerate(real(self), 1):
            yield done
            if number == steps:
                raise StopException()

    monkeypatch.setattr(job_class, "steps", steps_then_stop)


def slot_is_free() -> None:
    from pages.ui.hosting import generation_queue

    with generation_queue().turn(timeout_s=1):  # raises TimeoutError if a stopped job kept it
        pass


def test_a_stopped_monte_carlo_keeps_its_samples_and_frees_the_queue(monkeypatch):
    stopped_after(monkeypatch, MonteCarloJob, 3)
    at = AppTest.from_file(str(ROOT / "pages" / "toy.py"), default_timeout=60).run()
    next(b for b in at.button if b.label == "Sample").click().run()
    at.run()  # the next rerun finds the stopped job
    assert not at.exception
    result = at.session_state["toy_mc"]
    assert (result.samples_done, result.samples_asked) == (3 * CHUNK, 5000)
    assert any(f"stopped after {3 * CHUNK} of 5000" in w.value for w in at.warning)
    assert any(f"after {3 * CHUNK} samples" in m.label for m in at.metric)
    slot_is_free()


def test_a_finished_monte_carlo_shows_every_sample():
    at = AppTest.from_file(str(ROOT / "pages" / "toy.py"), default_timeout=60).run()
    next(b for b in at.button if b.label == "Sample").click().run()
    assert not at.exception and not at.warning
    assert at.session_state["toy_mc"].complete
    assert any("after 5000 samples" in m.label for m in at.metric)


@pytest.mark.parametrize("steps", [2, 20])  # before any prompt is complete, and after some are
def test_a_stopped_quick_benchmark_keeps_the_prompts_it_finished(monkeypatch, steps):
    stopped_after(monkeypatch, BenchJob, steps)
    at = AppTest.from_file(str(ROOT / "pages" / "benchmark.py"), default_timeout=120).run()
    next(b for b in at.button if b.label.startswith("Run a quick benchmark")).click().run()
    at.run()
    assert not at.exception
    quick = at.session_state["bench_mine"]
    configs = 2 + 2 * 3 + 1  # both baselines; specviz and HF at k = 1, 2, 4; the counters-only run
    if steps < configs:
        assert quick is None  # no prompt ran under every configuration: nothing paired to show
    else:
        assert quick.prompts_done == steps // configs and not quick.complete
        assert len(quick.report.prompts) == quick.prompts_done
        assert any(f"stopped after {quick.prompts_done} of {quick.prompts_asked}" in w.value for w in at.warning)
    slot_is_free()
