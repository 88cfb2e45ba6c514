"""Every sentence the app shows, in English and Italian, and the shared glossary.

Pages look strings up by key (``text(key, lang)``); the glossary's terms are
reused in labels and help tooltips, so a word means one thing everywhere.
"""

from __future__ import annotations

LANGUAGES = {"en": "English", "it": "Italiano"}

GLOSSARY = {
    "draft": ("The small, fast model that proposes tokens; q is its distribution.",
              "Il modello piccolo e veloce che propone i token; q è la sua distribuzione."),
    "target": ("The large model whose distribution p the output must follow exactly.",
               "Il modello grande: l'output deve seguire esattamente la sua distribuzione p."),
    "proposal": ("The k tokens the draft samples, one by one, in a cycle.",
                 "I k token che il draft campiona, uno alla volta, in un ciclo."),
    "accepted prefix": ("The proposed tokens before the first rejection; each passed u < min(1, p/q).",
                        "I token proposti prima del primo rifiuto; ciascuno ha superato u < min(1, p/q)."),
    "residual": ("max(p − q, 0), normalised over the vocabulary: the mass the draft under-proposes.",
                 "max(p − q, 0), normalizzato sul vocabolario: la massa che il draft propone troppo poco."),
    "correction": ("The token drawn from the residual at the first rejection.",
                   "Il token estratto dal residuo al primo rifiuto."),
    "bonus": ("When all k proposals pass, one more token drawn from p after them, from the same target pass.",
              "Se tutte le k proposte passano, un token in più estratto da p, dallo stesso passaggio del target."),
}

