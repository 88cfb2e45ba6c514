"""The words on charts and in the cycle's frames, in English and Italian."""

FIGURES: dict[str, tuple[str, str]] = {
    "frame.1.title": ("1 · The draft proposes", "1 · La bozza propone"),
    "frame.1.sentence": ("The draft proposed {n} tokens one after another, each drawn from its own distribution q; "
                         "the bars are q of each proposal.",
                         "La bozza ha proposto {n} token uno dopo l'altro, ciascuno estratto dalla propria "
                         "distribuzione q; le barre sono la q di ogni proposta."),
    "frame.1.sentence.one": ("The draft proposed {n} token, drawn from its own distribution q; the bar is its q.",
                             "La bozza ha proposto {n} token, estratto dalla propria distribuzione q; la barra è la "
                             "sua q."),
    "frame.1.none": ("This cycle proposed nothing (k = 0): the target alone writes one token.",
                     "Questo ciclo non propone nulla (k = 0): il solo target scrive un token."),
    "frame.1.chart": ("q of each proposed token", "q di ogni token proposto"),
    "frame.2.title": ("2 · One target pass", "2 · Un passaggio del target"),
    "frame.2.sentence": ("The target scored all {rows} positions in one pass of {ms:.0f} ms; one step of the target "
                         "alone, one token, takes {single:.0f} ms.",
                         "Il target ha valutato tutte le {rows} posizioni in un solo passaggio di {ms:.0f} ms; un "
                         "passo del solo target, un token, richiede {single:.0f} ms."),
    "frame.2.sentence_alone": ("The target scored all {rows} positions in one pass of {ms:.0f} ms (no single step "
                               "was measured in this run to set beside it).",
                               "Il target ha valutato tutte le {rows} posizioni in un solo passaggio di {ms:.0f} ms "
                               "(in questa esecuzione non è stato misurato un passo singolo da affiancare)."),
    "frame.2.block": ("one pass, {rows} positions", "un passaggio, {rows} posizioni"),
    "frame.2.single_k0": ("one step, 1 token (this run's k = 0 cycles)", "un passo, 1 token (cicli k = 0 di questa esecuzione)"),
    "frame.2.single_baseline": ("one step, 1 token (the target-alone run)", "un passo, 1 token (esecuzione del solo target)"),
    "frame.2.chart": ("Measured time of the target's passes", "Tempo misurato dei passaggi del target"),
    "frame.3.title": ("3 · The checks, left to right", "3 · I controlli, da sinistra a destra"),
    "frame.3.none": ("Nothing to check: no proposals.", "Niente da controllare: nessuna proposta."),
    "frame.3.accepted": ("accepted", "accettato"),
    "frame.3.rejected": ("rejected", "rifiutato"),
    "frame.3.unchecked": ("not checked", "non controllato"),
    "frame.4.title": ("4 · Correction or bonus", "4 · Correzione o bonus"),
    "frame.4.correction": ("At position {position} the target corrects the draft: the token {token} is drawn from the "
                           "normalised residual max(p − q, 0), which holds exactly the probability acceptance missed.",
                           "In posizione {position} il target corregge la bozza: il token {token} è estratto dal "
                           "residuo normalizzato max(p − q, 0), che contiene esattamente la probabilità che "
                           "l'accettazione non ha coperto."),
    "frame.4.bonus": ("All proposals passed, so the same target pass gives one more token for free: the bonus {token}, "
                      "drawn from p after the last proposal.",
                      "Tutte le proposte sono passate, quindi lo stesso passaggio del target regala un token in più: "
                      "il bonus {token}, estratto da p dopo l'ultima proposta."),
    "frame.4.bonus_alone": ("With nothing proposed, the target's pass gives its own next token {token}, drawn from p.",
                            "Senza proposte, il passaggio del target dà il suo token successivo {token}, estratto da p."),
    "frame.4.target": ("The target alone wrote {token}.", "Il solo target ha scritto {token}."),
    "frame.4.drawn": ("drawn", "estratto"),
    "frame.4.chart": ("At the rejected position: p, q and the residual", "Nella posizione rifiutata: p, q e il residuo"),
    "frame.5.title": ("5 · Discard and crop the caches", "5 · Scarta e taglia le cache"),
    "frame.5.sentence": ("The {discarded} proposal(s) from the rejected one on are discarded: the target's KV cache is "
                         "cropped from {filled} to {kept} entries{draft}. The new token enters the caches in the next "
                         "cycle.",
                         "Le {discarded} proposte dalla rifiutata in poi vengono scartate: la cache KV del target "
                         "passa da {filled} a {kept} voci{draft}. Il nuovo token entra nelle cache al ciclo "
                         "successivo."),
    "frame.5.none_discarded": ("Nothing is discarded: the target's KV cache keeps its {kept} entries{draft}. The new "
                               "token enters the caches in the next cycle.",
                               "Non si scarta nulla: la cache KV del target tiene le sue {kept} voci{draft}. Il nuovo "
                               "token entra nelle cache al ciclo successivo."),
    "frame.5.draft": (", the draft's from {filled} to {kept}", ", quella della bozza da {filled} a {kept}"),
    "frame.5.unknown": ("This trace does not record the caches' lengths.", "Questa traccia non registra le lunghezze delle cache."),
    "frame.5.chart": ("KV caches after the cycle", "Cache KV dopo il ciclo"),
    "frame.5.target_row": ("target cache", "cache del target"),
    "frame.5.draft_row": ("draft cache", "cache della bozza"),
    "frame.5.confirmed": ("confirmed before", "confermato prima"),
    "frame.5.accepted": ("accepted now", "accettato ora"),
    "frame.5.cropped": ("cropped", "tagliato"),
    "frame.5.new": ("new token (next cycle)", "nuovo token (ciclo successivo)"),
    "frame.5.axis": ("position in the text", "posizione nel testo"),
    "frame.previous": ("◀ Previous", "◀ Precedente"),
    "frame.next": ("Next ▶", "Avanti ▶"),
    "frame.play": ("▶ Play", "▶ Riproduci"),
    "frame.heading": ("One cycle, step by step", "Un ciclo, passo per passo"),
    "race.title": ("The time budget, as it ran", "Il bilancio dei tempi, durante l'esecuzione"),
    "fig.tokens": ("tokens", "token"),
    "fig.cycles": ("cycles", "cicli"),
    "fig.cycle": ("cycle", "ciclo"),
    "fig.tokens_per_cycle": ("tokens per cycle", "token per ciclo"),
    "fig.acceptance_rate": ("acceptance rate", "tasso di accettazione"),
    "fig.tokens_per_s": ("tokens / s", "token / s"),
    "fig.k_chosen": ("k chosen", "k scelto"),
    "fig.timeline": ("Cycle timeline", "Cronologia dei cicli"),
    "fig.draft": ("draft", "bozza"),
    "fig.verify": ("verify", "verifica"),
    "fig.overhead": ("overhead", "altro"),
    "fig.time_split": ("Where the time goes", "Dove va il tempo"),
    "fig.rejection_at": ("rejection at position {position}", "rifiuto in posizione {position}"),
    "fig.no_rejection": ("no rejection", "nessun rifiuto"),
    "fig.cycle_sentence": ("**Cycle {cycle}**: k = {k}, proposed {proposed}, accepted {accepted}, then a "
                           "**{kind}** token ({where}).",
                           "**Ciclo {cycle}**: k = {k}, proposti {proposed}, accettati {accepted}, poi un token di "
                           "**{kind}** ({where})."),
    "fig.position": ("position", "posizione"),
    "fig.verdict": ("verdict", "esito"),
    "fig.target_p": ("target p", "p del target"),
    "fig.draft_q": ("draft q", "q della bozza"),
    "fig.residual": ("residual (normalised)", "residuo (normalizzato)"),
    "fig.probability": ("probability", "probabilità"),
    "fig.rejection_title": ("Cycle {cycle}: distributions at the rejected position {position}",
                            "Ciclo {cycle}: distribuzioni nella posizione rifiutata {position}"),
    "fate.accepted": ("accepted", "accettato"),
    "fate.rejected": ("rejected", "rifiutato"),
    "fate.unchecked": ("discarded (not checked)", "scartato (non controllato)"),
    "fate.correction": ("correction", "correzione"),
    "fate.bonus": ("bonus", "bonus"),
    "fate.target": ("target alone", "solo target"),
    "fate.discarded": ("discarded proposal", "proposta scartata"),
    "fate.discarded_short": ("discarded", "scartati"),
    "race.speculative": ("speculative", "speculativo"),
    "race.tokens": ("tokens", "token"),
    "race.measured": ("target alone (measured)", "solo target (misurato)"),
    "race.predicted": ("target alone (predicted from one measured step)", "solo target (previsto da un passo misurato)"),
    # Benchmark configurations and prompt sets in words (specviz/bench/labels.py).
    "bench.impl.specviz": ("specviz", "specviz"),
    "bench.impl.specviz-baseline": ("target alone (specviz)", "solo target (specviz)"),
    "bench.impl.specviz-counters": ("specviz, counters only", "specviz, solo contatori"),
    "bench.impl.hf-target": ("target alone (Hugging Face)", "solo target (Hugging Face)"),
    "bench.impl.hf-assisted": ("Hugging Face assisted generation", "assisted generation di Hugging Face"),
    "bench.impl.hf-prompt-lookup": ("Hugging Face prompt lookup", "prompt lookup di Hugging Face"),
    "bench.impl.hf-universal": ("Hugging Face universal assisted generation",
                                "universal assisted generation di Hugging Face"),
    "bench.set.all": ("all prompts", "tutti i prompt"),
    "bench.set.code": ("code", "codice"),
    "bench.set.edit": ("editing", "modifiche"),
    "bench.set.italian": ("Italian prose", "prosa italiana"),
    "bench.set.mixed": ("mixed", "misti"),
}
