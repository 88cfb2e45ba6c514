"""What the Toy, Time budget, Exactness lab and Sampling policy pages say, in English and Italian."""

PAGES: dict[str, tuple[str, str]] = {
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
    "toy.same_names": ("Two tokens have the same name: give each token a name of its own.",
                       "Due token hanno lo stesso nome: dai a ogni token un nome diverso."),
    "budget.no_time": ("A cycle must take some time: the draft, verify and overhead times cannot all be 0.",
                       "Un ciclo deve durare qualcosa: i tempi di bozza, verifica e gestione non possono essere tutti "
                       "0."),
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
    "toy.progress": ("{done} of {total} samples per rule · about {left:.0f} s left",
                     "{done} di {total} campioni per regola · circa {left:.0f} s rimanenti"),
    "toy.stopped": ("Sampling was stopped after {done} of {total} samples: the figures below cover those.",
                    "Il campionamento è stato interrotto dopo {done} di {total} campioni: i grafici qui sotto riguardano quelli."),
    "toy.tv_after_exact": ("exact rule: TV to p after {n} samples", "regola esatta: TV da p dopo {n} campioni"),
    "toy.tv_after_naive": ("naive rule: TV to p after {n} samples", "regola ingenua: TV da p dopo {n} campioni"),
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
    "exactness.variant.block": ("exact: block verification (Sun et al. 2025)", "esatta: verifica a blocchi (Sun et al. 2025)"),
    "exactness.variant.match": ("exact: sample and match (the target's own draw)", "esatta: estrai e confronta (l'estrazione del target)"),
    "exactness.variant.raw_q": ("broken: q from unfiltered logits, token drawn after top-k",
                                "sbagliata: q dai logit non filtrati, token estratto dopo il top-k"),
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

    "tokenizers.title": ("Tokenizers: the same sentence, three vocabularies", "Tokenizer: la stessa frase, tre vocabolari"),
    "tokenizers.caption": ("The acceptance rule compares p(x) and q(x) for the same token x. Here one sentence is cut by "
                           "the tokenizers of three model families: the pieces differ, and the same id names a different "
                           "string in each vocabulary, so the ids of two vocabularies cannot be compared.",
                           "La regola di accettazione confronta p(x) e q(x) per lo stesso token x. Qui una frase viene "
                           "tagliata dai tokenizer di tre famiglie di modelli: i pezzi sono diversi, e lo stesso id indica "
                           "una stringa diversa in ogni vocabolario, quindi gli id di due vocabolari non si possono "
                           "confrontare."),
    "tokenizers.sentence": ("Speculative decoding keeps the distribution of the large model.",
                            "La decodifica speculativa conserva la distribuzione del modello grande."),
    "tokenizers.input": ("Sentence", "Frase"),
    "tokenizers.count.one": ("{count} token · vocabulary of {size} entries", "{count} token · vocabolario di {size} voci"),
    "tokenizers.count": ("{count} tokens · vocabulary of {size} entries", "{count} token · vocabolario di {size} voci"),
    "tokenizers.recorded": ("Saved example: the tokenizers are not needed for it.",
                            "Esempio salvato: non servono i tokenizer."),
    "tokenizers.loading": ("Reading the tokenizers (the first time takes up to a minute)…",
                           "Lettura dei tokenizer (la prima volta richiede fino a un minuto)…"),
    "tokenizers.missing": ("{model}: this tokenizer is not installed on this server, so only the saved examples "
                           "show it (`{hint}` installs it)",
                           "{model}: questo tokenizer non è installato su questo server, quindi solo gli esempi salvati "
                           "lo mostrano (`{hint}` lo installa)"),
    "tokenizers.not_offered": ("{model}: not offered on this server, so only the saved examples show it",
                               "{model}: non offerto da questo server, quindi solo gli esempi salvati lo mostrano"),
    "tokenizers.same_id": ("The same id in the three vocabularies", "Lo stesso id nei tre vocabolari"),
    "tokenizers.same_id_caption": ("Each id that one of the tokenizers produced, looked up in every vocabulary: "
                                   "“—” means the vocabulary has no such id.",
                                   "Ogni id prodotto da uno dei tokenizer, cercato in ogni vocabolario: “—” significa "
                                   "che il vocabolario non ha quell'id."),
    "tokenizers.col_id": ("id", "id"),
    "tokenizers.col_from": ("produced by", "prodotto da"),

    "checklist.title": ("Checklist: five questions, answered with measurements", "Checklist: cinque domande, con le risposte misurate"),
    "checklist.caption": ("The practical questions to ask of any speculative system, each answered here with a figure "
                          "this app measured, and a link to where you can see it again.",
                          "Le domande pratiche da porre a ogni sistema speculativo, ciascuna con una cifra misurata da "
                          "questa app e un collegamento al punto in cui rivederla."),
    "checklist.where": ("See where it was measured", "Guarda dove è stato misurato"),
    "checklist.source": ("Figures read from `{source}`.", "Cifre lette da `{source}`."),
    "checklist.algorithm.question": ("Which verification algorithm is implemented, and what does it guarantee?",
                                     "Quale algoritmo di verifica è implementato, e che cosa garantisce?"),
    "checklist.algorithm.answer": (
        "The token-level rule of Leviathan, Kalman and Matias (Algorithm 1): accept with min(1, p/q), correct from the "
        "normalised residual, a bonus token when every proposal passes. It guarantees the target's distribution, not "
        "the same text for the same seed. Measured: in {reports} committed benchmark reports the greedy text equalled "
        "the target alone's in {matched} of {rows} speculative configurations; the Exactness lab tests the sampled "
        "case by statistics.",
        "La regola token per token di Leviathan, Kalman e Matias (algoritmo 1): accetta con min(1, p/q), correggi dal "
        "residuo normalizzato, un token bonus quando tutte le proposte passano. Garantisce la distribuzione del target, "
        "non lo stesso testo con lo stesso seme. Misurato: in {reports} rapporti di benchmark salvati il testo greedy "
        "è uguale a quello del solo target in {matched} configurazioni con speculazione su {rows}; il laboratorio di "
        "esattezza verifica il caso campionato con la statistica."),
    "checklist.compatibility.question": ("Are tokenizers, prefixes, constraints and distributions compatible?",
                                         "Tokenizer, prefissi, vincoli e distribuzioni sono compatibili?"),
    "checklist.compatibility.answer": (
        "The default pair shares one tokenizer (Qwen2.5, {qwen_vocab} ids), and the sampling policy is applied to p "
        "and q alike. Other pairs are refused: the same Italian sentence takes {qwen} tokens with Qwen, {smol} with "
        "SmolLM2 ({smol_vocab} ids) and {gemma} with Gemma 3 ({gemma_vocab} ids), and one id means a different string "
        "in each.",
        "La coppia predefinita condivide un tokenizer (Qwen2.5, {qwen_vocab} id), e la politica di campionamento si "
        "applica allo stesso modo a p e a q. Le altre coppie vengono rifiutate: la stessa frase italiana richiede "
        "{qwen} token con Qwen, {smol} con SmolLM2 ({smol_vocab} id) e {gemma} con Gemma 3 ({gemma_vocab} id), e uno "
        "stesso id indica una stringa diversa in ciascuno."),
    "checklist.cost.question": ("How much does proposing and verifying each block really cost?",
                                "Quanto costa davvero proporre e verificare ciascun blocco?"),
    "checklist.cost.answer": (
        "On this project's 2-core CPU: one draft step {draft_ms} ms, one target pass over a block of five positions "
        "{verify_ms} ms, one single step of the target {step_ms} ms. Verifying five positions costs {verify_ratio} "
        "times one step, and a draft step costs c = {c} of a target step.",
        "Sulla CPU a 2 core di questo progetto: un passo del draft {draft_ms} ms, un passaggio del target su un blocco "
        "di cinque posizioni {verify_ms} ms, un passo singolo del target {step_ms} ms. Verificare cinque posizioni "
        "costa {verify_ratio} volte un passo, e un passo del draft costa c = {c} di un passo del target."),
    "checklist.load.question": ("Does the gain hold with concurrency and real answer lengths?",
                                "Il guadagno resta con la concorrenza e le lunghezze reali delle risposte?"),
    "checklist.load.answer": (
        "It depends on the text: {code}× on code, {mixed}× on mixed prompts, {italian}× on Italian prose (same pair, "
        "same run). With requests in flight the aggregate gain over the target alone went from {one}× with one "
        "request to {many}× with {in_flight} (laptop mode).",
        "Dipende dal testo: {code}× sul codice, {mixed}× sui prompt misti, {italian}× sulla prosa italiana (stessa "
        "coppia, stessa esecuzione). Con più richieste in corso il guadagno complessivo sul solo target è passato da "
        "{one}× con una richiesta a {many}× con {in_flight} (modalità portatile)."),
    "checklist.memory.question": ("Have time saved, extra memory and cost been told apart?",
                                  "Ho distinto tempo risparmiato, memoria aggiuntiva e costo economico?"),
    "checklist.memory.answer": (
        "As the app holds the pair on a CPU (the target in float32 with two weight layouts, the draft in int8), the draft "
        "adds {draft_gb} GB to the target's {target_gb} GB ({extra} times more memory) for a {speedup}× speed-up over "
        "all prompts. In laptop mode the whole process peaked at {laptop_gib} GB, for {laptop_speedup}×. "
        "Money depends on your hardware: the speed-up is paid for in memory and in a second model to serve.",
        "Come l'app tiene la coppia su una CPU (il target in float32 con due layout dei pesi, il draft in int8), il "
        "draft aggiunge {draft_gb} GB ai {target_gb} GB del target ({extra} volte la memoria in più) per "
        "un'accelerazione di {speedup}× su tutti i prompt. In modalità portatile l'intero processo ha raggiunto al "
        "massimo {laptop_gib} GB, per {laptop_speedup}×. Il costo economico dipende dal proprio hardware: l'accelerazione si "
        "paga in memoria e in un secondo modello da servire."),

    "exactness.plain": (
        "**What the test does.** It runs the same prompt many times with different seeds, once with speculation and "
        "once with the target alone, and counts which first token (or first two) each run wrote. It also computes the "
        "target's exact probabilities from its logits. If speculation is exact, its counts differ from those "
        "probabilities only by chance.\n\n"
        "**The p-value** is the chance of a difference at least this large if the rule were exact: below α = 0.001 "
        "the test says the distribution is wrong. Above it, the test found no difference with this many runs (which "
        "is evidence, not proof).\n\n"
        "**The distance** (total variation) is half the sum of the gaps between the observed frequencies and p: 0 "
        "means identical, 1 means nothing in common. Even an exact rule shows a small distance, which shrinks as the "
        "runs grow; a broken rule keeps a distance that more runs do not remove.",
        "**Che cosa fa il test.** Esegue lo stesso prompt molte volte con semi diversi, una volta con la speculazione e "
        "una con il solo target, e conta quale primo token (o primi due) ha scritto ogni esecuzione. Calcola anche le "
        "probabilità esatte del target dai suoi logit. Se la speculazione è esatta, i suoi conteggi differiscono da "
        "quelle probabilità solo per caso.\n\n"
        "**Il p-value** è la probabilità di una differenza almeno così grande se la regola fosse esatta: sotto "
        "α = 0,001 il test dice che la distribuzione è sbagliata. Sopra, il test non ha trovato differenze con queste "
        "esecuzioni (è un indizio, non una prova).\n\n"
        "**La distanza** (variazione totale) è metà della somma degli scarti fra le frequenze osservate e p: 0 "
        "significa identiche, 1 nulla in comune. Anche una regola esatta mostra una piccola distanza, che cala al "
        "crescere delle esecuzioni; una regola sbagliata mantiene una distanza che più esecuzioni non eliminano."),
    "exactness.plain_title": ("What this test checks, in plain words", "Che cosa verifica questo test, in parole semplici"),

    "exactness.pair_time": ("Measured on a 2-core CPU: the tiny pair runs 500 seeded pairs in about 8 s; the real pair "
                            "takes about 1.8 s per seeded pair (1.3 s in laptop mode), so 100 runs take about 3 "
                            "minutes. The bar shows the time left, and stopping keeps what is done.",
                            "Misurato su una CPU a 2 core: la coppia minuscola esegue 500 coppie con seme in circa 8 s; "
                            "la coppia reale richiede circa 1,8 s per coppia con seme (1,3 s in modalità portatile), "
                            "quindi 100 esecuzioni richiedono circa 3 minuti. La barra mostra il tempo rimanente, e "
                            "fermarsi conserva ciò che è fatto."),

    "toy.verifiers": ("Every exact verifier on the same p and q", "Ogni verificatore esatto sulle stesse p e q"),
    "toy.verifiers_caption": (
        "A cycle of N proposals, each position with this p and q. The metrics give the expected accepted proposals per "
        "cycle; the table, for each position i, the chance of keeping at least i proposals: α^i for the token rule, "
        "the block rule's expected weight E[p_i], β^i = (Σ p·q)^i when a proposal must match the target's own draw, and "
        "c^i for coupled draws, c = Σ_x 1 / Σ_j max(p_j/p_x, q_j/q_x): drawing with the same noise, draft and target "
        "agree more often than Σ p·q.",
        "Un ciclo di N proposte, ogni posizione con queste p e q. Le metriche danno le proposte accettate attese per "
        "ciclo; la tabella, per ogni posizione i, la probabilità di conservarne almeno i: α^i per la regola token per "
        "token, il peso atteso E[p_i] della regola a blocchi, β^i = (Σ p·q)^i quando una proposta deve coincidere con "
        "l'estrazione del target, e c^i per le estrazioni accoppiate, c = Σ_x 1 / Σ_j max(p_j/p_x, q_j/q_x): estraendo "
        "con lo stesso rumore, draft e target coincidono più spesso di Σ p·q."),
    "toy.positions": ("Proposals per cycle (N)", "Proposte per ciclo (N)"),
    "toy.col_position": ("at least i kept", "almeno i conservate"),
}