STRINGS: dict[str, tuple[str, str]] = {
    "language": ("Language", "Lingua"),
    "nav.home": ("Home", "Inizio"),
    "nav.live": ("Live decoding", "Decodifica dal vivo"),
    "nav.exactness": ("Exactness lab", "Laboratorio di esattezza"),
    "nav.replay": ("Replay", "Riproduci"),
    "nav.toy": ("Toy distributions", "Distribuzioni giocattolo"),
    "nav.budget": ("Time budget", "Budget di tempo"),
    "nav.policy": ("Sampling policy", "Politica di campionamento"),
    "nav.bench": ("Benchmark", "Benchmark"),
    "bench.title": ("Benchmark", "Benchmark"),
    "bench.caption": ("Speculation against the target alone and against Hugging Face's assisted generation, on the same models, prompts and policy, interleaved in one process. Speed-ups are ratios to the target-only run of the same benchmark.", "La speculazione contro il solo target e contro l'assisted generation di Hugging Face, con gli stessi modelli, prompt e politica, alternati in un solo processo. Gli speed-up sono rapporti rispetto al solo target dello stesso benchmark."),
    "bench.saved": ("Saved report", "Report salvato"),
    "bench.target_only": ("This report compares the target-only loop with `generate` alone: no speculative configuration, so no chart of speed-up against k.", "Questo report confronta il ciclo del solo target con `generate`: nessuna configurazione speculativa, quindi nessun grafico dello speed-up rispetto a k."),
    "bench.none": ("No saved report yet: run `python -m specviz bench --json assets/bench/NAME.json`.", "Nessun report salvato: esegui `python -m specviz bench --json assets/bench/NOME.json`."),
    "bench.quick": ("Run a quick benchmark on the tiny pair", "Esegui un benchmark rapido sulla coppia minuscola"),
    "home.title": ("specviz: speculative decoding you can watch", "specviz: lo speculative decoding sotto gli occhi"),
    "home.intro": (
        "A small **draft** model proposes *k* tokens; the large **target** model scores all of them in one forward "
        "pass; an exact rejection rule keeps a prefix of the proposal and draws one more token: a **correction** "
        "from the residual max(p − q, 0), or a **bonus** when every proposal passed. The output has exactly the "
        "target's distribution, yet needs fewer target passes.",
        "Un piccolo modello **draft** propone *k* token; il grande modello **target** li valuta tutti in un solo "
        "passaggio; una regola di rifiuto esatta conserva un prefisso della proposta ed estrae un token in più: una "
        "**correzione** dal residuo max(p − q, 0), oppure un **bonus** se tutte le proposte sono passate. L'output ha "
        "esattamente la distribuzione del target, con meno passaggi del target."),
    "home.pages": (
        "- **Live decoding**: real models, every cycle coloured and inspectable, a measured time budget.\n"
        "- **Exactness lab**: many seeded runs tested against the target's exact distribution.\n"
        "- **Replay**: study a recorded run without loading a model.\n"
        "- **Toy distributions**: one verification step, exactly, on p and q you choose.\n"
        "- **Time budget**: when does speculation pay, for which *k* and acceptance rate?\n"
        "- **Sampling policy**: temperature, top-k and top-p shape p and q alike; see what breaks when they do not.",
        "- **Decodifica dal vivo**: modelli reali, ogni ciclo colorato e ispezionabile, budget di tempo misurato.\n"
        "- **Laboratorio di esattezza**: molte esecuzioni con seme, confrontate con la distribuzione esatta "
        "del target.\n"
        "- **Riproduci**: studia un'esecuzione registrata senza caricare modelli.\n"
        "- **Distribuzioni giocattolo**: un passo di verifica, esatto, su p e q scelte da te.\n"
        "- **Budget di tempo**: quando conviene la speculazione, con quale *k* e tasso di accettazione?\n"
        "- **Politica di campionamento**: temperatura, top-k e top-p modellano allo stesso modo p e q; guarda "
        "che cosa si rompe quando non succede."),
    "home.glossary": ("Glossary", "Glossario"),
    "live.title": ("Live decoding", "Decodifica dal vivo"),
    "live.caption": (
        "The draft proposes k tokens, the target checks them in one pass, the rule keeps a prefix and draws a "
        "correction or a bonus. With sampling the output follows the target's distribution: that is a statement "
        "about many runs, not about this seed's text. With temperature 0 (greedy) the text is exactly what the "
        "target alone would write.",
        "Il draft propone k token, il target li controlla in un passaggio, la regola conserva un prefisso ed estrae "
        "una correzione o un bonus. Con il campionamento l'output segue la distribuzione del target: è un'affermazione "
        "su molte esecuzioni, non sul testo di questo seme. Con temperatura 0 (greedy) il testo è esattamente quello "
        "che scriverebbe il target da solo."),
    "live.demo": ("Instant demo: tiny random pair", "Demo istantanea: coppia minuscola casuale"),
    "live.demo_help": ("Two tiny random-weight models: gibberish text, real mechanics, no waiting.",
                       "Due modelli minuscoli con pesi casuali: testo senza senso, meccanica reale, nessuna attesa."),
    "live.draft": ("Draft model", "Modello draft"),
    "live.target": ("Target model", "Modello target"),
    "live.k": ("k: proposed tokens per cycle", "k: token proposti per ciclo"),
    "live.schedule": ("Schedule", "Strategia"),
    "live.schedule_help": (
        "constant: k proposals every cycle. heuristic: k grows by 2 after a fully accepted proposal and "
        "shrinks by 1 otherwise. dynamic: up to k, but the draft stops as soon as its own probability for "
        "the token it proposed falls below {threshold:g} (as Hugging Face's assisted generation).",
        "constant: k proposte a ogni ciclo. heuristic: k cresce di 2 dopo una proposta accettata per intero "
        "e cala di 1 altrimenti. dynamic: fino a k, ma il draft si ferma appena la sua probabilità per il "
        "token proposto scende sotto {threshold:g} (come l'assisted generation di Hugging Face)."),
    "live.temperature": ("Temperature (0 = greedy)", "Temperatura (0 = greedy)"),
    "live.top_k": ("Top-k (0 = off)", "Top-k (0 = disattivo)"),
    "live.top_p": ("Top-p", "Top-p"),
    "live.max_new": ("Max new tokens", "Massimo di token nuovi"),
    "live.seed": ("Seed", "Seme"),
    "live.chat": ("Chat template", "Modello di chat"),
    "live.example": ("Example prompt", "Prompt di esempio"),
    "live.own": ("(write your own)", "(scrivi il tuo)"),
    "live.prompt": ("Prompt", "Prompt"),
    "live.run": ("Run", "Esegui"),
    "live.compare": ("Also run the target alone (measured baseline)",
                     "Esegui anche il solo target (riferimento misurato)"),
    "live.step": ("Step mode: one cycle per click", "Passo a passo: un ciclo per clic"),
    "live.next": ("Next cycle", "Ciclo successivo"),
    "live.finished": ("Finished: the run is shown below.", "Finito: l'esecuzione è mostrata qui sotto."),
    "live.speculative": ("Speculative decoding", "Speculative decoding"),
    "live.alone": ("Target alone", "Solo target"),
    "live.last": ("Last run", "Ultima esecuzione"),
    "live.cannot": ("Cannot run", "Impossibile eseguire"),
    "live.turn": ("Queue (run {run}): place {place} on arrival (0 = at once), waited {waited:.1f} s for a turn · generation {generation:.1f} s",
                  "Coda (esecuzione {run}): posto {place} all'arrivo (0 = subito), attesa del turno {waited:.1f} s · generazione {generation:.1f} s"),
    "live.partial": ("The run stopped early; the {count} tokens generated so far are kept below.",
                     "L'esecuzione si è fermata prima; i {count} token generati finora sono conservati qui sotto."),
    "queue.waiting": ("Another user is generating: you are number {position} in the queue …",
                      "Un altro utente sta generando: sei il numero {position} in coda …"),
    "live.measured": ("measured speed-up", "speed-up misurato"),
    "live.formula": ("budget formula, observed α", "formula del budget, α osservato"),
    "live.progress": ("cycle {cycle} · {tokens} tokens · last cycle: draft {draft:.0f} ms, verify {verify:.0f} ms, overhead {overhead:.1f} ms · {per_token:.1f} ms per token so far",
                      "ciclo {cycle} · {tokens} token · ultimo ciclo: bozza {draft:.0f} ms, verifica {verify:.0f} ms, altro {overhead:.1f} ms · {per_token:.1f} ms per token finora"),
    "live.progress_speedup": (" · speed-up so far {speedup:.2f}× (target alone: {base:.1f} ms per token)",
                              " · speed-up finora {speedup:.2f}× (solo target: {base:.1f} ms per token)"),
    "live.measured_help": ("Decode time per token, target alone ÷ speculative, both measured just now; the first cycle, which also reads the prompt, is left out of both.",
                           "Tempo di decodifica per token, solo target ÷ speculativo, entrambi appena misurati; il primo ciclo, che legge anche il prompt, è escluso da entrambi."),
    "live.formula_help": ("The time-budget formula fed with the measured costs and the acceptance measured at each position.",
                          "La formula del budget di tempo con i costi misurati e l'accettazione misurata a ogni posizione."),
    "live.costs": ("draft ms / token vs target ms / token", "ms per token: bozza / target"),
    "live.verify_block": ("verify ms per block", "ms di verifica per blocco"),
    "live.identical": ("The speculative text is token for token the target-alone text.",
                       "Il testo speculativo coincide token per token con quello del solo target."),
    "view.legend": ("Green: accepted draft token · red: correction after a rejection · purple: bonus token · blue: "
                    "target-only · grey struck through: the discarded rest of a proposal.",
                    "Verde: token del draft accettato · rosso: correzione dopo un rifiuto · viola: token bonus · blu: "
                    "solo target · grigio barrato: il resto scartato di una proposta."),
    "view.inspect": ("Cycle to inspect", "Ciclo da ispezionare"),
    "view.download": ("Download this run as JSON", "Scarica questa esecuzione in JSON"),
    "replay.title": ("Replay a recorded run", "Riproduci un'esecuzione registrata"),
    "replay.caption": ("Download a run from the Live decoding page, or use one shipped with specviz, and study it "
                       "here exactly as it was recorded: no model is loaded, so this works on any laptop.",
                       "Scarica un'esecuzione dalla pagina di decodifica dal vivo, o usane una fornita con specviz, e "
                       "studiala qui come è stata registrata: nessun modello viene caricato."),
    "replay.trace": ("Trace", "Traccia"),
    "replay.example": ("Example", "Esempio"),
    "replay.file": ("JSON trace", "Traccia JSON"),
    "replay.summary": ("**{draft} → {target}** on {device} ({dtype}), temperature {temperature}, top-k {top_k}, "
                       "top-p {top_p}, k = {k} ({schedule}), seed {seed}",
                       "**{draft} → {target}** su {device} ({dtype}), temperatura {temperature}, top-k {top_k}, "
                       "top-p {top_p}, k = {k} ({schedule}), seme {seed}"),
    "replay.target_only": ("target only", "solo target"),
    "replay.bundled": ("A recorded example", "Un esempio registrato"),
    "replay.upload": ("Upload a JSON trace", "Carica una traccia JSON"),
    "replay.not_trace": ("This file is not a specviz trace", "Questo file non è una traccia di specviz"),
    "toy.title": ("Toy distributions", "Distribuzioni giocattolo"),
    "toy.caption": ("One verification step over a small vocabulary. No neural network: you choose the target's p "
                    "and the draft's q. Weights are normalised for you; everything below is computed with exact "
                    "fractions.",
                    "Un passo di verifica su un piccolo vocabolario. Nessuna rete neurale: scegli la p del target e "
                    "la q del draft. I pesi vengono normalizzati; tutto è calcolato con frazioni esatte."),
    "budget.title": ("Time budget", "Budget di tempo"),
    "exactness.title": ("Exactness lab", "Laboratorio di esattezza"),
    "exactness.caption": (
        "Exactness is a claim about distributions: over many seeds, the first tokens of speculative decoding must "
        "follow the target's own distribution, computed here directly from its logits.",
        "L'esattezza riguarda le distribuzioni: su molti semi, i primi token dello speculative decoding devono "
        "seguire la distribuzione del target, calcolata qui direttamente dai suoi logit."),
    "preset": ("Preset", "Preimpostazione"),
    'toy.tokens': ('Tokens in the vocabulary', 'Token nel vocabolario'),
    'toy.token': ('token', 'token'),
    'toy.p_weight': ('p weight', 'peso di p'),
    'toy.q_weight': ('q weight', 'peso di q'),
    'toy.bad': ('Cannot compute this step', 'Impossibile calcolare questo passo'),
    'toy.bad_hint': ('Give each distribution at least one positive weight.', 'Dai a ciascuna distribuzione almeno un peso positivo.'),
    'toy.accepted': ('accepted mass Σ min(p, q)', 'massa accettata Σ min(p, q)'),
    'toy.rejected': ('rejected mass', 'massa rifiutata'),
    'toy.naive_off': ('naive rule is off by (TV)', 'scarto della regola ingenua (TV)'),
    'toy.equal': ('p = q: nothing is ever rejected, so there is no residual to normalise and no correction.', "p = q: non si rifiuta mai nulla, quindi non c'è residuo da normalizzare né correzione."),
    'toy.exact_ok': ('The exact rule gives back p exactly', 'La regola esatta restituisce esattamente p'),
    'toy.samples': ('samples', 'campioni'),
    'toy.sample': ('Sample', 'Campiona'),
    "config.draft": ("draft {dtype}", "draft {dtype}"),
    "config.target": ("target {dtype}", "target {dtype}"),
    "config.two_layouts": (", packed for 1 and {rows} rows", ", impacchettato per 1 e {rows} righe"),
    "config.one_layout": (", packed for 1 row (one layout)", ", impacchettato per 1 riga (un solo layout)"),
    "config.laptop": (" (laptop mode: the output follows this int8 target's distribution, not float32's)",
                      " (modalità portatile: l'output segue la distribuzione di questo target int8, non di quello "
                      "float32)"),
    "config.threads": (", {threads} threads", ", {threads} thread"),
    "view.tiny_speed": ("The tiny pair has random weights and costs about the same to run as its draft: its times "
                        "and speed-ups show how the cycle works, not what speculation gains on real models.",
                        "La coppia minuscola ha pesi casuali e costa quanto la sua bozza: i suoi tempi e "
                        "accelerazioni mostrano come funziona il ciclo, non quanto guadagna la speculazione sui "
                        "modelli veri."),
    "pick.other": ("another model (folder or hub id)…", "un altro modello (cartella o id dell'hub)…"),
    "pick.name": ("Model folder or hub id", "Cartella del modello o id dell'hub"),
    "pick.cannot_pair": ("cannot pair with {other} (another tokenizer)", "non fa coppia con {other} (altro tokenizer)"),
    "frame.1.title": ("1 · The draft proposes", "1 · La bozza propone"),
    "frame.1.sentence": ("The draft proposed {n} tokens one after another, each drawn from its own distribution q; "
                         "the bars are q of each proposal.",
                         "La bozza ha proposto {n} token uno dopo l'altro, ciascuno estratto dalla propria "
                         "distribuzione q; le barre sono la q di ogni proposta."),
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
    "frame.3.all": ("Every one of the {n} proposals passed: u fell below min(1, p/q) at each position.",
                    "Tutte le {n} proposte sono passate: u è rimasto sotto min(1, p/q) in ogni posizione."),
    "frame.3.stopped": ("{accepted} proposal(s) passed; at position {position} u was above min(1, p/q), so it was "
                         "rejected and nothing after it is checked.",
                         "{accepted} proposta/e accettata/e; in posizione {position} u era sopra min(1, p/q), "
                         "quindi è stata rifiutata e ciò che segue non viene controllato."),
    "frame.3.none": ("Nothing to check: no proposals.", "Niente da controllare: nessuna proposta."),
    "frame.3.accepted": ("accepted", "accettato"),
    "frame.3.rejected": ("rejected", "rifiutato"),
    "frame.3.unchecked": ("not checked", "non controllato"),
    "frame.3.chart": ("Bars: min(1, p/q) · black lines: the uniform draw u", "Barre: min(1, p/q) · linee nere: l'estrazione uniforme u"),
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
    "frame.5.sentence": ("The {discarded} proposal(s) after the rejection are discarded: the target's KV cache is cropped "
                         "from {filled} to {kept} entries{draft}. The new token enters the caches in the next cycle.",
                         "Le {discarded} proposte dopo il rifiuto vengono scartate: la cache KV del target passa da "
                         "{filled} a {kept} voci{draft}. Il nuovo token entra nelle cache al ciclo successivo."),
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
    "view.numbers": ("The cycle in numbers", "Il ciclo in numeri"),
    "view.presentation": ("Presentation mode", "Modalità presentazione"),
    "view.presentation_help": ("For a projector: larger text, stronger colours, discarded tokens left out of the text.",
                               "Per il proiettore: testo più grande, colori più forti, token scartati tolti dal testo."),
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
    "exactness.temperature": ("Temperature", "Temperatura"),
    "exactness.top_k": ("Top-k (0 = off; ≤ 64 to test two tokens)", "Top-k (0 = disattivo; ≤ 64 per testare due token)"),
    "exactness.fit_first": ("{label}, first token: χ² = {statistic:.1f} with {dof} degrees of freedom, p-value "
                            "{p_value:.3g}, total variation {tv:.3f}: {verdict}.",
                            "{label}, primo token: χ² = {statistic:.1f} con {dof} gradi di libertà, p-value "
                            "{p_value:.3g}, variazione totale {tv:.3f}: {verdict}."),
    "exactness.fit_pairs": ("{label}, first two tokens jointly: χ² = {statistic:.1f} with {dof} degrees of freedom, "
                            "p-value {p_value:.3g}, total variation {tv:.3f}: {verdict}.",
                            "{label}, primi due token insieme: χ² = {statistic:.1f} con {dof} gradi di libertà, "
                            "p-value {p_value:.3g}, variazione totale {tv:.3f}: {verdict}."),
    "exactness.label.speculative": ("speculative", "speculativo"),
    "exactness.label.target alone": ("target alone", "solo target"),
    "exactness.cannot_compare": ("Cannot compare", "Impossibile confrontare"),
    "exactness.identical_count": ("Identical, token for token: {count} tokens.",
                                  "Identici, token per token: {count} token."),
    "exactness.exact_p": ("target's exact p", "p esatta del target"),
    "exactness.overlay_title": ("First generated token", "Primo token generato"),
    "report.yes": ("yes", "sì"),
    "report.no": ("NO", "NO"),
    "report.all": ("all", "tutti"),
    "report.pairs_won": ("{wins} of {pairs} pairs", "{wins} coppie su {pairs}"),
    "report.title": ("# specviz benchmark: {draft} → {target}", "# Benchmark di specviz: {draft} → {target}"),
    "report.setup": ("Device {device}, target {dtype}, draft {draft_dtype}, linear kernels {kernels} (draft "
                     "{draft_kernels}); {cpus} CPUs{cpu}, torch {torch}; {tokens} new tokens, {repeats} repeat(s), "
                     "{prompts} prompts; {seconds:.0f} s in all. Speed-up = tokens/s ÷ tokens/s of the specviz "
                     "target-only baseline in the same run.",
                     "Dispositivo {device}, target {dtype}, draft {draft_dtype}, kernel lineari {kernels} (draft "
                     "{draft_kernels}); {cpus} CPU{cpu}, torch {torch}; {tokens} token nuovi, {repeats} ripetizione/i, "
                     "{prompts} prompt; {seconds:.0f} s in tutto. Speed-up = token/s ÷ token/s del solo target di "
                     "specviz nella stessa esecuzione."),
    "report.main_header": ("| prompts | configuration | tok/s | speed-up | ms/token p50 | p95 | latency p50 ms | "
                           "TTFT ms | tokens/cycle | analytic bound | bound attained | greedy = baseline |",
                           "| prompt | configurazione | token/s | speed-up | ms/token p50 | p95 | latenza p50 ms | "
                           "TTFT ms | token/ciclo | limite analitico | limite raggiunto | greedy = riferimento |"),
    "report.detail_header": ("| configuration | draft ms/cycle | verify ms/cycle | overhead ms/cycle | "
                             "c (draft/target) | acceptance by position | draft passes | target passes | peak MB |",
                             "| configurazione | ms bozza/ciclo | ms verifica/ciclo | ms altro/ciclo | "
                             "c (bozza/target) | accettazione per posizione | passaggi bozza | passaggi target | "
                             "picco MB |"),
    "report.hf_intro": ("specviz ÷ Hugging Face on the same prompt and repeat (the baseline against `generate` "
                        "alone, each speculative configuration against assisted generation with the same k and "
                        "schedule):",
                        "specviz ÷ Hugging Face sullo stesso prompt e ripetizione (il riferimento contro `generate` "
                        "da solo, ogni configurazione speculativa contro l'assisted generation con gli stessi k e "
                        "strategia):"),
    "report.hf_header": ("| prompts | configuration | median ratio | min | max | geometric mean (95% interval) | "
                         "forward passes target/draft, specviz · HF | ms per forward pass target/draft, specviz · HF "
                         "| ms per run outside forward passes, specviz · HF | specviz faster in |",
                         "| prompt | configurazione | rapporto mediano | min | max | media geometrica (intervallo "
                         "95%) | passaggi target/bozza, specviz · HF | ms per passaggio target/bozza, specviz · HF | "
                         "ms per esecuzione fuori dai passaggi, specviz · HF | specviz più veloce in |"),
    "report.recording": ("Recording the full trace ({config}) cost {percent:+.1f}% in tokens/s against counters "
                         "only, in the same run.",
                         "Registrare la traccia completa ({config}) è costato {percent:+.1f}% in token/s rispetto "
                         "ai soli contatori, nella stessa esecuzione."),
    "report.capacity_header": ("| configuration | requests in flight | aggregate tok/s | vs target alone | "
                               "latency p50 ms | latency p95 ms |",
                               "| configurazione | richieste in corso | token/s complessivi | rispetto al solo target "
                               "| latenza p50 ms | latenza p95 ms |"),
    "report.stops_paying": ("Speculation stops paying at {levels} requests in flight: its aggregate throughput falls "
                            "below the target alone's.",
                            "La speculazione smette di convenire con {levels} richieste in corso: i token/s "
                            "complessivi scendono sotto quelli del solo target."),
    "bench.all": ("all", "tutti"),
    "bench.target_alone": ("target alone", "solo target"),
    "bench.speedup_axis": ("speed-up × (vs specviz target-only)", "speed-up × (rispetto al solo target di specviz)"),
    "bench.over_k": ("Speed-up over k, per prompt set", "Speed-up in funzione di k, per gruppo di prompt"),
    "bench.ms_per_cycle": ("ms per cycle", "ms per ciclo"),
    "bench.time_per_cycle": ("Time per cycle", "Tempo per ciclo"),
    "bench.col_config": ("configuration", "configurazione"),
    "bench.col_in_flight": ("requests in flight", "richieste in corso"),
    "bench.col_throughput": ("aggregate tok/s", "token/s complessivi"),
    "bench.col_vs_alone": ("vs target alone", "rispetto al solo target"),
    "bench.col_p50": ("latency p50 ms", "latenza p50 ms"),
    "bench.col_p95": ("latency p95 ms", "latenza p95 ms"),
    "policy.title": ("Sampling policy: shape p and q alike", "Politica di campionamento: p e q allo stesso modo"),
    "policy.caption": ("Temperature, top-k and top-p change the distribution a token is drawn from. Speculative "
                       "sampling reproduces whatever p the verifier is given, from any q the draft really samples "
                       "from: so the policy must shape the target's p, which the output will follow, and the "
                       "draft's q, which it proposes from. One verification step over six tokens, computed exactly.",
                       "Temperatura, top-k e top-p cambiano la distribuzione da cui si estrae un token. Il "
                       "campionamento speculativo riproduce la p che il verificatore riceve, qualunque sia la q da "
                       "cui la bozza estrae davvero: quindi la politica deve modellare la p del target, che l'output "
                       "seguirà, e la q della bozza, da cui propone. Un passo di verifica su sei token, calcolato "
                       "esattamente."),
    "policy.logits": ("The two models' logits (editable)", "I logit dei due modelli (modificabili)"),
    "policy.target_logit": ("target", "target"),
    "policy.draft_logit": ("draft", "draft"),
    "policy.raw_p": ("p as the target gives it", "p così come la dà il target"),
    "policy.policy_p": ("p after the policy", "p dopo la politica"),
    "policy.raw_q": ("q as the draft gives it", "q così come la dà la bozza"),
    "policy.policy_q": ("q after the policy", "q dopo la politica"),
    "policy.shaping_title": ("The policy shapes both distributions", "La politica modella entrambe le distribuzioni"),
    "policy.outcome_title": ("What one verification step emits, against the policy's p",
                             "Che cosa emette un passo di verifica, rispetto alla p della politica"),
    "policy.case.both": ("policy on p and q", "politica su p e q"),
    "policy.case.target_only": ("policy on p only", "politica solo su p"),
    "policy.case.draft_only": ("policy on q only", "politica solo su q"),
    "policy.acceptance_help": ("Acceptance: the probability that the draft's token is kept, Σ min(p, q).",
                               "Accettazione: la probabilità che il token della bozza resti, Σ min(p, q)."),
    "policy.distance": ("distance of the output from the policy's p (total variation): {distance}",
                        "distanza dell'output dalla p della politica (variazione totale): {distance}"),
    "policy.explain.both": ("Correct: the output follows the policy's p; acceptance is what the policy leaves.",
                            "Corretto: l'output segue la p della politica; l'accettazione è quella che la politica "
                            "lascia."),
    "policy.explain.target_only": ("Still exact (any q works), but the draft proposes from another distribution: "
                                   "acceptance changes, and with it the speed.",
                                   "Ancora esatto (qualunque q va bene), ma la bozza propone da un'altra "
                                   "distribuzione: cambia l'accettazione, e con lei la velocità."),
    "policy.explain.draft_only": ("Wrong: the verifier checks against the raw p, so the output follows the raw p, "
                                  "not the distribution that was asked for.",
                                  "Sbagliato: il verificatore controlla con la p grezza, quindi l'output segue la p "
                                  "grezza, non la distribuzione richiesta."),
    "toy.monte_carlo": ("Monte Carlo", "Monte Carlo"),
    "toy.col_token": ("token", "token"),
    "toy.col_accepted": ("accepted min(p, q)", "accettato min(p, q)"),
    "toy.col_residual": ("residual max(p − q, 0)", "residuo max(p − q, 0)"),
    "toy.col_correction": ("correction", "correzione"),
    "toy.col_exact": ("exact result", "risultato esatto"),
    "toy.col_naive": ("naive result", "risultato ingenuo"),
    "toy.step_title": ("One verification step", "Un passo di verifica"),
    "toy.rule_exact": ("exact rule", "regola esatta"),
    "toy.rule_naive": ("naive rule", "regola ingenua"),
    "toy.rule_naive_long": ("naive rule (resample from p)", "regola ingenua (ricampiona da p)"),
    "toy.sampled": ("sampled: {rule}", "campionato: {rule}"),
    "toy.outcome_title": ("What comes out", "Che cosa esce"),
    "toy.samples_axis": ("samples N", "campioni N"),
    "toy.tv_axis": ("total variation to p", "variazione totale da p"),
    "toy.distance_title": ("Distance to p as N grows", "Distanza da p al crescere di N"),
    "toy.preset.article": ("Article example", "Esempio dell'articolo"),
    "toy.preset.equal": ("p = q", "p = q"),
    "toy.preset.disjoint": ("Disjoint supports", "Supporti disgiunti"),
    "toy.preset.one_hot": ("Near-one-hot draft", "Draft quasi deterministico"),
    "budget.break_even": ("break-even", "pareggio"),
    "budget.yours": ("your setting", "la tua impostazione"),
    "budget.alpha_axis": ("α (acceptance per position)", "α (accettazione per posizione)"),
    "budget.over_alpha": ("Speed-up over α", "Speed-up in funzione di α"),
    "budget.best_at": ("best k = {best} at α = {alpha:.2f}", "k migliore = {best} con α = {alpha:.2f}"),
    "budget.k_axis": ("k (proposed tokens)", "k (token proposti)"),
    "budget.over_k": ("Speed-up over k", "Speed-up in funzione di k"),
    "budget.measured_run": ("measured in your run", "misurata nella tua esecuzione"),
    "budget.constant_alpha": ("constant α = {alpha:.2f}", "α costante = {alpha:.2f}"),
    "budget.position_axis": ("position in the proposal", "posizione nella proposta"),
    "budget.positions_title": ("Acceptance by position: measured vs assumed",
                               "Accettazione per posizione: misurata e ipotizzata"),
    "budget.cycle_ms": ("cycle ms", "ms per ciclo"),
    "budget.ms_per_token": ("ms per token", "ms per token"),
    "budget.tokens_per_cycle": ("tokens per cycle", "token per ciclo"),
    "budget.speedup": ("speed-up", "speed-up"),
    "budget.best_k": ("best k", "k migliore"),
    "budget.preset.high": ("Article, α = 0.8", "Articolo, α = 0,8"),
    "budget.preset.low": ("Article, α = 0.2", "Articolo, α = 0,2"),
    "budget.preset.last": ("From my last run (Live decoding)", "Dalla mia ultima esecuzione (Decodifica dal vivo)"),
    "budget.last_caption": ("Measured speed-up {actual:.2f}×; the formula with the measured per-position acceptance "
                            "predicts {predicted:.2f}×. Acceptance changes with the position and the prefix: the "
                            "constant-α assumption is a simplification.",
                            "Speed-up misurato {actual:.2f}×; la formula con l'accettazione misurata per posizione "
                            "prevede {predicted:.2f}×. L'accettazione cambia con la posizione e il prefisso: "
                            "un α costante è una semplificazione."),
    "race.speculative": ("speculative", "speculativo"),
    "race.tokens": ("tokens", "token"),
    "race.measured": ("target alone (measured)", "solo target (misurato)"),
    "race.predicted": ("target alone (predicted from one measured step)", "solo target (previsto da un passo misurato)"),
    "preload.line": ("Getting the default pair ready in the background; a Run now waits only for what is left:",
                     "Preparazione della coppia predefinita in corso; un'esecuzione adesso attende solo ciò che manca:"),
    "preload.waiting": ("waiting", "in attesa"),
    "preload.converting": ("converting", "conversione"),
    "preload.loading": ("loading", "caricamento"),
    "preload.ready": ("ready", "pronto"),
    "preload.failed": ("failed (a Run will say why)", "non riuscito (un'esecuzione dirà perché)"),
    "capacity.title": ("Latency is not capacity", "Latenza non è capacità"),
    "capacity.caption": ("Speculation makes one request faster by spending spare compute. With several requests in "
                         "flight the hardware is busy anyway: the total tokens per second can gain less, or lose, "
                         "while each request's latency still shows the gain.",
                         "La speculazione rende più veloce una richiesta usando calcolo inutilizzato. Con più "
                         "richieste in corso l'hardware è già occupato: i token al secondo complessivi possono "
                         "guadagnare meno, o perdere, mentre la latenza di ogni richiesta mostra ancora il guadagno."),
    "capacity.run": ("Measure it on the tiny pair (1, 2 and 4 requests in flight)",
                     "Misuralo sulla coppia minuscola (1, 2 e 4 richieste in corso)"),
    "capacity.progress": ("{done} of {total} measurements · about {left:.0f} s left",
                          "{done} di {total} misure · circa {left:.0f} s rimanenti"),
    "capacity.throughput": ("aggregate tokens/s", "token/s complessivi"),
    "capacity.latency": ("p50 latency per request (ms)", "latenza p50 per richiesta (ms)"),
    "capacity.in_flight": ("requests in flight", "richieste in corso"),
    "toy.progress": ("{done} of {total} samples per rule · about {left:.0f} s left",
                     "{done} di {total} campioni per regola · circa {left:.0f} s rimanenti"),
    "toy.stopped": ("Sampling was stopped after {done} of {total} samples: the figures below cover those.",
                    "Il campionamento è stato interrotto dopo {done} di {total} campioni: i grafici qui sotto riguardano quelli."),
    "toy.tv_after_exact": ("exact rule: TV to p after {n} samples", "regola esatta: TV da p dopo {n} campioni"),
    "toy.tv_after_naive": ("naive rule: TV to p after {n} samples", "regola ingenua: TV da p dopo {n} campioni"),
    "bench.progress": ("{done} of {total} timed runs · about {left:.0f} s left",
                       "{done} di {total} esecuzioni cronometrate · circa {left:.0f} s rimanenti"),
    "bench.stopped": ("The benchmark was stopped after {done} of {total} prompts: the figures below cover those.",
                      "Il benchmark è stato interrotto dopo {done} di {total} prompt: i grafici qui sotto riguardano quelli."),
    'toy.shrinks': ("The exact rule's distance shrinks like 1/√N as N grows; the naive rule's stays near its bias.", 'La distanza della regola esatta cala come 1/√N al crescere di N; quella ingenua resta vicina al suo errore sistematico.'),
    'budget.caption': ("A cycle drafts k tokens, verifies them in one target pass and pays some overhead. Assuming each position is accepted with the same, independent probability α, a cycle emits 1 + α + … + α^k tokens on average. The presets are the article's hypothetical costs, not hardware measurements.", "Un ciclo propone k token, li verifica in un passaggio del target e paga un costo di gestione. Supponendo che ogni posizione sia accettata con la stessa probabilità indipendente α, un ciclo emette in media 1 + α + … + α^k token. Le preimpostazioni sono i costi ipotetici dell'articolo, non misure."),
    'budget.k': ('k (proposed tokens)', 'k (token proposti)'),
    'budget.alpha': ('α (acceptance per position)', 'α (accettazione per posizione)'),
    'budget.draft': ('draft ms per token', 'ms del draft per token'),
    'budget.verify': ('verify ms per block', 'ms di verifica per blocco'),
    'budget.overhead': ('overhead ms per cycle', 'ms di gestione per ciclo'),
    'budget.baseline': ('target-alone ms per token', 'ms per token del solo target'),
    'budget.slower': ('At these costs speculation is slower than the target alone: the same exact algorithm can speed up or slow down.', 'Con questi costi la speculazione è più lenta del solo target: lo stesso algoritmo esatto può accelerare o rallentare.'),
    'budget.last': ('Your last run', 'La tua ultima esecuzione'),
    'budget.none': ('Run Live decoding with the target-alone baseline to load your measured costs here.', 'Esegui la decodifica dal vivo con il riferimento del solo target per caricare qui i costi misurati.'),
    "exactness.variant.exact": ("exact rule", "regola esatta"),
    "exactness.variant.naive": ("broken: naive correction (resample from p)", "sbagliata: correzione ingenua (ricampiona da p)"),
    "exactness.variant.greedy_q": ("broken: draft proposes greedily but reports its sampling q",
                                   "sbagliata: la bozza propone in modo greedy ma dichiara la sua q di campionamento"),
    "exactness.progress": ("{done} of {total} seeded pairs (speculative and target alone) · about {left:.0f} s left",
                           "{done} di {total} coppie con seme (speculativo e solo target) · circa {left:.0f} s rimanenti"),
    "exactness.stopped": ("The experiment was stopped after {done} of {total} seeded pairs: the results below cover those.",
                          "L'esperimento è stato interrotto dopo {done} di {total} coppie con seme: i risultati qui sotto riguardano quelle."),
    'exactness.tiny': ('Use the tiny random pair (fast)', 'Usa la coppia minuscola casuale (veloce)'),
    'exactness.runs': ('Seeded runs', 'Esecuzioni con seme'),
    'exactness.rule': ('Rule', 'Regola'),
    'exactness.two': ('Also test the first two tokens jointly', 'Verifica anche i primi due token insieme'),
    'exactness.run': ('Run the experiment', "Esegui l'esperimento"),
    'exactness.cannot': ('Cannot run the experiment', "Impossibile eseguire l'esperimento"),
    'exactness.result': ('Result', 'Risultato'),
    'exactness.fits': ('fits the target', 'è compatibile con il target'),
    'exactness.misfits': ('does NOT fit the target', 'NON è compatibile con il target'),
    'exactness.greedy': ('Greedy: token for token', 'Greedy: token per token'),
    'exactness.compare': ('Compare greedy speculative with the target alone', 'Confronta lo speculativo greedy con il solo target'),
    'exactness.identical': ('Identical, token for token', 'Identici, token per token'),
    'exactness.differ': ('They differ first at token', 'Differiscono per la prima volta al token'),
    'replay.too_big': ('That file is too large for a trace', 'Il file è troppo grande per una traccia'),
    'replay.prompt': ('Prompt', 'Prompt'),
}


