"""The target alone, as a drafter that never proposes: the baseline runs through the same loop.

Every cycle then checks nothing and the target draws one token from p, through
the same cache, sampling and recording code as a speculative run, so the two
records compare like with like.
"""

from __future__ import annotations

from specviz.core.policy import SamplingPolicy
from specviz.core.sampling import Sampler
from specviz.engine.drafters.base import DraftSetup, Proposal, empty_proposal, register_drafter


@register_drafter
class NoDrafter:
    name = "none"
    needs_model = False
    max_tokens = 0
    exact = True
    forward_passes = 0
    cache_length = None

    def __init__(self, setup: DraftSetup):
        self.setup = setup

    def propose(self, k: int, policy: SamplingPolicy, sampler: Sampler,
                stop_below: float | None = None) -> Proposal:
        return empty_proposal(self.setup)

    def update(self, accepted: int, emitted: list[int]) -> None:
        pass
