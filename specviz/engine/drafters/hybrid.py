"""Hybrid drafting: copy when the text offers a match, ask the draft model, or let the target write alone,
whichever this run's measurements say will write the most tokens per millisecond (llama.cpp combines
draft-free and draft-model speculation; the choice per cycle is a departure: see ``source_choice``).

Each cycle's proposal comes from one source only, and the record says which
(``Proposal.drafted_by``) and why (``Proposal.choice``). All stay exact: a copy
has a one-hot q, a model proposal the q it was sampled from, and no proposal
leaves the target alone. The draft model's cache simply catches up on the text
written while it sat out (it feeds what it has not seen).
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, replace

from specviz.core.policy import SamplingPolicy
from specviz.core.sampling import Sampler
from specviz.engine.drafters.base import DraftSetup, FrameNote, Proposal, empty_proposal, register_drafter
from specviz.engine.drafters.model import ModelDrafter
from specviz.engine.drafters.ngram import NgramDrafter, matched_length
from specviz.engine.drafters.source_choice import CHOICES, Decision, SourceChoice
from specviz.limits import K
from specviz.text import fill


@dataclass
class Cycle:
    """The cycle under way, as the choice of source will be told about it."""

    decision: Decision
    started: float  # time.perf_counter() when it was proposed
    timed: bool  # False if its time includes reading the prompt
    draft_ms: float = 0.0
    draft_ms_per_token: float | None = None  # the model's cost per proposed token, reading the prompt left out
    accepted: int = 0


@register_drafter
class HybridDrafter:
    """Prompt lookup, the draft model or the target alone: per cycle, the one expected to be fastest."""

    name = "hybrid"
    needs_model = True
    max_tokens = K.high
    exact = True
    recorded_choices = CHOICES  # each cycle records why its source was chosen
    order = 2
    label = ("hybrid: the fastest source", "ibrido: la fonte più veloce")
    help = ("Hybrid: each cycle copies (if the text offers a match), asks the draft model or lets the target write "
            "alone, whichever should write the most tokens per second, judged by the acceptance and times measured "
            "so far.",
            "Ibrido: a ogni ciclo copia (se il testo offre una corrispondenza), chiede al modello draft o lascia "
            "scrivere il target da solo, scegliendo chi dovrebbe scrivere più token al secondo in base alle "
            "accettazioni e ai tempi misurati finora.")
    texts = {  # the sentences it uses, besides its label and help
        "frame.1.hybrid_model": (
            "No match of two tokens or more to copy: this cycle the hybrid drafter asked the draft model.",
            "Nessuna corrispondenza di almeno due token da copiare: in questo ciclo l'ibrido ha chiesto al modello "
            "draft."),
        "frame.1.hybrid.copy.first": (
            "The text offered a match: the hybrid drafter copies it.",
            "Il testo offriva una corrispondenza: l'ibrido la copia."),
        "frame.1.hybrid.copy.faster": (
            "The text offered a match, and judging by how often copies after matches this long have been accepted "
            "in this run, copying should write the most tokens per second.",
            "Il testo offriva una corrispondenza, e a giudicare da quanto spesso in questa generazione sono state "
            "accettate le copie dopo corrispondenze così lunghe, copiare dovrebbe scrivere più token al secondo."),
        "frame.1.hybrid.copy.probe": (
            "Copies have been slower in this run; this cycle copies again to measure them anew.",
            "Finora le copie sono state più lente; in questo ciclo l'ibrido copia di nuovo per rimisurarle."),
        "frame.1.hybrid.model.first": (
            "Nothing has been timed in this run yet (the first cycles also read the prompt): the draft model "
            "drafts.",
            "In questa generazione non è ancora stato misurato nulla (i primi cicli leggono anche il prompt): "
            "propone il modello draft."),
        "frame.1.hybrid.model.no_match": (
            "Nothing to copy, and from this run's acceptance and times the draft model should write more tokens "
            "per second than the target alone: this cycle the hybrid drafter asked the draft model.",
            "Niente da copiare, e dalle accettazioni e dai tempi di questa generazione il modello draft dovrebbe "
            "scrivere più token al secondo del target da solo: in questo ciclo l'ibrido ha chiesto al modello "
            "draft."),
        "frame.1.hybrid.model.faster": (
            "The text offered a match, but from this run's acceptance and times the draft model should write more "
            "tokens per second: this cycle the hybrid drafter asked it.",
            "Il testo offriva una corrispondenza, ma dalle accettazioni e dai tempi di questa generazione il "
            "modello draft dovrebbe scrivere più token al secondo: in questo ciclo l'ibrido ha chiesto a lui."),
        "frame.1.hybrid.model.probe": (
            "The draft model has been judged slower for a while; this cycle it proposes a couple of tokens, to be "
            "measured anew.",
            "Da un po' il modello draft è giudicato più lento; in questo ciclo propone un paio di token, per "
            "essere rimisurato."),
        "frame.1.hybrid.alone.faster": (
            "In this run the proposals have cost more time than they saved: this cycle the hybrid drafter proposes "
            "nothing and the target alone writes one token. Every few cycles it tries the draft again.",
            "Finora le proposte sono costate più tempo di quanto ne abbiano fatto risparmiare: in questo ciclo "
            "l'ibrido non propone nulla e il solo target scrive un token. Ogni tanto riprova con la bozza."),
        "frame.1.hybrid.alone.first": (
            "The proposals so far have written few tokens for their time, and the target alone has not been timed "
            "yet: this cycle the hybrid drafter proposes nothing and the target writes one token by itself.",
            "Finora le proposte hanno scritto pochi token per il tempo che costano, e il target da solo non è "
            "ancora stato misurato: in questo ciclo l'ibrido non propone nulla e il target scrive un token da "
            "solo."),
        "frame.1.hybrid.alone.probe": (
            "This cycle the hybrid drafter proposes nothing, to measure again how fast the target is alone.",
            "In questo ciclo l'ibrido non propone nulla, per rimisurare quanto è veloce il target da solo."),
        "view.drafter_hybrid": (
            "Hybrid drafting: {copies} cycles copied from the text, {model} asked the draft model, {alone} let the "
            "target write alone. Each time the hybrid drafter took the source expected to write the most tokens "
            "per second, from the acceptance and the times measured so far in this run (a copy after a longer "
            "match is trusted more), and now and then it let the draft model propose a couple of tokens to measure "
            "it again. Each cycle's first frame says which and why.",
            "Proposta ibrida: {copies} cicli hanno copiato dal testo, {model} hanno chiesto al modello draft, "
            "{alone} hanno lasciato scrivere il target da solo. Ogni volta l'ibrido ha preso la fonte che dovrebbe "
            "scrivere più token al secondo, secondo le accettazioni e i tempi misurati finora in questa "
            "generazione (una copia dopo una corrispondenza più lunga ispira più fiducia), e ogni tanto ha fatto "
            "proporre al modello draft un paio di token per rimisurarlo. Il primo riquadro di ogni ciclo dice "
            "quale e perché."),
    }

    @classmethod
    def run_note(cls, record, lang: str) -> str:
        """How many cycles each source filled."""
        by = Counter(c.hybrid_source for c in record.cycles)
        return fill("view.drafter_hybrid", lang, copies=by["copy"], model=by["model"], alone=by["alone"])

    @classmethod
    def frame_note(cls, cycle, say) -> FrameNote:
        """Why the cycle's source was chosen, said first; a cycle of the target alone needs nothing more."""
        if cycle.drafter_choice:
            why = say(f"frame.1.hybrid.{cycle.drafter_choice}")
        elif cycle.proposed and not cycle.sources:  # recorded before choices were: a model proposal meant no match
            why = say("frame.1.hybrid_model")
        else:
            return FrameNote()
        return FrameNote(instead=why) if not cycle.proposed else FrameNote(before=f"{why} ")

    def __init__(self, setup: DraftSetup):
        self.setup = setup
        self.copier = NgramDrafter(setup)
        self.model = ModelDrafter(setup)
        self.choice = SourceChoice()
        self.last: Cycle | None = None  # the cycle under way

    @property
    def forward_passes(self) -> int:
        return self.model.forward_passes

    @property
    def cache_length(self) -> int:
        return self.model.cache_length

    def propose(self, k: int, policy: SamplingPolicy, sampler: Sampler,
                stop_below: float | None = None) -> Proposal:
        now = time.perf_counter()
        self._finish_last_cycle(now)
        copy = self.copier.propose(k, policy, sampler, stop_below)  # free: a lookup, no model runs
        match = matched_length(self.copier.tokens, copy.sources[0]) if copy.tokens else 0
        if k == 0:  # nothing may be proposed (the run's last token, or a schedule's cycle of the target alone)
            decision = Decision("alone", "", 0)  # no choice made, none recorded
        else:
            decision = self.choice.choose(k, len(copy.tokens), match)
        # The run's first cycle reads the prompt into the target, the model's first into the draft: not timed.
        reads_prompt = self.last is None or (decision.source == "model" and self.model.forward_passes == 0)
        self.last = Cycle(decision, now, timed=not reads_prompt)
        if decision.source == "copy":
            proposal = copy
        elif decision.source == "model":
            proposal = self.model.propose(decision.length, policy, sampler, stop_below)
            proposal.drafted_by = [self.model.name] * len(proposal.tokens)
            self.last.draft_ms = sum(proposal.ms_per_token)
            # Per token, catching up on text written while the model sat out included: a model that drafts
            # now and then pays it each time. Only reading the prompt, once, is left out (the first token).
            counted = proposal.ms_per_token[1:] if reads_prompt else proposal.ms_per_token
            self.last.draft_ms_per_token = sum(counted) / len(counted) if counted else None
        else:
            proposal = empty_proposal(self.setup)
        proposal.choice = decision.choice
        self.last.decision = replace(decision, length=len(proposal.tokens))  # a model may stop early
        return proposal

    def _finish_last_cycle(self, now: float) -> None:
        """Tell the choice how the cycle that just ended went and, if timed, how long it took."""
        if self.last is None:
            return
        cycle_ms = 1000.0 * (now - self.last.started) if self.last.timed else None
        self.choice.finished(self.last.decision, self.last.accepted, cycle_ms, self.last.draft_ms,
                             self.last.draft_ms_per_token)

    def update(self, accepted: int, emitted: list[int]) -> None:
        if self.last is not None:
            self.last.accepted = accepted
        self.copier.update(accepted, emitted)
        self.model.update(accepted, emitted)
