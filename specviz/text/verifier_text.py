"""Texts of the Verifiers page, the Live page's rule picker and the cycle view's checks under each rule:
(English, Italian)."""

VERIFIERS_TEXT = {
    "nav.verifiers": ("Verifiers side by side", "Verificatori a confronto"),
    "verifiers.title": ("Four exact verifiers, one cycle", "Quattro verificatori esatti, un ciclo"),
    "verifiers.caption": (
        "The same proposal, the same target pass and the same random draws u, judged by every exact rule. "
        "All four keep the target's distribution; they differ in how much of the proposal they keep.",
        "La stessa proposta, lo stesso passaggio del target e le stesse estrazioni casuali u, giudicate da ogni "
        "regola esatta. Tutte e quattro mantengono la distribuzione del target; cambia quanta parte della "
        "proposta tengono."),
    "verifiers.rules": (
        "**Token rule** (Hugging Face, vLLM \"probabilistic\"): keep x_i while u_i < min(1, p/q), correct from "
        "max(p − q, 0). **Block verification** (Sun et al., ICLR 2025): weigh the whole prefix, "
        "p_i = min(1, p_{i−1} · p/q), and keep up to the last position where u_i ≤ h_i; a ratio above 1 can "
        "rescue a later one below 1. **Sample and match** (llama.cpp's server, vLLM \"strict\"): the target "
        "draws its own token at each position and keeps x_i only if it is the same one; it never reads q. "
        "**Coupled draws** (Daliri, Musco and Suresh, 2024): draft and target draw with the same noise, keyed by "
        "the seed and the position in the text, and x_i is kept while it is the target's own draw. Its draws are "
        "its own, not the u shown here, so the same seed gives the same text whoever drafts.",
        "**Regola token per token** (Hugging Face, vLLM \"probabilistic\"): tiene x_i finché u_i < min(1, p/q), "
        "corregge da max(p − q, 0). **Verifica a blocchi** (Sun et al., ICLR 2025): pesa l'intero prefisso, "
        "p_i = min(1, p_{i−1} · p/q), e tiene fino all'ultima posizione in cui u_i ≤ h_i; un rapporto sopra 1 può "
        "salvarne uno successivo sotto 1. **Estrai e confronta** (server di llama.cpp, vLLM \"strict\"): il "
        "target estrae il proprio token in ogni posizione e tiene x_i solo se è lo stesso; q non viene mai letta. "
        "**Estrazioni accoppiate** (Daliri, Musco e Suresh, 2024): draft e target estraggono con lo stesso "
        "rumore, dato dal seme e dalla posizione nel testo, e x_i è tenuto finché è l'estrazione del target. Le "
        "sue estrazioni sono sue, non le u mostrate qui, quindi lo stesso seme dà lo stesso testo chiunque "
        "proponga."),
    "verifiers.source": ("Cycle from", "Ciclo da"),
    "verifiers.from_trace": ("a recorded run", "una generazione registrata"),
    "verifiers.from_live": ("your last Live run", "la tua ultima generazione dal vivo"),
    "verifiers.no_live": ("No Live run in this session yet: run one on the Live page, or pick a recorded run.",
                          "Nessuna generazione dal vivo in questa sessione: avviane una nella pagina Decodifica dal vivo, "
                          "oppure scegli una generazione registrata."),
    "verifiers.no_verdicts": (
        "This run holds no verdicts of the other rules (it was recorded without a full trace, or before they "
        "were kept). Pick another run.",
        "Questa generazione non contiene i verdetti delle altre regole (registrata senza traccia completa, o "
        "prima che venissero salvati). Scegline un'altra."),
    "verifiers.run": ("Run", "Generazione"),
    "verifiers.cycle": ("Cycle", "Ciclo"),
    "verifiers.decided": (
        "This run followed the **{rule}**: its verdict is what happened. The others are what each would have "
        "kept of the same proposal with the same draws; after this cycle their texts would go different ways.",
        "Questa generazione ha seguito la **{rule}**: il suo verdetto è ciò che è successo. Gli altri sono ciò "
        "che ciascuna avrebbe tenuto della stessa proposta con le stesse estrazioni; dopo questo ciclo i loro "
        "testi prenderebbero strade diverse."),
    "verifiers.greedy": (
        "This run is greedy (temperature 0): p and q are one-hot, so all four rules keep exactly the same "
        "tokens. Pick a sampled run (T > 0) to see them differ.",
        "Questa generazione è greedy (temperatura 0): p e q sono concentrate su un solo token, quindi le quattro "
        "regole tengono esattamente gli stessi token. Scegli una generazione campionata (T > 0) per vederle "
        "differire."),
    "verifiers.proposal": ("Proposal of cycle {cycle}: {tokens}", "Proposta del ciclo {cycle}: {tokens}"),
    "verifiers.chart": ("What each rule compares u with, and what it keeps",
                        "Con che cosa ogni regola confronta u, e che cosa tiene"),
    "verifiers.weights": ("weight p_i of the prefix", "peso p_i del prefisso"),
    "verifiers.kept": ("kept", "tenuto"),
    "verifiers.dropped": ("not kept", "non tenuto"),
    "verifiers.keeps": ("{rule}: keeps {n} of {k}", "{rule}: ne tiene {n} su {k}"),
    "verifiers.over_run": ("Over this run's cycles, same proposals", "Sui cicli di questa generazione, stesse proposte"),
    "verifiers.over_run_caption": (
        "{cycles} cycles with a proposal. Each rule judged every one of them with the same draws; a rule that "
        "keeps more writes more tokens per target pass. Block verification never keeps fewer on average, yet "
        "with the same draws it can keep fewer in a given cycle: the rules read u differently. Coupled draws look "
        "worse here than in their own runs: these proposals were not drawn with their noise, and in a coupled run "
        "the draft draws with it (the benchmark below).",
        "{cycles} cicli con una proposta. Ogni regola li ha giudicati tutti con le stesse estrazioni; una regola "
        "che tiene di più scrive più token per passaggio del target. In media la verifica a blocchi non ne tiene "
        "mai meno, ma con le stesse estrazioni in un singolo ciclo può tenerne meno: le regole leggono u in modo "
        "diverso. Qui le estrazioni accoppiate sembrano peggiori che nelle loro esecuzioni: queste proposte non "
        "sono state estratte con il loro rumore, mentre in un'esecuzione accoppiata il draft estrae con esso (il "
        "benchmark qui sotto)."),
    "verifiers.col.rule": ("rule", "regola"),
    "verifiers.col.kept": ("proposals kept", "proposte tenute"),
    "verifiers.col.per_cycle": ("tokens per cycle", "token per ciclo"),
    "verifiers.col.more": ("cycles where it keeps more than the token rule", "cicli in cui tiene più della regola "
                           "token per token"),
    "verifiers.col.fewer": ("cycles where it keeps fewer", "cicli in cui ne tiene meno"),
    "verifiers.measured": ("Measured on the real pair, many cycles", "Misurato sulla coppia reale, molti cicli"),
    "verifiers.measured_caption": (
        "From the committed benchmark {report}: {prompts} prompts, {tokens} new tokens each, one run per rule "
        "and prompt, interleaved; speed-up against the target alone in the same run.",
        "Dal benchmark salvato {report}: {prompts} prompt, {tokens} token nuovi "
        "ciascuno, una generazione per regola e prompt, alternate; accelerazione rispetto al solo target nella "
        "stessa esecuzione."),
    "verifiers.col.temperature": ("temperature", "temperatura"),
    "verifiers.col.passes": ("target passes per 100 tokens", "passaggi del target ogni 100 token"),
    "verifiers.col.speedup": ("speed-up", "accelerazione"),
    "verifiers.hf": ("Hugging Face, assisted (token rule)", "Hugging Face, assistita (regola token)"),
    "verifiers.measured_note": (
        "Block verification never keeps fewer tokens on average, but on this pair it keeps barely more: its "
        "gain comes from ratios p/q above 1 making up for later ones below 1, and these two close models give "
        "ratios near 1. Sample and match keeps less under sampling: x_i passes with probability p(x_i), not "
        "min(1, p/q). Coupled draws keep almost what the token rule keeps (on average 0.3 to 5 points below "
        "1 − TV per position on this pair), in exchange for a text fixed by the seed. Under greedy decoding all "
        "four keep exactly the target's own tokens.",
        "La verifica a blocchi in media non tiene mai meno token, ma con questa coppia ne tiene appena di più: "
        "il suo guadagno viene da rapporti p/q sopra 1 che compensano quelli successivi sotto 1, e questi due "
        "modelli vicini danno rapporti vicini a 1. Estrai e confronta tiene meno con il campionamento: x_i passa "
        "con probabilità p(x_i), non min(1, p/q). Le estrazioni accoppiate tengono quasi quanto la regola token "
        "per token (in media da 0,3 a 5 punti sotto 1 − TV per posizione su questa coppia), in cambio di un "
        "testo fissato dal seme. Con la decodifica greedy tutte e quattro tengono esattamente i "
        "token del target."),
    # The Live page's picker and the cycle view's third frame under the other rules.
    "live.verifier": ("Verifier", "Verificatore"),
    "verifier.auto": ("automatic: token rule if greedy, coupled draws if sampling",
                      "automatico: regola token per token se greedy, estrazioni accoppiate se si campiona"),
    "verifier.auto.help": (
        "Automatic (the default): the token rule under greedy decoding, coupled draws under sampling, so the seed "
        "fixes the text; on the real pair coupled draws cost no measurable speed.",
        "Automatico (predefinito): la regola token per token con la decodifica greedy, le estrazioni accoppiate "
        "quando si campiona, così il seme fissa il testo; sulla coppia reale le estrazioni accoppiate non costano "
        "velocità misurabile."),
    "live.verifier_help": (
        "The exact rule that keeps a prefix of each proposal. Each gives the target's distribution; the "
        "Verifiers page compares them on your run's cycles.",
        "La regola esatta che tiene un prefisso di ogni proposta. Ognuna dà la distribuzione del target; "
        "la pagina Verificatori a confronto le confronta sui cicli della tua generazione."),
}
