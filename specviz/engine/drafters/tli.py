"""Drafting across vocabularies by token-level intersection (Timor et al., ICML 2025, "TLI").

The draft model has its own tokenizer. At each step its distribution is kept
only on the tokens that exist in both vocabularies (the intersection, see
specviz/models/vocab_map.py) and renormalised; a token drawn from that q is
mapped to the target token with the same bytes. That q, written over the
target's vocabulary, is exactly the distribution the proposal was drawn from,
so the ordinary exact rule keeps the target's distribution. The price: the
target's probability mass outside the intersection can never be proposed, so it
bounds acceptance from above (the run records it per cycle).

The draft reads the text in its own tokens: after each cycle the confirmed text
is tokenized again by the draft's tokenizer, and its KV cache keeps the states
of the longest common prefix of what it had read and the new tokens.
"""

from __future__ import annotations

import torch

from specviz.core.policy import SamplingPolicy, logits_to_probs
from specviz.core.sampling import Sampler
from specviz.engine.cached import CachedModel
from specviz.engine.drafters.base import DraftSetup, FrameNote, Proposal, register_drafter
from specviz.engine.timing import Clock
from specviz.limits import K
from specviz.models.vocab_map import VocabularyMap
from specviz.text import fill, number


def common_prefix(a: list[int], b: list[int]) -> int:
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return n


