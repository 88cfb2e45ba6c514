"""Prompt lookup: drafting by copying, with no draft model (n-gram drafting).

The last n tokens of the text so far (prompt included) are looked up earlier in
the same text; if they occurred before, the tokens that followed that earlier
occurrence are proposed. n goes from ``ngram_max`` down to ``ngram_min``, as in
Hugging Face's prompt lookup and vLLM's ``ngram`` drafter; which occurrence is
copied is explained in ``find_continuation``. It pays off when the answer repeats its input: editing
code, renaming, fixing a typo.

The proposal is not sampled, so its q is one-hot: q(x_i) = 1. The exact rule
then accepts x_i with probability min(1, p(x_i)/1) = p(x_i), and after a
rejection corrects from max(p − q, 0) normalised, which is p with x_i removed.
The output keeps the target's distribution exactly.
"""

from __future__ import annotations

import torch

from specviz.core.policy import SamplingPolicy
from specviz.core.sampling import Sampler
from specviz.engine.drafters.base import DraftSetup, FrameNote, Proposal, empty_proposal, register_drafter
from specviz.limits import K
from specviz.text import text


def find_continuation(history: list[int], n_max: int, n_min: int) -> tuple[int, int] | None:
    """Where to copy from: (the position after the chosen earlier occurrence, the n-gram length n), or None.

    The n-gram is the last n tokens of `history`, n from `n_max` down to `n_min`: the
    longest that occurred before. Among its earlier occurrences, the one whose preceding
    text also matches the end of `history` the longest is chosen, then the earliest.
    [Departure from Hugging Face's prompt lookup, which takes the earliest, and from
    vLLM's, which takes the most recent: on the edit prompts this choice needed the
    fewest target passes (docs/benchmarks.md, "Drafters").]
    """
    best, best_length = None, 0
    for end in range(len(history) - 1):  # an occurrence ending at `end` is followed by at least one token
        length = matched_length(history, end + 1)
        if length > best_length:
            best, best_length = end + 1, length
    if best is None or best_length < n_min:
        return None
    return best, min(best_length, n_max)


def matched_length(history: list[int], start: int) -> int:
    """How many tokens just before `start` match the end of `history`: the match a copy from `start` follows."""
    end_of_text, length = len(history) - 1, 0
    while length < start and history[start - 1 - length] == history[end_of_text - length]:
        length += 1
    return length


@register_drafter
class NgramDrafter:
    """Proposes what followed the most recent earlier occurrence of the text's last n tokens."""

    name = "ngram"
    needs_model = False
    max_tokens = K.high
    exact = True
    forward_passes = 0  # no model runs
    cache_length = None
    order = 1
    hf_partner = "hf-prompt-lookup"  # Hugging Face's counterpart, run beside it by `specviz bench`
    label = ("prompt lookup (copies from the text)", "ricerca nel prompt (copia dal testo)")
    help = ("Prompt lookup: no draft model; the proposal is copied from where the last few tokens appeared earlier "
            "in the text. It pays off when the answer repeats its input (editing code, fixing typos).",
            "Ricerca nel prompt: nessun modello draft; la proposta è copiata da dove gli ultimi token sono già "
            "comparsi nel testo. Conviene quando la risposta ripete l'input (modificare codice, correggere refusi).")
    texts = {  # the sentences it uses, besides its label and help
        "frame.1.nothing_to_copy": (
            "Prompt lookup found no earlier occurrence of the last tokens: nothing to copy, the target writes one "
            "token alone.",
            "La ricerca nel prompt non ha trovato gli ultimi token più indietro nel testo: niente da copiare, il "
            "target scrive da solo un token."),
        "view.drafter_ngram": (
            "Prompt lookup drafted this run: no draft model; each proposal was copied from earlier text, with a "
            "one-hot q (q(x) = 1). The exact rule keeps a copied token with probability p(x) and, after a "
            "rejection, corrects from p with that token removed.",
            "Questa generazione è stata proposta dalla ricerca nel prompt: nessun modello draft; ogni proposta è "
            "copiata da un punto precedente del testo, con q concentrata su un solo token (q(x) = 1). La regola "
            "esatta tiene un token copiato con probabilità p(x) e, dopo un rifiuto, corregge da p senza quel "
            "token."),
    }

    @classmethod
    def run_note(cls, record, lang: str) -> str:
        return text("view.drafter_ngram", lang)

    @classmethod
    def frame_note(cls, cycle, say) -> FrameNote:
        """A cycle without copied tokens found no earlier occurrence to copy from."""
        return FrameNote() if cycle.sources else FrameNote(instead=say("frame.1.nothing_to_copy"))

    def __init__(self, setup: DraftSetup):
        self.setup = setup
        self.tokens = list(setup.prompt_ids)  # the confirmed text, prompt included
        self.n_max, self.n_min = setup.ngram_max, setup.ngram_min

    def lookup(self, k: int) -> tuple[list[int], list[int]]:
        """Up to k tokens to propose, and for each the position in the text it is copied from."""
        found = find_continuation(self.tokens, self.n_max, self.n_min)
        if found is None:
            return [], []
        start, _ = found
        sources = list(range(start, min(start + k, len(self.tokens))))
        return [self.tokens[i] for i in sources], sources

    def propose(self, k: int, policy: SamplingPolicy, sampler: Sampler,
                stop_below: float | None = None) -> Proposal:
        tokens, sources = self.lookup(k)
        if not tokens:
            return empty_proposal(self.setup)
        # Step 1 without sampling: q is one-hot on each copied token.
        draft_probs = torch.zeros(len(tokens), self.setup.vocab_size, device=self.setup.device)  # [m, vocab]
        draft_probs[torch.arange(len(tokens)), torch.tensor(tokens)] = 1.0
        return Proposal(tokens, draft_probs, [0.0] * len(tokens), sources=sources,
                        drafted_by=[self.name] * len(tokens))

    def update(self, accepted: int, emitted: list[int]) -> None:
        self.tokens.extend(emitted)