def text(key: str, lang: str = "en") -> str:
    english, italian = STRINGS[key]
    return italian if lang == "it" else english


# The glossary's terms as a reader of each language names them.
TERMS = {"draft": ("draft", "draft"), "target": ("target", "target"), "proposal": ("proposal", "proposta"),
         "accepted prefix": ("accepted prefix", "prefisso accettato"), "residual": ("residual", "residuo"),
         "correction": ("correction", "correzione"), "bonus": ("bonus", "bonus")}


def term(name: str, lang: str = "en") -> str:
    english, italian = TERMS[name]
    return italian if lang == "it" else english


def glossary(term: str, lang: str = "en") -> str:
    english, italian = GLOSSARY[term]
    return italian if lang == "it" else english


_MARKDOWN_SPECIALS = set("\\`*_{}[]()<>#+-.!|~$:=")


def literal(value: object, limit: int = 300) -> str:
    """`value` as text that Streamlit's Markdown shows exactly as written.

    Model names, error messages and trace fields can hold anything a user or a
    file put there: every Markdown, HTML and LaTeX character is escaped, control
    characters are shown as \\xNN, and the length is bounded.
    """
    text = str(value)
    shown = text[:limit] + ("…" if len(text) > limit else "")
    return "".join(f"\\{ch}" if ch in _MARKDOWN_SPECIALS else ch if ch.isprintable() else f"\\\\x{ord(ch):02x}"
                   for ch in shown)
