"""Texts about who drafts: the draft model or prompt lookup (English, Italian)."""

DRAFTERS_TEXT = {
    "live.drafter": ("Drafter", "Chi propone"),
    "frame.1.copied": (
        "Prompt lookup copied {n} tokens: the last tokens of the text appeared earlier, and what followed them "
        "there (highlighted) is the proposal (dashed box). q is one-hot, so each copy passes with probability "
        "p(x).",
        "La ricerca nel prompt ha copiato {n} token: gli ultimi token del testo erano già comparsi prima, e ciò "
        "che li seguiva lì (evidenziato) è la proposta (riquadro tratteggiato). q è concentrata su un solo "
        "token, quindi ogni copia passa con probabilità p(x)."),
    "frame.1.copied.one": (
        "Prompt lookup copied {n} token: the last tokens of the text appeared earlier, and what followed them "
        "there (highlighted) is the proposal (dashed box). q is one-hot, so the copy passes with probability p(x).",
        "La ricerca nel prompt ha copiato {n} token: gli ultimi token del testo erano già comparsi prima, e ciò "
        "che li seguiva lì (evidenziato) è la proposta (riquadro tratteggiato). q è concentrata su un solo "
        "token, quindi la copia passa con probabilità p(x)."),
    # Why the hybrid drafter chose this cycle's source (specviz/engine/drafters/source_choice.py).
    "copy.source": ("copied from here", "copiato da qui"),
    "copy.proposal": ("the copy, proposed", "la copia, proposta"),
}
