"""The Lesson's later steps, from tokenizers to the checklist: explanation, question, exercise and solution, in
English and Italian."""

LESSON_PRACTICE = {
    "lesson.tokenizers.title": ("Different tokenizers", "Tokenizer diversi"),
    "lesson.tokenizers.body": (
        "The rule compares p(x) and q(x) for the same token x after the same prefix. Two models with different "
        "tokenizers cut the same sentence into different pieces, and the same id names different strings in each "
        "vocabulary, so their ids cannot be compared. Such pairs need dedicated algorithms. specviz offers one, "
        "token-level intersection (tli): q is kept only on the tokens both vocabularies write with the same bytes, "
        "renumbered with the target's ids and renormalised, so the rule stays exact.",
        "La regola confronta p(x) e q(x) per lo stesso token x dopo lo stesso prefisso. Due modelli con tokenizer "
        "diversi tagliano la stessa frase in pezzi diversi, e lo stesso id indica stringhe diverse in ciascun "
        "vocabolario, quindi i loro id non si possono confrontare. Coppie così richiedono algoritmi dedicati. specviz "
        "ne offre uno, l'intersezione dei vocabolari (tli): q resta solo sui token che i due vocabolari scrivono con "
        "gli stessi byte, rinumerati con gli id del target e rinormalizzati, così la regola resta esatta."),
    "lesson.tokenizers.also": ("Show me a draft with another vocabulary", "Mostrami una bozza con un altro vocabolario"),
    "lesson.tokenizers.question": (
        "Qwen gives a word the id 1234. Why can't we read q(1234) from SmolLM2's distribution?",
        "Qwen dà a una parola l'id 1234. Perché non possiamo leggere q(1234) dalla distribuzione di SmolLM2?"),
    "lesson.tokenizers.exercise": (
        "In the table under the tokens, pick an id of Qwen's and read what the same id means for SmolLM2 and for Gemma. "
        "Then write a sentence in Italian and one in English: which tokenizer needs the fewest tokens for each?",
        "Nella tabella sotto i token, scegli un id di Qwen e leggi che cosa indica lo stesso id per SmolLM2 e per "
        "Gemma. Poi scrivi una frase in italiano e una in inglese: quale tokenizer usa meno token per ciascuna?"),
    "lesson.tokenizers.solution": (
        "The same id is a different string, or no token at all: the vocabularies have 151 936 (Qwen), 49 152 "
        "(SmolLM2) and 262 144 (Gemma) entries. The counts are on the page; a vocabulary trained on more text of a "
        "language usually cuts it into fewer, longer pieces.",
        "Lo stesso id è una stringa diversa, o nessun token: i vocabolari hanno 151 936 (Qwen), 49 152 (SmolLM2) e "
        "262 144 (Gemma) voci. I conteggi sono nella pagina; un vocabolario addestrato su più testo di una lingua di "
        "solito la taglia in meno pezzi, più lunghi."),
    "lesson.budget.title": ("A time budget, and when speculation loses", "Un budget di tempo, e quando la speculazione perde"),
    "lesson.budget.body": (
        "The article's made-up budget: a target step costs 40 ms, the draft 3 ms per proposal, a pass over four "
        "proposals 50 ms, bookkeeping 2 ms, so a cycle costs 4 × 3 + 50 + 2 = 64 ms. If every check passes "
        "independently with probability α, a cycle writes 1 + α + α² + α³ + α⁴ tokens: with α = 0.8 that is 3.36 "
        "tokens, 19.04 ms per token (2.10× faster); with α = 0.2 only 1.25 tokens, 51.22 ms per token, slower than "
        "the target alone. The same exact method can speed up or slow down; short answers, an early end of sequence "
        "and the prompt's processing shrink the gain further.",
        "Il budget inventato dell'articolo: un passo del target costa 40 ms, il draft 3 ms per proposta, un passaggio "
        "su quattro proposte 50 ms, la gestione 2 ms, quindi un ciclo costa 4 × 3 + 50 + 2 = 64 ms. Se ogni controllo "
        "passa in modo indipendente con probabilità α, un ciclo scrive 1 + α + α² + α³ + α⁴ token: con α = 0,8 sono "
        "3,36 token, 19,04 ms per token (2,10 volte più veloce); con α = 0,2 solo 1,25 token, 51,22 ms per token, più "
        "lento del solo target. Lo stesso metodo esatto può accelerare o rallentare; risposte brevi, una fine anticipata "
        "della sequenza e l'elaborazione del prompt riducono ancora il guadagno."),
    "lesson.budget.question": (
        "Why can a longer proposal (larger k) make things slower even when α is high?",
        "Perché una proposta più lunga (k più grande) può rallentare anche quando α è alto?"),
    "lesson.budget.exercise": (
        "Choose the preset with α = 0.2. Which k is best now, and does any speculation pay?",
        "Scegli il preset con α = 0,2. Quale k è il migliore ora, e c'è una speculazione che conviene?"),
    "lesson.budget.solution": (
        "The best is k = 1: 1.2 tokens per 55 ms cycle, 45.83 ms per token, 0.87×. Still slower than 40 ms: with these "
        "costs the target alone wins. For the question: every extra proposal costs draft time and a longer pass, while "
        "its chance of being used shrinks as α to the power of its position.",
        "Il migliore è k = 1: 1,2 token per ciclo di 55 ms, 45,83 ms per token, 0,87×. Ancora più lento di 40 ms: con "
        "questi costi vince il solo target. Per la domanda: ogni proposta in più costa tempo del draft e un passaggio "
        "più lungo, mentre la probabilità che serva cala come α elevato alla sua posizione."),
    "lesson.adaptive.title": ("Choosing k while the text is written", "Scegliere k mentre il testo si scrive"),
    "lesson.adaptive.body": (
        "The best k depends on α, and α depends on the text. specviz's default, the budget schedule, applies the "
        "time-budget formula before every cycle, fed with what this run has measured so far: the acceptance at "
        "each position and the times of the draft and of the target's passes. It may even choose k = 0, the target "
        "alone, and it decides only from finished cycles, so the output keeps exactly the target's distribution. "
        "Two recorded runs of the default pair, 64 greedy tokens each: on code it accepted 62% of the proposals "
        "and kept k between 2 and 5; on Italian prose it accepted 46% and after two cycles proposed a single token "
        "in 38 of its 42 cycles.",
        "Il k migliore dipende da α, e α dipende dal testo. La strategia predefinita di specviz, il budget, "
        "applica la formula del budget di tempo prima di ogni ciclo, con ciò che questa esecuzione ha misurato "
        "finora: l'accettazione in ogni posizione e i tempi del draft e dei passaggi del target. Può persino "
        "scegliere k = 0, il solo target, e decide solo dai cicli già conclusi, quindi l'output mantiene "
        "esattamente la distribuzione del target. Due esecuzioni registrate della coppia predefinita, 64 token "
        "greedy ciascuna: sul codice ha accettato il 62% delle proposte e ha tenuto k tra 2 e 5; sulla prosa "
        "italiana ha accettato il 46% e dopo due cicli ha proposto un solo token in 38 dei suoi 42 cicli."),
    "lesson.adaptive.also": ("The same schedule on code", "La stessa strategia sul codice"),
    "lesson.adaptive.question": (
        "Why does a lower acceptance lead the schedule to shorter proposals rather than simply to fewer tokens per "
        "cycle?",
        "Perché un'accettazione più bassa porta la strategia a proposte più corte, invece che solo a meno token "
        "per ciclo?"),
    "lesson.adaptive.exercise": (
        "In the cycle timeline of the Italian run, find the cycles with k = 1 and k = 0; then open the code run "
        "and compare its k per cycle and its tokens per cycle.",
        "Nella linea temporale dei cicli dell'esecuzione italiana trova i cicli con k = 1 e k = 0; poi apri "
        "quella sul codice e confronta il suo k per ciclo e i suoi token per ciclo."),
    "lesson.adaptive.solution": (
        "The Italian run wrote 1.52 tokens per cycle, the code run 3.05. Each extra proposal costs draft time and a "
        "longer target pass, while it is used only if every proposal before it was accepted: with α around 0.46 a "
        "fourth proposal is used about 0.46⁴ ≈ 4% of the time, so the formula stops paying for it.",
        "L'esecuzione italiana ha scritto 1,52 token per ciclo, quella sul codice 3,05. Ogni proposta in più costa "
        "tempo del draft e un passaggio del target più lungo, mentre serve solo se tutte quelle prima sono state "
        "accettate: con α intorno a 0,46 una quarta proposta serve circa lo 0,46⁴ ≈ 4% delle volte, quindi la "
        "formula smette di pagarla."),
    "lesson.cache.title": ("Keeping the KV cache consistent after a rejection", "La cache KV coerente dopo un rifiuto"),
    "lesson.cache.body": (
        "Both models keep a KV cache: the keys and values of the tokens already read, so that each step reads only the "
        "new one. During a cycle the caches fill with entries for every proposal; after a rejection the entries of "
        "the refused proposal and of those after it must be removed, so that the caches describe only the confirmed "
        "text. Otherwise the next step would attend to tokens that were never written: the cache is a matter of "
        "correctness, not only of speed.",
        "Entrambi i modelli tengono una cache KV: le chiavi e i valori dei token già letti, così ogni passo legge solo "
        "quello nuovo. Durante un ciclo le cache si riempiono con voci per ogni proposta; dopo un rifiuto le voci della "
        "proposta rifiutata e di quelle successive vanno tolte, perché le cache descrivano solo il testo confermato. "
        "Altrimenti il passo successivo presterebbe attenzione a token mai scritti: la cache è una questione di "
        "correttezza, non solo di velocità."),
    "lesson.cache.question": (
        "What would go wrong, concretely, if the entries of the discarded proposals stayed in the target's cache?",
        "Che cosa andrebbe storto, concretamente, se le voci delle proposte scartate restassero nella cache del target?"),
    "lesson.cache.exercise": (
        "After 100 confirmed tokens the draft proposes 6 and the third is refused. How long is the confirmed text after "
        "the cycle, and how many entries do the caches keep?",
        "Dopo 100 token confermati il draft ne propone 6 e il terzo viene rifiutato. Quanto è lungo il testo confermato "
        "dopo il ciclo, e quante voci tengono le cache?"),
    "lesson.cache.solution": (
        "The text becomes 100 + 2 + 1 = 103 tokens (two accepted, one correction). The caches keep 102 entries, the "
        "prefix and the two accepted proposals; the entries of the refused third proposal and of the three after it "
        "are cropped, and the correction enters the caches in the next cycle, as frame 5 shows.",
        "Il testo diventa 100 + 2 + 1 = 103 token (due accettati, una correzione). Le cache tengono 102 voci, il "
        "prefisso e le due proposte accettate; le voci della terza proposta rifiutata e delle tre successive vengono "
        "tagliate, e la correzione entra nelle cache nel ciclo successivo, come mostra il riquadro 5."),
    "lesson.capacity.title": ("Latency is not capacity", "Latenza non è capacità"),
    "lesson.capacity.body": (
        "Speculation shortens one request's wait by using compute that a single request leaves idle. A server with many "
        "requests in flight already keeps that compute busy by batching them, so the draft's work and the refused "
        "positions start to cost throughput. A lower latency for one user does not prove a higher capacity: measure "
        "both, under the load you expect.",
        "La speculazione accorcia l'attesa di una richiesta usando calcolo che una richiesta sola lascia inattivo. Un "
        "server con molte richieste in corso tiene già occupato quel calcolo raggruppandole, quindi il lavoro del draft "
        "e le posizioni rifiutate iniziano a costare throughput. Una latenza più bassa per un utente non prova una "
        "capacità più alta: vanno misurate entrambe, sotto il carico previsto."),
    "lesson.capacity.question": (
        "A service halves each request's latency with speculation. Why does that not prove it can serve more users?",
        "Un servizio dimezza la latenza di ogni richiesta con la speculazione. Perché questo non prova che può servire "
        "più utenti?"),
    "lesson.capacity.exercise": (
        "On the Benchmark page, read the saved report of the real pair on a laptop: how does “vs target alone” change "
        "from 1 to 2 and 4 requests in flight? Then measure the tiny pair with the button: why does it lose even with "
        "one request?",
        "Nella pagina Benchmark, leggi il report salvato della coppia vera su un portatile: come cambia “rispetto al "
        "solo target” passando da 1 a 2 e 4 richieste in corso? Poi misura la coppia minuscola con il pulsante: "
        "perché perde già con una richiesta sola?"),
    "lesson.capacity.solution": (
        "The real pair: 1.04× with one request, 1.17× with two, 0.97× with four. The gain does not grow with the "
        "load: at four requests the two cores are busy anyway and speculation costs throughput. Latency per request "
        "grows with the load for both. The tiny pair stays below 1× at every level (about 0.5× on this "
        "machine): its two models have random weights and rarely agree, so most of each cycle's work is thrown away; "
        "spare compute helps only a draft that agrees with its target.",
        "La coppia vera: 1,04× con una richiesta, 1,17× con due, 0,97× con quattro. Il guadagno non cresce con il "
        "carico: con quattro richieste i due core sono comunque occupati e la speculazione costa throughput. La "
        "latenza per richiesta cresce con il carico per entrambi. La coppia minuscola resta sotto 1× a ogni "
        "livello (circa 0,5× su questa macchina): i suoi due modelli hanno pesi casuali e concordano di rado, quindi "
        "quasi tutto il lavoro di ogni ciclo va buttato; il calcolo libero aiuta solo un draft che concorda con il "
        "suo target."),
    "lesson.checklist.title": ("A practical checklist", "Una checklist pratica"),
    "lesson.checklist.body": (
        "Before trusting a speculative system, ask five questions: which verification algorithm it implements and what "
        "it guarantees; whether tokenizers, prefixes, constraints and distributions are compatible; what proposing and "
        "verifying a block really costs; whether the gain survives concurrency and real answer lengths; and whether "
        "time saved, extra memory and money have been told apart. The correctness of the sampler and the worth of the "
        "system must be shown separately.",
        "Prima di fidarsi di un sistema speculativo, cinque domande: quale algoritmo di verifica implementa e che cosa "
        "garantisce; se tokenizer, prefissi, vincoli e distribuzioni sono compatibili; quanto costa davvero proporre e "
        "verificare un blocco; se il guadagno resiste alla concorrenza e alle lunghezze reali delle risposte; se tempo "
        "risparmiato, memoria in più e costo economico sono stati distinti. La correttezza del campionatore e la "
        "convenienza del sistema vanno dimostrate separatamente."),
    "lesson.checklist.question": (
        "Which of the five questions can be answered by mathematics alone, and which only by measurement?",
        "A quali delle cinque domande si risponde con la sola matematica, e a quali solo misurando?"),
    "lesson.checklist.exercise": (
        "Pick one question, find on the Checklist page the figure this app measured for it, and open where it was "
        "measured.",
        "Scegli una domanda, trova nella pagina Checklist la cifra che questa app ha misurato per lei, e apri il punto "
        "in cui è stata misurata."),
    "lesson.checklist.solution": (
        "The first two are settled by the algorithm and its proof, checked by tests (statistics, greedy equality, the "
        "pairing check); the other three only by measuring on your own hardware, prompts and load.",
        "Le prime due si decidono con l'algoritmo e la sua dimostrazione, controllati dai test (statistica, uguaglianza "
        "greedy, controllo della coppia); le altre tre solo misurando sul proprio hardware, con i propri prompt e il "
        "proprio carico."),
}
