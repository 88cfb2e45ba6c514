"""What the app's frame and the Live, Replay and Home pages say, in English and Italian."""

APP: dict[str, tuple[str, str]] = {
    "language": ("Language", "Lingua"),
    "nav.lesson": ("Lesson", "Lezione"),
    "nav.home": ("Overview and glossary", "Panoramica e glossario"),
    "nav.tokenizers": ("Tokenizers", "Tokenizer"),
    "nav.checklist": ("Checklist", "Checklist"),
    "nav.live": ("Live decoding", "Decodifica dal vivo"),
    "nav.exactness": ("Exactness lab", "Laboratorio di esattezza"),
    "nav.replay": ("Replay", "Riproduci"),
    "nav.toy": ("Toy distributions", "Distribuzioni giocattolo"),
    "nav.budget": ("Time budget", "Budget di tempo"),
    "nav.policy": ("Sampling policy", "Politica di campionamento"),
    "nav.bench": ("Benchmark", "Benchmark"),
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
        "- **Lesson**: the ideas in order, each with a view to open, a question and an exercise.\n"
        "- **Live decoding**: real models, every cycle coloured and inspectable, a measured time budget.\n"
        "- **Exactness lab**: many seeded runs tested against the target's exact distribution.\n"
        "- **Replay**: study a recorded run without loading a model.\n"
        "- **Toy distributions**: one verification step, exactly, on p and q you choose.\n"
        "- **Time budget**: when does speculation pay, for which *k* and acceptance rate?\n"
        "- **Sampling policy**: temperature, top-k and top-p shape p and q alike; see what breaks when they do not.\n"
        "- **Tokenizers**: why two vocabularies cannot be compared id by id.\n"
        "- **Benchmark** and **Checklist**: measured speed, cost and capacity, and the practical questions they answer.",
        "- **Lezione**: le idee in ordine, ciascuna con una vista da aprire, una domanda e un esercizio.\n"
        "- **Decodifica dal vivo**: modelli reali, ogni ciclo colorato e ispezionabile, budget di tempo misurato.\n"
        "- **Laboratorio di esattezza**: molte esecuzioni con seme, confrontate con la distribuzione esatta "
        "del target.\n"
        "- **Riproduci**: studia un'esecuzione registrata senza caricare modelli.\n"
        "- **Distribuzioni giocattolo**: un passo di verifica, esatto, su p e q scelte da te.\n"
        "- **Budget di tempo**: quando conviene la speculazione, con quale *k* e tasso di accettazione?\n"
        "- **Politica di campionamento**: temperatura, top-k e top-p modellano allo stesso modo p e q; guarda "
        "che cosa si rompe quando non succede.\n"
        "- **Tokenizer**: perché due vocabolari non si possono confrontare id per id.\n"
        "- **Benchmark** e **Checklist**: velocità, costo e capacità misurati, e le domande pratiche a cui rispondono."),
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
    "live.parts": ("Speed-up over each quarter of the text, measured side by side (the two runs' cycles "
                   "interleaved): {parts}",
                   "Speed-up su ogni quarto del testo, misurato fianco a fianco (i cicli delle due esecuzioni "
                   "alternati): {parts}"),
    "live.busy": (
        "Other programs kept {cores:.1f} of this machine's {total} processor cores busy during the comparison: the "
        "speed-up above is this pair's on a busy machine, which a load changes unequally for the two runs, not "
        "a figure to quote. Run again when the machine is quieter, or compare with "
        "`specviz bench`.",
        "Altri programmi hanno tenuto occupati {cores:.1f} dei {total} core di questa macchina durante il confronto: "
        "lo speed-up qui sopra è quello di questa coppia su una macchina carica, dove il carico pesa in modo diverso "
        "sulle due esecuzioni, non un valore da citare. Riprova quando la "
        "macchina è più libera, o confronta con `specviz bench`."),
    "live.unsteady": (
        "The machine's load changed during the comparison: the quarters of the text gave from {low:.2f}× to "
        "{high:.2f}×, so the speed-up above is not a steady figure for this pair. Run again when the machine is "
        "quieter, or compare with `specviz bench`.",
        "Il carico della macchina è cambiato durante il confronto: i quarti del testo danno da {low:.2f}× a "
        "{high:.2f}×, quindi lo speed-up qui sopra non è un valore stabile per questa coppia. Riprova quando la "
        "macchina è più libera, o confronta con `specviz bench`."),
    "live.step_explain": (
        "Step mode: each click runs one cycle (the draft proposes, the target checks in one pass, a prefix is "
        "kept) and the cycle view below shows the cycle just made, from its first frame. Cycles so far: {made}.",
        "Passo a passo: ogni clic esegue un ciclo (il draft propone, il target controlla in un solo passaggio, "
        "si tiene un prefisso) e la vista del ciclo qui sotto mostra il ciclo appena fatto, dal primo fotogramma. "
        "Cicli finora: {made}."),
    "live.finished": ("Finished: the run is shown below.", "Finito: l'esecuzione è mostrata qui sotto."),
    "live.speculative": ("Speculative decoding", "Speculative decoding"),
    "live.alone": ("Target alone", "Solo target"),
    "live.last": ("Last run", "Ultima esecuzione"),
    "live.cannot": ("Cannot run", "Impossibile eseguire"),
    "live.turn": ("Queue (run {run}): place {place} on arrival (0 = at once), waited {waited:.1f} s for a turn · generation {generation:.1f} s",
                  "Coda (esecuzione {run}): posto {place} all'arrivo (0 = subito), attesa del turno {waited:.1f} s · generazione {generation:.1f} s"),
    "live.partial.one": ("The run stopped early; the one token generated so far is kept below.",
                         "L'esecuzione si è fermata prima; l'unico token generato finora è conservato qui sotto."),
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
    "live.measured_help": ("Decode time per token, target alone ÷ speculative, both measured just now, side by "
                           "side (their cycles interleaved); the first cycle, which also reads the prompt, is left "
                           "out of both.",
                           "Tempo di decodifica per token, solo target ÷ speculativo, entrambi appena misurati, "
                           "fianco a fianco (i loro cicli alternati); il primo ciclo, che legge anche il prompt, è "
                           "escluso da entrambi."),
    "live.formula_help": ("The time-budget formula fed with the measured costs and the acceptance measured at each position.",
                          "La formula del budget di tempo con i costi misurati e l'accettazione misurata a ogni posizione."),
    "live.cost_ratio": ("c = draft ÷ target, per token", "c = bozza ÷ target, per token"),
    "live.cost_ratio_help": ("How much a draft token costs, as a share of a token of the target alone: the c of the "
                             "budget formula. Speculation pays more the smaller it is (the literature aims at 0.1 or "
                             "less).",
                             "Quanto costa un token della bozza, come frazione di un token del solo target: la c "
                             "della formula del budget. La speculazione conviene tanto più quanto è piccola (la "
                             "letteratura punta a 0,1 o meno)."),
    "live.draft_cost": ("draft: ms per proposed token", "bozza: ms per token proposto"),
    "live.target_cost": ("target alone: ms per token", "solo target: ms per token"),
    "live.verify_block": ("verify ms per block", "ms di verifica per blocco"),
    "live.identical": ("The speculative text is token for token the target-alone text.",
                       "Il testo speculativo coincide token per token con quello del solo target."),
    "live.seed_help": ("Fixes the run's draws. With coupled draws it fixes the text itself: the text the target "
                       "alone writes with this seed, whatever drafts. With the other rules it fixes the text only "
                       "while every cycle's k repeats, which the budget schedule (k from measured times) does not "
                       "promise; what they promise is the target's distribution.",
                       "Fissa le estrazioni dell'esecuzione. Con le estrazioni accoppiate fissa il testo stesso: il "
                       "testo che il target scrive da solo con questo seme, chiunque proponga. Con le altre regole "
                       "fissa il testo solo finché il k di ogni ciclo si ripete, cosa che lo schedule budget (k dai "
                       "tempi misurati) non promette; ciò che promettono è la distribuzione del target."),
    "promise.same_text": ("Same seed, same text: with coupled draws, seed {seed} gives the very text the target "
                          "alone writes with it, whatever drafts, whatever k and schedule, run after run.",
                          "Stesso seme, stesso testo: con le estrazioni accoppiate il seme {seed} dà proprio il "
                          "testo che il target scrive da solo con quel seme, chiunque proponga, con qualunque k e "
                          "schedule, a ogni esecuzione."),
    "promise.clock": ("Same distribution, not the same text ({rule}): the text follows the target's distribution, "
                      "but the budget schedule picks each k from measured times, so seed {seed} can give another "
                      "text from one run to the next. Coupled draws fix the text.",
                      "Stessa distribuzione, non lo stesso testo ({rule}): il testo segue la distribuzione del "
                      "target, ma lo schedule budget sceglie ogni k dai tempi misurati, quindi il seme {seed} può "
                      "dare un altro testo da un'esecuzione all'altra. Le estrazioni accoppiate fissano il testo."),
    "promise.k": ("Same distribution, not the same text ({rule}): seed {seed} repeats this text while nothing "
                  "changes, but another k or drafter gives another text, and not the target alone's. Coupled draws "
                  "give the target alone's text whatever k.",
                  "Stessa distribuzione, non lo stesso testo ({rule}): il seme {seed} ripete questo testo finché "
                  "nulla cambia, ma un altro k o un altro draft danno un altro testo, e non quello del solo target. "
                  "Le estrazioni accoppiate danno il testo del solo target con qualunque k."),
    "promise.greedy": ("Greedy decoding: there is no draw, so every run writes the target's most likely text, "
                       "whatever the seed.",
                       "Decodifica greedy: non c'è estrazione, quindi ogni esecuzione scrive il testo più probabile "
                       "del target, con qualunque seme."),
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
    "preset": ("Preset", "Preimpostazione"),
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
    "pick.cannot_pair": ("cannot pair with {other} (another tokenizer; the tli drafter can)",
                         "non fa coppia con {other} (altro tokenizer; il drafter tli sì)"),
    "view.numbers": ("The cycle in numbers", "Il ciclo in numeri"),
    "view.presentation": ("Presentation mode", "Modalità presentazione"),
    "view.presentation_help": ("For a projector: larger text, stronger colours, discarded tokens left out of the text.",
                               "Per il proiettore: testo più grande, colori più forti, token scartati tolti dal testo."),
    "preload.line": ("Getting the default pair ready in the background; a Run now waits only for what is left:",
                     "Preparazione della coppia predefinita in corso; un'esecuzione adesso attende solo ciò che manca:"),
    "preload.waiting": ("waiting", "in attesa"),
    "preload.converting": ("converting", "conversione"),
    "preload.loading": ("loading", "caricamento"),
    "preload.ready": ("ready", "pronto"),
    "preload.failed": ("failed (a Run will say why)", "non riuscito (un'esecuzione dirà perché)"),
    "preload.memory": ("waiting for memory until {others} ends", "in attesa di memoria finché non termina {others}"),
    "memory.converting": ("converting {model}", "la conversione di {model}"),
    "load.preparing": ("preparing {model} (first use: about a minute on a CPU) …",
                       "preparazione di {model} (primo uso: circa un minuto su una CPU) …"),
    "load.loading": ("loading {model} …", "caricamento di {model} …"),
    "load.waiting": ("{model}: waiting for memory until {others} ends …",
                     "{model}: in attesa di memoria finché non termina {others} …"),
    "memory.loading": ("loading {model}", "il caricamento di {model}"),
    "memory.refused": ("not enough memory for {what}: it needs about {need:.1f} GB at its peak and {free:.1f} GB of "
                       "{limit:.1f} GB are free here; pick a smaller model, or ask the host for the laptop mode",
                       "memoria insufficiente per {what}: al suo picco servono circa {need:.1f} GB e qui ne sono "
                       "liberi {free:.1f} su {limit:.1f}; scegli un modello più piccolo, o chiedi a chi ospita l'app la modalità "
                       "portatile"),
    "memory.mode.two-layouts": ("float32 with two weight layouts, one for verify passes",
                                "float32 con due layout dei pesi, uno per le verifiche"),
    "memory.mode.one-layout": ("float32 with one weight layout", "float32 con un solo layout dei pesi"),
    "memory.mode.laptop": ("laptop mode, int8 weights", "modalità portatile, pesi int8"),
    "memory.line": ("Memory: {mode}, the fastest configuration that fits; the pair needs about {need:.1f} GB at its "
                    "peak and {usable:.1f} GB are usable here ({source}).",
                    "Memoria: {mode}, la configurazione più veloce che ci sta; al suo picco la coppia richiede "
                    "circa {need:.1f} GB e qui se ne possono usare {usable:.1f} ({source})."),
    "memory.line_forced": ("Memory: {mode}, chosen by the host; the pair needs about {need:.1f} GB at its peak and "
                           "{usable:.1f} GB are usable here ({source}).",
                           "Memoria: {mode}, scelta da chi ospita l'app; al suo picco la coppia richiede circa "
                           "{need:.1f} GB e qui se ne possono usare {usable:.1f} ({source})."),
    "memory.source.physical memory": ("this machine's memory", "la memoria di questa macchina"),
    "memory.source.cgroup v1": ("this container's limit", "il limite di questo container"),
    "memory.source.cgroup v2": ("this container's limit", "il limite di questo container"),
    'replay.too_big': ('That file is too large for a trace', 'Il file è troppo grande per una traccia'),
    'replay.prompt': ('Prompt', 'Prompt'),
    "numbers.refused": ("“{typed}” is not a number from {low} to {high}; the value stays {kept}.",
                        "«{typed}» non è un numero da {low} a {high}; il valore resta {kept}."),
    "view.poor_fit": ("Only {rate:.0f}% of the draft's proposals were accepted: on this prompt, at this temperature, "
                      "the draft rarely guesses what the target writes, so speculation gains little. Text like what "
                      "the draft knows best fits better (for the default pair, two code models: code), and so does "
                      "prompt lookup when the answer repeats the prompt.",
                      "Solo il {rate:.0f}% delle proposte della bozza è stato accettato: con questo prompt, a questa "
                      "temperatura, la bozza indovina di rado ciò che il target scrive, quindi la speculazione "
                      "guadagna poco. Si adatta meglio un testo come quelli che la bozza conosce meglio (per la coppia "
                      "predefinita, due modelli per il codice: codice), e così la ricerca nel prompt quando la "
                      "risposta ripete il prompt."),
    "view.discarded": ("Show the discarded proposals", "Mostra le proposte scartate"),
    "view.discarded_help": ("Struck-through grey text: what the draft proposed after a rejection and the target "
                            "threw away. Hide it to read the text as written.",
                            "Testo grigio barrato: ciò che la bozza ha proposto dopo un rifiuto e il target ha "
                            "scartato. Nascondilo per leggere il testo così com'è stato scritto."),
    "queue.owner_busy": ("This browser already has {most} generations running or waiting (in this tab or others): "
                         "let one finish, or stop it, then run again.",
                         "Questo browser ha già {most} generazioni in corso o in attesa (in questa scheda o in altre): "
                         "lasciane finire una, o fermala, poi riprova."),
    "queue.timeout": ("The server is busy: still waiting in line after {seconds} s. Try again in a minute.",
                      "Il server è occupato: ancora in coda dopo {seconds} s. Riprova tra un minuto."),
}
