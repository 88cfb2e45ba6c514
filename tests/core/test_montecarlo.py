"""The Toy page's Monte Carlo job: the same seeded draws however it is stepped, a partial result when stopped."""

import numpy as np

from specviz.core.montecarlo import CHUNK, MonteCarloJob, sample_step
from tests.stats import ALPHA, chi_square_pvalue

P, Q = [0.5, 0.3, 0.2], [0.7, 0.2, 0.1]  # the article's worked example


def test_the_job_draws_what_one_call_per_rule_draws():
    job = MonteCarloJob(P, Q, 3 * CHUNK + 17)
    assert list(job.steps())[-1] == job.total == 3 * CHUNK + 17
    for rule in ("token", "naive"):
        assert job.emitted[rule] == sample_step(P, Q, job.total, seed=1, verifier=rule).tolist()
    assert job.result().complete


def test_a_stopped_job_keeps_the_samples_every_rule_finished():
    job = MonteCarloJob(P, Q, 10 * CHUNK)
    steps = job.steps()
    next(steps), next(steps)  # stopped after two steps
    result = job.result()
    assert result.samples_done == 2 * CHUNK and not result.complete
    first = np.array(sample_step(P, Q, 10 * CHUNK, seed=1, verifier="token")[: 2 * CHUNK])
    assert result.frequencies["token"] == (np.bincount(first, minlength=3) / (2 * CHUNK)).tolist()
    assert MonteCarloJob(P, Q, 100).result() is None  # nothing drawn yet, nothing to show


def test_the_exact_rule_gives_p_and_the_naive_rule_is_caught():
    # Chi-square at ALPHA: the exact rule's 20 000 draws fit p; the naive rule
    # (after a rejection, resample from p instead of the residual) is rejected at the same level.
    job = MonteCarloJob(P, Q, 20_000)
    for _ in job.steps():
        pass
    counts = {rule: np.bincount(tokens, minlength=3) for rule, tokens in job.emitted.items()}
    assert chi_square_pvalue(counts["token"], P) > ALPHA
    assert chi_square_pvalue(counts["naive"], P) < ALPHA
