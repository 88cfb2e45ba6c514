"""A toy drafter in one file: it proposes the last token of the text k more times.

Importing this module is all it takes to offer it everywhere (the Live page's
picker, `generate --drafter`, the cycle view); tests/plugins/test_one_file_plugins.py
shows it. Its q is one-hot on the repeated token, as a copy's is, so the exact
rule keeps the target's distribution.
"""

from __future__ import annotations

import torch

from specviz.core.policy import SamplingPolicy
from specviz.core.sampling import Sampler
from specviz.engine.drafters.base import DraftSetup, FrameNote, Proposal, register_drafter


@register_drafter
class RepeatDrafter:
    name = "repeat"
    needs_model = False
    max_tokens = 8
    exact = True
    forward_passes = 0
    cache_length = None
    order = 10
    label = ("repeat the last token", "ripeti l'ultimo token")
    help = ("Repeat: proposes the text's last token again, k times.",
            "Ripeti: propone di nuovo l'ultimo token del testo, k volte.")
    texts = {"frame.1.repeat": ("The repeat drafter proposed {token} {n} times.",
                                "Il drafter che ripete ha proposto {token} {n} volte.")}

    def __init__(self, setup: DraftSetup):
        self.setup = setup
        self.tokens = list(setup.prompt_ids)

    def propose(self, k: int, policy: SamplingPolicy, sampler: Sampler,
                stop_below: float | None = None) -> Proposal:
        tokens = [self.tokens[-1]] * k
        draft_probs = torch.zeros(k, self.setup.vocab_size, device=self.setup.device)  # [k, vocab] one-hot q
        draft_probs[:, self.tokens[-1]] = 1.0
        return Proposal(tokens, draft_probs, [0.0] * k, drafted_by=[self.name] * k)

    def update(self, accepted: int, emitted: list[int]) -> None:
        self.tokens.extend(emitted)

    @classmethod
    def frame_note(cls, cycle, say) -> FrameNote:
        if not cycle.proposed:
            return FrameNote()
        shown = cycle.proposed_texts[0] if cycle.proposed_texts else str(cycle.proposed[0])
        return FrameNote(after=" " + say("frame.1.repeat", token=repr(shown), n=len(cycle.proposed)))
