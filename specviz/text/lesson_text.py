"""The Lesson page's texts: each step's explanation, question, exercise and solution, in English and Italian."""

LESSON = {
    "lesson.title": ("Lesson: how a small model speeds up a large one", "Lezione: come un modello piccolo accelera uno grande"),
    "lesson.caption": ("Eleven steps, in order. Each one explains an idea in a few sentences, opens the view that shows it "
                       "(the button “Show me”), asks the class one question and ends with an exercise whose solution "
                       "stays hidden until you open it.",
                       "Undici passi, in ordine. Ognuno spiega un'idea in poche frasi, apre la vista che la mostra (il "
                       "pulsante “Mostramelo”), pone una domanda alla classe e termina con un esercizio la cui soluzione "
                       "resta nascosta finché non la apri."),
    "lesson.step": ("Step", "Passo"),
    "lesson.of": ("Step {n} of {total}", "Passo {n} di {total}"),
    "lesson.previous": ("Previous step", "Passo precedente"),
    "lesson.next": ("Next step", "Passo successivo"),
    "lesson.show": ("Show me", "Mostramelo"),
    "lesson.show_help": ("Opens the view with the settings of this step; come back with “Lesson” in the menu.",
                         "Apre la vista con le impostazioni di questo passo; si torna con “Lezione” nel menu."),
    "lesson.question": ("Question for the class", "Domanda per la classe"),
    "lesson.exercise": ("Exercise", "Esercizio"),
    "lesson.solution": ("Solution", "Soluzione"),

    "lesson.why.title": ("Why checking can cost less than writing", "Perché controllare può costare meno che scrivere"),
    "lesson.why.body": (
        "A language model writes one token per step, because each token depends on the ones before it. Checking is "
        "different: given a finished candidate sequence, a causal Transformer computes the distribution at every "
        "position in a single pass, each position still seeing only its own past. When one step waits mostly on reading "
        "the weights from memory, reading them once for several positions is almost free; but a pass over four "
        "candidates is not free by definition: its cost has to be measured.",
        "Un modello linguistico scrive un token per passo, perché ogni token dipende da quelli precedenti. Controllare è "
        "diverso: data una sequenza candidata già pronta, un Transformer causale calcola la distribuzione di ogni "
        "posizione in un solo passaggio, e ogni posizione continua a vedere soltanto il proprio passato. Quando un passo "
        "aspetta soprattutto la lettura dei pesi dalla memoria, leggerli una volta per più posizioni costa poco; ma un "
        "passaggio su quattro candidati non è gratuito per definizione: il suo costo va misurato."),
    "lesson.why.question": (
        "If checking five positions costs about as much as writing one token, why can't the large model simply write "
        "five tokens per pass on its own?",
        "Se controllare cinque posizioni costa quanto scrivere un token, perché il modello grande non scrive da solo "
        "cinque token per passaggio?"),
    "lesson.why.exercise": (
        "With the article's figures, one step of the target costs 40 ms and one pass over a block of four candidates "
        "costs 50 ms. On average, how many tokens must each pass keep for it to beat single steps? And once the draft's "
        "4 × 3 ms and 2 ms of overhead are added?",
        "Con le cifre dell'articolo, un passo del target costa 40 ms e un passaggio su un blocco di quattro candidati "
        "costa 50 ms. In media, quanti token deve conservare ogni passaggio per battere i passi singoli? E aggiungendo "
        "i 4 × 3 ms del draft e 2 ms di gestione?"),
    "lesson.why.solution": (
        "More than 50 / 40 = 1.25 tokens per pass. With the draft and the overhead a cycle costs 64 ms, so it must keep "
        "more than 64 / 40 = 1.6 tokens. The frame shown by “Show me” compares a real pass over five positions with "
        "the time of single steps on this computer.",
        "Più di 50 / 40 = 1,25 token per passaggio. Con il draft e la gestione un ciclo costa 64 ms, quindi deve "
        "conservarne più di 64 / 40 = 1,6. Il riquadro aperto da “Mostramelo” confronta un passaggio reale su cinque "
        "posizioni con il tempo dei passi singoli su questo computer."),

    "lesson.cycle.title": ("One full cycle: propose, verify, recover", "Un ciclo completo: proposta, verifica, recupero"),
    "lesson.cycle.body": (
        "The draft proposes k tokens one after another. The target scores all of them, plus one position more, in one "
        "pass, and the checks run from left to right: the first rejection ends the cycle, a correction is drawn at that "
        "position, and the proposals after it are dropped, because they were written for a past that no longer exists. "
        "If every proposal passes, the extra position gives a bonus token. This is Algorithm 1 of Leviathan, Kalman and "
        "Matias (ICML 2023); Chen and colleagues (2023) found the same scheme independently.",
        "Il draft propone k token uno dopo l'altro. Il target li valuta tutti, più una posizione in più, in un solo "
        "passaggio, e i controlli procedono da sinistra a destra: il primo rifiuto chiude il ciclo, in quella posizione "
        "si estrae una correzione e le proposte successive si scartano, perché erano state scritte per un passato che "
        "non esiste più. Se tutte le proposte passano, la posizione in più regala un token bonus. È l'algoritmo 1 di "
        "Leviathan, Kalman e Matias (ICML 2023); Chen e colleghi (2023) hanno trovato lo stesso schema in modo "
        "indipendente."),
    "lesson.cycle.question": (
        "The draft proposes A, B, C, A and the third check fails. What does the cycle write, and why is the last A "
        "dropped even if it was a good token?",
        "Il draft propone A, B, C, A e il terzo controllo fallisce. Che cosa scrive il ciclo, e perché l'ultima A viene "
        "scartata anche se era un buon token?"),
    "lesson.cycle.exercise": (
        "With k proposals, how many tokens can one cycle write at least and at most? How many passes of the target does "
        "a cycle cost?",
        "Con k proposte, quanti token può scrivere un ciclo come minimo e come massimo? Quanti passaggi del target costa "
        "un ciclo?"),
    "lesson.cycle.solution": (
        "At least 1 (the first proposal is rejected and the correction is written), at most k + 1 (every proposal "
        "passes, plus the bonus). Always exactly one target pass, plus k steps of the draft. In the cycle shown, 2 of "
        "4 proposals pass: the cycle writes 3 tokens.",
        "Almeno 1 (la prima proposta è rifiutata e si scrive la correzione), al massimo k + 1 (passano tutte, più il "
        "bonus). Sempre esattamente un passaggio del target, più k passi del draft. Nel ciclo mostrato passano 2 "
        "proposte su 4: il ciclo scrive 3 token."),

    "lesson.rule.title": ("The acceptance rule and the residual", "La regola di accettazione e il residuo"),
    "lesson.rule.body": (
        "Call p the target's distribution and q the one the draft really sampled from, at the same prefix. A proposed "
        "token x is kept with probability min(1, p(x)/q(x)): a token the draft proposes too often (q above p) is "
        "sometimes refused, one it proposes too rarely is always kept. At a refusal, the correction is drawn from "
        "max(p − q, 0), normalised over the whole vocabulary: exactly the probability the draft left out. When p and "
        "q are equal nothing is ever refused, and there is no residual to normalise.",
        "Chiamiamo p la distribuzione del target e q quella da cui il draft ha davvero campionato, allo stesso "
        "prefisso. Un token proposto x si conserva con probabilità min(1, p(x)/q(x)): un token che il draft propone "
        "troppo spesso (q sopra p) viene a volte rifiutato, uno che propone troppo di rado si conserva sempre. Al "
        "rifiuto, la correzione si estrae da max(p − q, 0), normalizzato sull'intero vocabolario: proprio la "
        "probabilità che il draft ha trascurato. Se p e q coincidono non c'è mai un rifiuto, né un residuo da "
        "normalizzare."),
    "lesson.rule.question": (
        "Why is a token with q(x) ≤ p(x) never refused, and why can the correction never be a token with q(x) ≥ p(x)?",
        "Perché un token con q(x) ≤ p(x) non viene mai rifiutato, e perché la correzione non può mai essere un token "
        "con q(x) ≥ p(x)?"),
    "lesson.rule.exercise": (
        "p(x) = 0.3 and q(x) = 0.6: once x is proposed, with what probability is it kept? And with p(x) = 0.6 and "
        "q(x) = 0.3? In the frame shown, press “Next” to see the residual at the refused position.",
        "p(x) = 0,3 e q(x) = 0,6: una volta proposto x, con quale probabilità si conserva? E con p(x) = 0,6 e "
        "q(x) = 0,3? Nel riquadro mostrato, premi “Avanti” per vedere il residuo nella posizione rifiutata."),
    "lesson.rule.solution": (
        "0.3 / 0.6 = 0.5 in the first case; min(1, 2) = 1 in the second: an under-proposed token always passes. "
        "A token with q(x) ≥ p(x) has max(p − q, 0) = 0, so the residual gives it no probability.",
        "0,3 / 0,6 = 0,5 nel primo caso; min(1, 2) = 1 nel secondo: un token proposto troppo di rado passa sempre. "
        "Un token con q(x) ≥ p(x) ha max(p − q, 0) = 0, quindi il residuo non gli dà probabilità."),

    "lesson.example.title": ("Worked example: three tokens, no network", "Esempio svolto: tre token, nessuna rete"),
    "lesson.example.body": (
        "Take three tokens A, B, C with p = (0.5, 0.3, 0.2) and q = (0.7, 0.2, 0.1), numbers made up for the example. "
        "The accepted mass is min(p, q) = (0.5, 0.2, 0.1), 0.8 in all: one proposal in five is refused. The residual "
        "(0, 0.1, 0.1) normalises to (0, 0.5, 0.5), so the correction gives 0.1 back to B and 0.1 to C: the output is "
        "exactly (0.5, 0.3, 0.2). Drawing the correction from p instead gives (0.6, 0.26, 0.14): A comes out too "
        "often, so how the target corrects decides the result.",
        "Prendiamo tre token A, B, C con p = (0,5; 0,3; 0,2) e q = (0,7; 0,2; 0,1), numeri inventati per l'esempio. La "
        "massa accettata è min(p, q) = (0,5; 0,2; 0,1), in tutto 0,8: una proposta su cinque viene rifiutata. Il residuo "
        "(0; 0,1; 0,1) normalizzato diventa (0; 0,5; 0,5), quindi la correzione restituisce 0,1 a B e 0,1 a C: "
        "l'output è esattamente (0,5; 0,3; 0,2). Estraendo invece la correzione da p si ottiene (0,6; 0,26; 0,14): A "
        "esce troppo spesso, quindi il modo in cui il target corregge decide il risultato."),
    "lesson.example.question": (
        "“The large model corrects the small one”: why is this sentence not enough to guarantee the target's "
        "distribution?",
        "“Il grande corregge il piccolo”: perché questa frase non basta a garantire la distribuzione del target?"),
    "lesson.example.exercise": (
        "Keep p and set q = (0.4, 0.4, 0.2) on the Toy page. Compute by hand the accepted mass, the residual, the "
        "exact result and the naive one, then compare with the table.",
        "Tieni p e imposta q = (0,4; 0,4; 0,2) nella pagina delle distribuzioni giocattolo. Calcola a mano la massa "
        "accettata, il residuo, il risultato esatto e quello ingenuo, poi confronta con la tabella."),
    "lesson.example.solution": (
        "min(p, q) = (0.4, 0.3, 0.2), accepted mass 0.9, refused 0.1. The residual is (0.1, 0, 0): every correction "
        "is A, and the result is (0.4 + 0.1, 0.3, 0.2) = p. The naive rule gives (0.45, 0.33, 0.22): this time A comes "
        "out too rarely.",
        "min(p, q) = (0,4; 0,3; 0,2), massa accettata 0,9, rifiutata 0,1. Il residuo è (0,1; 0; 0): ogni correzione è "
        "A, e il risultato è (0,4 + 0,1; 0,3; 0,2) = p. La regola ingenua dà (0,45; 0,33; 0,22): stavolta A esce "
        "troppo di rado."),

    "lesson.promise.title": ("What exactness promises, and what it does not", "Che cosa promette l'esattezza, e che cosa no"),
    "lesson.promise.body": (
        "The guarantee is about the distribution: every output sequence is exactly as likely as with the target alone. "
        "It does not promise the same sentence for the same seed, because the random numbers are used differently; "
        "with greedy decoding, instead, the text must match the target's choices token by token. The target's own "
        "mistakes are kept: if it states something false, speculation keeps that risk. And “verify” is an algorithm "
        "on tokens, not the large model's opinion of the sentence.",
        "La garanzia riguarda la distribuzione: ogni sequenza in uscita è esattamente probabile quanto con il solo "
        "target. Non promette la stessa frase con lo stesso seme, perché i numeri casuali vengono usati in modo "
        "diverso; con la decodifica greedy, invece, il testo deve coincidere token per token con le scelte del target. "
        "Gli errori del target restano: se afferma il falso, la speculazione conserva quel rischio. E “verificare” è "
        "un algoritmo sui token, non il parere del modello grande sulla frase."),
    "lesson.promise.question": (
        "Two students run the same prompt with the same seed, one with speculation and one without, and get different "
        "sentences. Is the implementation broken?",
        "Due studenti eseguono lo stesso prompt con lo stesso seme, uno con la speculazione e uno senza, e ottengono "
        "frasi diverse. L'implementazione è sbagliata?"),
    "lesson.promise.exercise": (
        "In the Exactness lab, run the test with the exact rule, then with the naive correction. Which one passes, and "
        "what do the p-value and the distance say?",
        "Nel laboratorio di esattezza, esegui il test con la regola esatta, poi con la correzione ingenua. Quale passa, "
        "e che cosa dicono il p-value e la distanza?"),
    "lesson.promise.solution": (
        "The exact rule passes: its p-value stays above α = 0.001 and its distance from p is as small as chance allows "
        "with that many runs. The naive rule fails: a tiny p-value and a larger distance. A passed test does not prove "
        "exactness; it says that this many runs found no difference. The proof is the algebra of the previous step.",
        "La regola esatta passa: il suo p-value resta sopra α = 0,001 e la sua distanza da p è piccola quanto il caso "
        "permette con tante esecuzioni. Quella ingenua fallisce: p-value minuscolo e distanza maggiore. Un test "
        "superato non dimostra l'esattezza; dice che con queste esecuzioni non si vede differenza. La dimostrazione è "
        "l'algebra del passo precedente."),

    "lesson.sampling.title": ("Temperature, top-k and top-p on both models", "Temperatura, top-k e top-p su entrambi i modelli"),
    "lesson.sampling.body": (
        "Temperature, top-k and top-p change the distribution we want: p must be the target's distribution after the "
        "policy, and q the distribution the draft really sampled from, after its own filter. Apply the same policy to "
        "both. If only the target is filtered the output stays exact but acceptance changes; if the ratio uses a q "
        "other than the one the draft sampled from, the output distribution is wrong.",
        "Temperatura, top-k e top-p cambiano la distribuzione che vogliamo: p deve essere la distribuzione del target "
        "dopo la politica, e q quella da cui il draft ha davvero campionato, dopo il suo filtro. Si applica la stessa "
        "politica a entrambi. Se si filtra solo il target l'output resta esatto ma cambia l'accettazione; se il rapporto "
        "usa una q diversa da quella da cui il draft ha campionato, la distribuzione dell'output è sbagliata."),
    "lesson.sampling.question": (
        "If only the target is filtered with top-k, can the draft still propose a token outside the target's top k? "
        "What happens to it?",
        "Se solo il target è filtrato con top-k, il draft può ancora proporre un token fuori dai primi k del target? "
        "Che fine fa?"),
    "lesson.sampling.exercise": (
        "What do p and q become at temperature 0 (greedy decoding), and what is left of the acceptance rule and of the "
        "correction?",
        "Che cosa diventano p e q a temperatura 0 (decodifica greedy), e che cosa resta della regola di accettazione e "
        "della correzione?"),
    "lesson.sampling.solution": (
        "Both become one-hot on their most likely token. A proposal is kept only if it is the target's most likely "
        "token, and the correction is always that token: the output is the target's greedy text. For the question: "
        "yes, and since p(x) = 0 for it, it is always refused.",
        "Entrambe diventano concentrate sul loro token più probabile. Una proposta si conserva solo se è il token più "
        "probabile del target, e la correzione è sempre quel token: l'output è il testo greedy del target. Per la "
        "domanda: sì, e poiché per quel token p(x) = 0, viene sempre rifiutato."),

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