@register_drafter
class TliDrafter:
    """A draft model with another tokenizer, proposing only tokens both vocabularies share."""

    name = "tli"
    needs_model = True
    across_vocabularies = True  # the decoder gives it the token-level intersection of the two vocabularies
    max_tokens = K.high
    exact = True
    order = 3
    hf_partner = "hf-universal"  # Hugging Face's counterpart, run beside it by `specviz bench`
    label = ("another tokenizer (token-level intersection)", "altro tokenizer (intersezione dei token)")
    help = ("Another tokenizer: a draft model whose vocabulary differs, proposing only the tokens both share.",
            "Altro tokenizer: un modello draft con un vocabolario diverso, che propone solo i token comuni ai due.")
    texts = {  # the sentences it uses, besides its label and help
        "frame.1.tli": (
            "The draft reads and writes in its own tokens; the q drawn here is kept on the tokens both "
            "vocabularies share, renumbered with the target's ids. At the first position the target puts "
            "{outside:.3f} of its mass outside them: no proposal can reach it.",
            "La bozza legge e scrive nei suoi token; la q disegnata qui resta sui token comuni ai due vocabolari, "
            "rinumerati con gli id del target. Alla prima posizione il target mette {outside:.3f} della sua massa "
            "fuori da essi: nessuna proposta può raggiungerla."),
        "view.drafter_tli": (
            "A draft model with another tokenizer drafted this run (token-level intersection): it proposed only "
            "the {size} tokens both vocabularies share, mapped to the target's ids, with q renormalised over them. "
            "The target's mass outside them, {outside} on average per position, can never be proposed: it bounds "
            "acceptance from above.",
            "Un modello draft con un altro tokenizer ha proposto in questa generazione (intersezione dei token): "
            "ha proposto solo i {size} token che i due vocabolari hanno in comune, tradotti negli id del target, "
            "con q rinormalizzata su di essi. La massa del target fuori da essi, in media {outside} per posizione, "
            "non può mai essere proposta: limita dall'alto l'accettazione."),
    }

    @classmethod
    def run_note(cls, record, lang: str) -> str | None:
        """The shared vocabulary's size, and the target's mass outside it on average."""
        outside = [c.outside_mass[0] for c in record.cycles if c.outside_mass]
        if not outside:
            return None
        return fill("view.drafter_tli", lang, size=number(record.settings.intersection or 0, lang),
                    outside=number(sum(outside) / len(outside), lang, 3))

    @classmethod
    def frame_note(cls, cycle, say) -> FrameNote:
        """The target's mass outside the shared vocabulary, which no proposal can take."""
        if cycle.proposed and cycle.outside_mass:
            return FrameNote(after=f" {say('frame.1.tli', outside=cycle.outside_mass[0])}")
        return FrameNote()

    def __init__(self, setup: DraftSetup):
        assert setup.draft is not None and setup.vocab_map is not None, "tli needs a draft model and a vocabulary map"
        self.map: VocabularyMap = setup.vocab_map
        self.target_tokenizer = setup.target_tokenizer
        self.model = CachedModel(setup.draft, setup.draft.vocab_size)
        self.device = setup.device
        self.clock = Clock(setup.draft.device)
        self.target_tokens = list(setup.prompt_ids)  # the confirmed text in target tokens
        self.fed: list[int] = []  # draft tokens whose states the draft's cache holds
        self.context = self._draft_tokens()  # the confirmed text in the draft's own tokens

    @property
    def forward_passes(self) -> int:
        return self.model.forward_passes

    @property
    def cache_length(self) -> int:
        return self.model.length

    def _draft_tokens(self) -> list[int]:
        text = self.target_tokenizer.decode(self.target_tokens)
        return self.model.loaded.tokenizer(text, add_special_tokens=False).input_ids

    def _choose(self, logits: torch.Tensor, policy: SamplingPolicy, sampler: Sampler, position: int):
        """One proposal: its index in the intersection and q restricted to it ([m]); None if q has no mass there."""
        draft_ids = self.map.draft_ids.to(logits.device)
        if policy.greedy:  # the draft's most likely token among those the target has
            index = int(logits[draft_ids].argmax())
            q = torch.zeros(draft_ids.numel(), device=logits.device)
            q[index] = 1.0
            return index, q
        q = logits_to_probs(logits, policy)[draft_ids]  # [m] the draft's q on the intersection
        mass = q.sum()
        if mass <= 0:
            return None
        q = q / mass  # renormalised: the distribution the proposal is drawn from
        # Drawn at the target's ids, so shared noise (the coupled rule) reads the target's noise for each token.
        return sampler.draw(q, position, ids=self.map.target_ids), q

    def q_row(self, q: torch.Tensor) -> torch.Tensor:
        """q on the intersection ([m]) written over the target's vocabulary ([target vocab]), at the target's ids."""
        row = torch.zeros(self.map.target_size, device=self.device)
        row[self.map.target_ids.to(self.device)] = q.to(self.device)
        return row

    def propose(self, k: int, policy: SamplingPolicy, sampler: Sampler,
                stop_below: float | None = None) -> Proposal:
        tokens, rows, times = [], [], []
        feed = self.context[len(self.fed):]  # confirmed text the cache has not read yet
        for i in range(k):
            start = self.clock.now_ms()
            logits = self.model.forward(feed, keep=1)[-1].float()  # [draft vocab]
            self.fed += feed
            chosen = self._choose(logits, policy, sampler, position=len(self.target_tokens) + i)
            if chosen is None:
                break
            index, q = chosen
            row = self.q_row(q)  # [target vocab]
            tokens.append(int(self.map.target_ids[index]))
            rows.append(row)
            times.append(self.clock.now_ms() - start)
            feed = [int(self.map.draft_ids[index])]
            if stop_below is not None and float(q[index]) < stop_below:
                break  # dynamic schedule: the draft is unsure
        draft_probs = torch.stack(rows) if rows else torch.empty(0, self.map.target_size, device=self.device)
        return Proposal(tokens, draft_probs, times, drafted_by=[self.name] * len(tokens))

    def update(self, accepted: int, emitted: list[int]) -> None:
        self.target_tokens.extend(emitted)
        self.context = self._draft_tokens()
        # States still valid for the new reading of the text; at least one token is left to feed next time.
        keep = min(common_prefix(self.fed, self.context), len(self.context) - 1)
        self.model.crop(keep)
        self.fed = self.fed[:keep]
