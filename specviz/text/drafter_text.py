"""Texts about who drafts: the draft model or prompt lookup (English, Italian)."""

DRAFTERS_TEXT = {
    "drafter.model": ("draft model", "modello draft"),
    "drafter.ngram": ("prompt lookup (copies from the text)", "ricerca nel prompt (copia dal testo)"),
    "drafter.hybrid": ("hybrid: the fastest source", "ibrido: la fonte più veloce"),
    "drafter.tli": ("another tokenizer (token-level intersection)", "altro tokenizer (intersezione dei token)"),
    "view.drafter_tli": (
        "A draft model with another tokenizer drafted this run (token-level intersection): it proposed only the "
        "{size} tokens both vocabularies share, mapped to the target's ids, with q renormalised over them. The "
        "target's mass outside them, {outside} on average per position, can never be proposed: it bounds "
        "acceptance from above.",
        "Un modello draft con un altro tokenizer ha proposto in questa generazione (intersezione dei token): ha "
        "proposto solo i {size} token che i due vocabolari hanno in comune, tradotti negli id del target, con q "
        "rinormalizzata su di essi. La massa del target fuori da essi, in media {outside} per posizione, non può "
        "mai essere proposta: limita dall'alto l'accettazione."),
    "live.drafter": ("Drafter", "Chi propone"),
    "live.drafter_help": (
        "Draft model: a small model proposes. Prompt lookup: no draft model; the proposal is copied from "
        "where the last few tokens appeared earlier in the text. It pays off when the answer repeats its "
        "input (editing code, fixing typos). Hybrid: each cycle copies (if the text offers a match), asks the "
        "draft model or lets the target write alone, whichever should write the most tokens per second, judged "
        "by the acceptance and times measured so far. "
        "Another tokenizer: a draft model whose vocabulary differs, proposing only the tokens both share.",
        "Modello draft: propone un modello piccolo. Ricerca nel prompt: nessun modello draft; la proposta è "
        "copiata da dove gli ultimi token sono già comparsi nel testo. Conviene quando la risposta ripete "
        "l'input (modificare codice, correggere refusi). Ibrido: a ogni ciclo copia (se il testo offre una "
        "corrispondenza), chiede al modello draft o lascia scrivere il target da solo, scegliendo chi dovrebbe "
        "scrivere più token al secondo in base alle accettazioni e ai tempi misurati finora. Altro tokenizer: un "
        "modello draft con un vocabolario diverso, che propone "
        "solo i token comuni ai due."),
    "view.drafter_ngram": (
        "Prompt lookup drafted this run: no draft model; each proposal was copied from earlier text, with a "
        "one-hot q (q(x) = 1). The exact rule keeps a copied token with probability p(x) and, after a "
        "rejection, corrects from p with that token removed.",
        "Questa generazione è stata proposta dalla ricerca nel prompt: nessun modello draft; ogni proposta è "
        "copiata da un punto precedente del testo, con q concentrata su un solo token (q(x) = 1). La regola "
        "esatta tiene un token copiato con probabilità p(x) e, dopo un rifiuto, corregge da p senza quel token."),
    "frame.1.copied": (
        "Prompt lookup copied {n} tokens: the last tokens of the text appeared earlier, and what followed them "
        "there (highlighted) is the proposal (dashed box). q is one-hot, so each copy passes with probability "
        "p(x).",
        "La ricerca nel prompt ha copiato {n} token: gli ultimi token del testo erano già comparsi prima, e ciò "
        "che li seguiva lì (evidenziato) è la proposta (riquadro tratteggiato). q è concentrata su un solo "
        "token, quindi ogni copia passa con probabilità p(x)."),
    "frame.1.nothing_to_copy": (
        "Prompt lookup found no earlier occurrence of the last tokens: nothing to copy, the target writes one "
        "token alone.",
        "La ricerca nel prompt non ha trovato gli ultimi token più indietro nel testo: niente da copiare, il "
        "target scrive da solo un token."),
    "frame.1.hybrid_model": (
        "No match of two tokens or more to copy: this cycle the hybrid drafter asked the draft model.",
        "Nessuna corrispondenza di almeno due token da copiare: in questo ciclo l'ibrido ha chiesto al modello "
        "draft."),
    # Why the hybrid drafter chose this cycle's source (specviz/engine/drafters/source_choice.py).
    "frame.1.hybrid.copy.first": ("The text offered a match: the hybrid drafter copies it.",
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
        "Nothing has been timed in this run yet (the first cycles also read the prompt): the draft model drafts.",
        "In questa generazione non è ancora stato misurato nulla (i primi cicli leggono anche il prompt): propone "
        "il modello draft."),
    "frame.1.hybrid.model.no_match": (
        "Nothing to copy, and from this run's acceptance and times the draft model should write more tokens per "
        "second than the target alone: this cycle the hybrid drafter asked the draft model.",
        "Niente da copiare, e dalle accettazioni e dai tempi di questa generazione il modello draft dovrebbe "
        "scrivere più token al secondo del target da solo: in questo ciclo l'ibrido ha chiesto al modello draft."),
    "frame.1.hybrid.model.faster": (
        "The text offered a match, but from this run's acceptance and times the draft model should write more "
        "tokens per second: this cycle the hybrid drafter asked it.",
        "Il testo offriva una corrispondenza, ma dalle accettazioni e dai tempi di questa generazione il modello "
        "draft dovrebbe scrivere più token al secondo: in questo ciclo l'ibrido ha chiesto a lui."),
    "frame.1.hybrid.model.probe": (
        "The draft model has been judged slower for a while; this cycle it proposes a couple of tokens, to be "
        "measured anew.",
        "Da un po' il modello draft è giudicato più lento; in questo ciclo propone un paio di token, per essere "
        "rimisurato."),
    "frame.1.hybrid.alone.faster": (
        "In this run the proposals have cost more time than they saved: this cycle the hybrid drafter proposes "
        "nothing and the target alone writes one token. Every few cycles it tries the draft again.",
        "Finora le proposte sono costate più tempo di quanto ne abbiano fatto risparmiare: in questo ciclo "
        "l'ibrido non propone nulla e il solo target scrive un token. Ogni tanto riprova con la bozza."),
    "frame.1.hybrid.alone.first": (
        "The proposals so far have written few tokens for their time, and the target alone has not been timed "
        "yet: this cycle the hybrid drafter proposes nothing and the target writes one token by itself.",
        "Finora le proposte hanno scritto pochi token per il tempo che costano, e il target da solo non è ancora "
        "stato misurato: in questo ciclo l'ibrido non propone nulla e il target scrive un token da solo."),
    "frame.1.hybrid.alone.probe": (
        "This cycle the hybrid drafter proposes nothing, to measure again how fast the target is alone.",
        "In questo ciclo l'ibrido non propone nulla, per rimisurare quanto è veloce il target da solo."),
    "frame.1.tli": (
        "The draft reads and writes in its own tokens; the q drawn here is kept on the tokens both vocabularies "
        "share, renumbered with the target's ids. At the first position the target puts {outside:.3f} of its "
        "mass outside them: no proposal can reach it.",
        "La bozza legge e scrive nei suoi token; la q disegnata qui resta sui token comuni ai due vocabolari, "
        "rinumerati con gli id del target. Alla prima posizione il target mette {outside:.3f} della sua massa "
        "fuori da essi: nessuna proposta può raggiungerla."),
    "view.drafter_hybrid": (
        "Hybrid drafting: {copies} cycles copied from the text, {model} asked the draft model, {alone} let the "
        "target write alone. Each time the hybrid drafter took the source expected to write the most tokens per "
        "second, from the acceptance and the times measured so far in this run (a copy after a longer match is "
        "trusted more), and now and then it let the draft model propose a couple of tokens to measure it again. "
        "Each cycle's first frame says which and why.",
        "Proposta ibrida: {copies} cicli hanno copiato dal testo, {model} hanno chiesto al modello draft, {alone} "
        "hanno lasciato scrivere il target da solo. Ogni volta l'ibrido ha preso la fonte che dovrebbe scrivere "
        "più token al secondo, secondo le accettazioni e i tempi misurati finora in questa generazione (una copia "
        "dopo una corrispondenza più lunga ispira più fiducia), e ogni tanto ha fatto proporre al modello draft un "
        "paio di token per rimisurarlo. Il primo riquadro di ogni ciclo dice quale e perché."),
    "copy.source": ("copied from here", "copiato da qui"),
    "copy.proposal": ("the copy, proposed", "la copia, proposta"),
}
