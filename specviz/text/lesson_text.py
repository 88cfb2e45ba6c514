"""The Lesson page's texts: each step's explanation, question, exercise and solution, in English and Italian."""

LESSON = {
    "lesson.title": ("Lesson: how a small model speeds up a large one", "Lezione: come un modello piccolo accelera uno grande"),
    "lesson.caption": ("{count} steps, in order. Each one explains an idea in a few sentences, opens the view that shows it "
                       "(the button “Show me”), asks the class one question and ends with an exercise whose solution "
                       "stays hidden until you open it.",
                       "{count} passi, in ordine. Ognuno spiega un'idea in poche frasi, apre la vista che la mostra (il "
                       "pulsante “Mostramelo”), pone una domanda alla classe e termina con un esercizio la cui soluzione "
                       "resta nascosta finché non la apri."),
    "lesson.step": ("Step", "Passo"),
    "lesson.of": ("Step {n} of {total}", "Passo {n} di {total}"),
    "lesson.seeds.caption": (
        "Recorded on the default pair: the same Italian prompt, temperature 0.8, seed 42, 48 tokens. Student A "
        "chose k = 2; student B kept the budget schedule, which picks k from measured times.",
        "Registrate sulla coppia predefinita: lo stesso prompt italiano, temperatura 0,8, seme 42, 48 token. Lo "
        "studente A ha scelto k = 2; lo studente B ha tenuto lo schedule budget, che sceglie k dai tempi misurati."),
    "lesson.seeds.alone": ("target alone", "solo target"),
    "lesson.seeds.k": ("student A: k = {k}", "studente A: k = {k}"),
    "lesson.seeds.budget": ("student B: budget schedule", "studente B: schedule budget"),
    "lesson.seeds.col.who": ("who", "chi"),
    "lesson.seeds.col.rule": ("rule", "regola"),
    "lesson.seeds.col.text": ("text written", "testo scritto"),
    "lesson.seeds.col.same": ("the target alone's text?", "il testo del solo target?"),
    "lesson.seeds.yes": ("yes", "sì"),
    "lesson.seeds.no": ("no", "no"),
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

    "lesson.judgement.title": ("Verifying is not judging", "Verificare non è giudicare"),
    "lesson.judgement.body": (
        "“Verify” means applying the rule to the tokens, not asking the target whether the sentence is good. The "
        "output follows the target's distribution exactly, its mistakes included. Asked how much 37 × 43 is, this "
        "pair answers 1621 (it is 1591): the target alone writes the same digits, and the draft's proposals did not "
        "change them. Speculation can make a model faster, never more right.",
        "“Verificare” significa applicare la regola ai token, non chiedere al target se la frase è buona. L'output "
        "segue esattamente la distribuzione del target, errori compresi. Alla domanda quanto fa 37 × 43 questa coppia "
        "risponde 1621 (fa 1591): il solo target scrive le stesse cifre, e le proposte della bozza non le hanno "
        "cambiate. La speculazione può rendere un modello più veloce, mai più giusto."),
    "lesson.judgement.also": ("Show me the target misquoting Dante", "Mostrami il target che cita male Dante"),
    "lesson.judgement.question": (
        "In cycle 1 the draft proposed `Il numero è` and the target wrote `1` instead. Did the verifier judge the "
        "draft's words worse? What would a verifier that judged quality do to the guarantee?",
        "Nel ciclo 1 la bozza ha proposto `Il numero è` e il target ha scritto invece `1`. Il verificatore ha "
        "giudicato peggiori le parole della bozza? Che cosa farebbe alla garanzia un verificatore che giudica la "
        "qualità?"),
    "lesson.judgement.exercise": (
        "In frame 3 of cycle 1, read p and q of the first proposal `Il`. Then open the Dante run: from which cycle on "
        "is every proposal accepted, and why is that part easy for the draft?",
        "Nel riquadro 3 del ciclo 1, leggi p e q della prima proposta `Il`. Poi apri l'esecuzione su Dante: da quale "
        "ciclo in poi ogni proposta è accettata, e perché quella parte è facile per la bozza?"),
    "lesson.judgement.solution": (
        "q(`Il`) = 1 and p(`Il`) = 0: at temperature 0 the check is whether the proposal is the target's own choice, "
        "and the target's choice was `1`, the first digit of its wrong product. No one asked whether `Il numero è` "
        "was a better start; a verifier that judged would change the distribution, and the output would no longer be "
        "the target's. In the Dante run every proposal passes from cycle 13 on: the target repeats its own line (a "
        "misquotation: Dante wrote `mi ritrovai per una selva oscura`), and a repetition is easy to guess. It is "
        "accepted because the target would write it, not because it is good.",
        "q(`Il`) = 1 e p(`Il`) = 0: a temperatura 0 il controllo è se la proposta sia la scelta stessa del target, e "
        "la scelta del target era `1`, la prima cifra del suo prodotto sbagliato. Nessuno ha chiesto se `Il numero è` "
        "fosse un inizio migliore; un verificatore che giudica cambierebbe la distribuzione, e l'output non sarebbe "
        "più quello del target. Nell'esecuzione su Dante ogni proposta passa dal ciclo 13 in poi: il target ripete la "
        "propria riga (una citazione sbagliata: Dante scrisse `mi ritrovai per una selva oscura`), e una ripetizione "
        "è facile da indovinare. Viene accettata perché il target la scriverebbe, non perché è buona."),
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
        "The token rule's guarantee is about the distribution: every output sequence is exactly as likely as with "
        "the target alone. It does not promise the same sentence for the same seed: the random numbers are used "
        "differently, and under the budget schedule k follows measured times, so even one student's two runs can "
        "differ (with greedy decoding the text must match the target's choices token by token). Coupled draws "
        "promise more: draft and target draw with the same noise at each position, so the seed alone fixes the "
        "text, the target alone's, at the price of fewer kept proposals. Either way the target's own mistakes are "
        "kept, and “verify” is an algorithm on tokens, not the large model's opinion of the sentence.",
        "La garanzia della regola token per token riguarda la distribuzione: ogni sequenza in uscita è esattamente "
        "probabile quanto con il solo target. Non promette la stessa frase con lo stesso seme: i numeri casuali "
        "vengono usati in modo diverso, e con lo schedule budget k segue i tempi misurati, quindi perfino due "
        "esecuzioni dello stesso studente possono differire (con la decodifica greedy, invece, il testo deve "
        "coincidere token per token con le scelte del target). Le estrazioni accoppiate promettono di più: draft e "
        "target estraggono con lo stesso rumore in ogni posizione, quindi il seme da solo fissa il testo, quello del "
        "solo target, al prezzo di meno proposte tenute. In ogni caso gli errori del target restano, e “verificare” "
        "è un algoritmo sui token, non il parere del modello grande sulla frase."),
    "lesson.promise.question": (
        "Two students run the same prompt with the same seed, one with speculation and one without, and get different "
        "sentences. Is the implementation broken?",
        "Due studenti eseguono lo stesso prompt con lo stesso seme, uno con la speculazione e uno senza, e ottengono "
        "frasi diverse. L'implementazione è sbagliata?"),
    "lesson.promise.exercise": (
        "In the Exactness lab, run the test with the exact rule, then with the naive correction. Which one passes, and "
        "what do the p-value and the distance say? Then read the table above: which rule gives both students the "
        "target alone's text?",
        "Nel laboratorio di esattezza, esegui il test con la regola esatta, poi con la correzione ingenua. Quale passa, "
        "e che cosa dicono il p-value e la distanza? Poi leggi la tabella qui sopra: quale regola dà a entrambi gli "
        "studenti il testo del solo target?"),
    "lesson.promise.solution": (
        "The exact rule passes: its p-value stays above α = 0.001 and its distance from p is as small as chance allows "
        "with that many runs. The naive rule fails: a tiny p-value and a larger distance. A passed test does not prove "
        "exactness; it says that this many runs found no difference. The proof is the algebra of the previous step. "
        "In the table the token rule writes three different texts with seed 42, each a fair draw from the same "
        "distribution; coupled draws write one text three times, the target alone's, yet over many seeds their texts follow the "
        "target's distribution just the same.",
        "La regola esatta passa: il suo p-value resta sopra α = 0,001 e la sua distanza da p è piccola quanto il caso "
        "permette con tante esecuzioni. Quella ingenua fallisce: p-value minuscolo e distanza maggiore. Un test "
        "superato non dimostra l'esattezza; dice che con queste esecuzioni non si vede differenza. La dimostrazione è "
        "l'algebra del passo precedente. Nella tabella la regola token per token scrive tre testi diversi con il seme "
        "42, ciascuno un'estrazione onesta dalla stessa distribuzione; le estrazioni accoppiate scrivono tre volte "
        "lo stesso testo, quello del solo target, eppure su molti semi i loro testi seguono allo stesso modo la "
        "distribuzione del target."),

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
}
