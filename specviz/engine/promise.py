"""What a seed promises about a run's text, by its verifier, schedule and temperature.

- greedy decoding: no draw at all; the text is the target's greedy text, seed or not;
- a rule whose draws are positional noise (coupled): the seed fixes the text, and it is
  the text the target alone writes with that seed, whatever drafts, k or schedule;
- a rule drawing from the seeded stream (token, block, match): the same distribution as
  the target alone, not the same text; the text repeats only while every cycle's k
  repeats, which a schedule that reads the clock (budget) does not promise.
"""

from __future__ import annotations

import torch

from specviz.core.policy import SamplingPolicy
from specviz.core.sampling import NOISE_SCHEME
from specviz.core.verifiers import VERIFIERS, make_sampler
from specviz.engine.schedules import SCHEDULES


def noise_of(verifier: str) -> str:
    """How a run under `verifier` draws (sampling.STREAM or a positional noise scheme)."""
    return make_sampler(VERIFIERS.get(verifier)(), 0, torch.device("cpu")).scheme


def seed_promise(policy: SamplingPolicy, verifier: str, schedule: str) -> str:
    """The text key of what the seed promises: promise.greedy, promise.same_text, promise.clock or promise.k."""
    if policy.greedy:
        return "promise.greedy"
    if noise_of(verifier) == NOISE_SCHEME:  # positional noise (a variant broken on purpose promises nothing)
        return "promise.same_text"
    return "promise.clock" if getattr(SCHEDULES.get(schedule), "reads_clock", False) else "promise.k"
