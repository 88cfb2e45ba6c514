"""Texts of the Verifiers page, the Live page's rule picker and the cycle view's checks under each rule:
(English, Italian)."""

VERIFIERS_TEXT = {
    "nav.verifiers": ("Verifiers side by side", "Verificatori a confronto"),
    "verifiers.title": ("Three exact verifiers, one cycle", "Tre verificatori esatti, un ciclo"),
    "verifiers.caption": (
        "The same proposal, the same target pass and the same random draws u, judged by every exact rule. "
        "All three keep the target's distribution; they differ in how much of the proposal they keep.",
        "La stessa proposta, lo stesso passaggio del target e le stesse estrazioni casuali u, giudicate da ogni "
        "regola esatta. Tutte e tre mantengono la distribuzione del target; cambia quanta parte della proposta "
        "tengono."),
    "verifiers.rules": (
        "**Token rule** (Hugging Face, vLLM \"probabilistic\"): keep x_i while u_i < min(1, p/q), correct from "
        "max(p − q, 0). **Block verification** (Sun et al., ICLR 2025): weigh the whole prefix, "
        "p_i = min(1, p_{i−1} · p/q), and keep up to the last position where u_i ≤ h_i; a ratio above 1 can "
        "rescue a later one below 1. **Sample and match** (llama.cpp's server, vLLM \"strict\"): the target "
        "draws its own token at each position and keeps x_i only if it is the same one; it never reads q.",
        "**Regola token per token** (Hugging Face, vLLM \"probabilistic\"): tiene x_i finché u_i < min(1, p/q), "
        "corregge da max(p − q, 0). **Verifica a blocchi** (Sun et al., ICLR 2025): pesa l'intero prefisso, "
        "p_i = min(1, p_{i−1} · p/q), e tiene fino all'ultima posizione in cui u_i ≤ h_i; un rapporto sopra 1 può "
        "salvarne uno successivo sotto 1. **Estrai e confronta** (server di llama.cpp, vLLM \"strict\"): il "
        "target estrae il proprio token in ogni posizione e tiene x_i solo se è lo stesso; q non viene mai letta."),
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
        "This run is greedy (temperature 0): p and q are one-hot, so all three rules keep exactly the same "
        "tokens. Pick a sampled run (T > 0) to see them differ.",
        "Questa generazione è greedy (temperatura 0): p e q sono concentrate su un solo token, quindi le tre "
        "regole tengono esattamente gli stessi token. Scegli una generazione campionata (T > 0) per vederle "
        "differire."),
    "verifiers.proposal": ("Proposal of cycle {cycle}: {tokens}", "Proposta del ciclo {cycle}: {tokens}"),
    "verifiers.token.all": ("**Token rule** keeps all {k}: every u_i fell below its min(1, p/q).",
                            "**Regola token per token**: tiene tutti i {k}: ogni u_i è sotto il suo min(1, p/q)."),
    "verifiers.token.stop": (
        "**Token rule** keeps {n} of {k}: at position {position}, u = {u:.2f} is not below min(1, p/q) = "
        "{threshold:.2f}, so the rest is discarded.",
        "**Regola token per token**: tiene {n} su {k}: in posizione {position}, u = {u:.2f} non è sotto "
        "min(1, p/q) = {threshold:.2f}, quindi il resto viene scartato."),
    "verifiers.block.sentence": (
        "**Block verification** keeps {n} of {k}: the weights along the block are {weights}; it keeps up to "
        "the last position where u ≤ h (h = {stops}).",
        "**Verifica a blocchi**: tiene {n} su {k}: i pesi lungo il blocco sono {weights}; tiene fino all'ultima "
        "posizione in cui u ≤ h (h = {stops})."),
    "verifiers.block.none": (
        "**Block verification** keeps none of {k}: u > h at every position (h = {stops}; weights {weights}).",
        "**Verifica a blocchi**: non ne tiene nessuno su {k}: u > h in ogni posizione (h = {stops}; pesi "
        "{weights})."),
    "verifiers.match.all": ("**Sample and match** keeps all {k}: the target's own draws equal every proposal.",
                            "**Estrai e confronta**: tiene tutti i {k}: le estrazioni del target coincidono con "
                            "ogni proposta."),
    "verifiers.match.stop": (
        "**Sample and match** keeps {n} of {k}: at position {position} the target's own draw at u = {u:.2f} is "
        "{drawn}, not the proposed {proposed}.",
        "**Estrai e confronta**: tiene {n} su {k}: in posizione {position} l'estrazione del target con "
        "u = {u:.2f} è {drawn}, non il proposto {proposed}."),
    "verifiers.chart": ("What each rule compares u with, and what it keeps",
                        "Con che cosa ogni regola confronta u, e che cosa tiene"),
    "verifiers.threshold.token": ("min(1, p/q)", "min(1, p/q)"),
    "verifiers.threshold.block": ("h_i (stop probability)", "h_i (probabilità di fermarsi)"),
    "verifiers.threshold.match": ("p(x_i): chance the target draws x_i", "p(x_i): probabilità che il target estragga x_i"),
    "verifiers.weights": ("weight p_i of the prefix", "peso p_i del prefisso"),
    "verifiers.kept": ("kept", "tenuto"),
    "verifiers.dropped": ("not kept", "non tenuto"),
    "verifiers.keeps": ("{rule}: keeps {n} of {k}", "{rule}: ne tiene {n} su {k}"),
    "verifiers.over_run": ("Over this run's cycles, same proposals", "Sui cicli di questa generazione, stesse proposte"),
    "verifiers.over_run_caption": (
        "{cycles} cycles with a proposal. Each rule judged every one of them with the same draws; a rule that "
        "keeps more writes more tokens per target pass. Block verification never keeps fewer on average, yet "
        "with the same draws it can keep fewer in a given cycle: the rules read u differently.",
        "{cycles} cicli con una proposta. Ogni regola li ha giudicati tutti con le stesse estrazioni; una regola "
        "che tiene di più scrive più token per passaggio del target. In media la verifica a blocchi non ne tiene "
        "mai meno, ma con le stesse estrazioni in un singolo ciclo può tenerne meno: le regole leggono u in modo "
        "diverso."),
    "verifiers.col.rule": ("rule", "regola"),
    "verifiers.col.kept": ("proposals kept", "proposte tenute"),
    "verifiers.col.per_cycle": ("tokens per cycle", "token per ciclo"),
    "verifiers.col.more": ("cycles where it keeps more than the token rule", "cicli in cui tiene più della regola "
                           "token per token"),
    "verifiers.col.fewer": ("cycles where it keeps fewer", "cicli in cui ne tiene meno"),
    "verifiers.measured": ("Measured on the real pair, many cycles", "Misurato sulla coppia reale, molti cicli"),
    "verifiers.measured_caption": (
        "From the committed benchmark {report}: {prompts} prompts (code, Italian, mixed), {tokens} new tokens "
        "each, one run per rule and prompt, interleaved; speed-up against the target alone in the same run.",
        "Dal benchmark salvato {report}: {prompts} prompt (codice, italiano, misti), {tokens} token nuovi "
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
        "min(1, p/q). Under greedy decoding all three keep exactly the target's own tokens.",
        "La verifica a blocchi in media non tiene mai meno token, ma con questa coppia ne tiene appena di più: "
        "il suo guadagno viene da rapporti p/q sopra 1 che compensano quelli successivi sotto 1, e questi due "
        "modelli vicini danno rapporti vicini a 1. Estrai e confronta tiene meno con il campionamento: x_i passa "
        "con probabilità p(x_i), non min(1, p/q). Con la decodifica greedy tutte e tre tengono esattamente i "
        "token del target."),
    # The Live page's picker and the cycle view's third frame under the other rules.
    "live.verifier": ("Verifier", "Verificatore"),
    "live.verifier_help": (
        "The exact rule that keeps a prefix of each proposal. All three give the target's distribution; the "
        "Verifiers page compares them on your run's cycles.",
        "La regola esatta che tiene un prefisso di ogni proposta. Tutte e tre danno la distribuzione del target; "
        "la pagina Verificatori a confronto le confronta sui cicli della tua generazione."),
    "frame.3.block.all": (
        "Block verification kept the whole block: u_{k} fell below h_{k} = p_{k}, the weight of the full prefix.",
        "La verifica a blocchi ha tenuto tutto il blocco: u_{k} è sotto h_{k} = p_{k}, il peso dell'intero "
        "prefisso."),
    "frame.3.block.stopped": (
        "Block verification kept {accepted}: position {accepted} is the last where u ≤ h (bars); a draw above "
        "its bar earlier does not stop the block. The correction comes from the block residual there.",
        "La verifica a blocchi ne ha tenuti {accepted}: la posizione {accepted} è l'ultima in cui u ≤ h (barre); "
        "un'estrazione sopra la sua barra prima di lì non ferma il blocco. La correzione viene dal residuo del "
        "blocco in quel punto."),
    "frame.3.block.none": (
        "Block verification kept none: u > h at every position, so the correction comes from the residual "
        "max(p − q, 0) at position 1, as in the token rule.",
        "La verifica a blocchi non ne ha tenuto nessuno: u > h in ogni posizione, quindi la correzione viene dal "
        "residuo max(p − q, 0) in posizione 1, come nella regola token per token."),
    "frame.3.block.chart": ("Bars: stop probability h_i · line: weight p_i · black lines: u",
                            "Barre: probabilità di fermarsi h_i · linea: peso p_i · linee nere: u"),
    "frame.3.match.all": ("Sample and match: the target's own draw equalled every one of the {n} proposals.",
                          "Estrai e confronta: l'estrazione del target coincideva con ognuna delle {n} proposte."),
    "frame.3.match.stopped": (
        "Sample and match kept {accepted}: at position {position} the target drew its own token, which was not "
        "the proposal; that draw is the next token. Bars: p(x_i), the chance the target draws the proposal.",
        "Estrai e confronta ne ha tenuti {accepted}: in posizione {position} il target ha estratto il proprio "
        "token, diverso dalla proposta; quell'estrazione è il token successivo. Barre: p(x_i), la probabilità "
        "che il target estragga la proposta."),
    "frame.3.match.chart": ("Bars: p(x_i), the chance the target draws the proposal",
                            "Barre: p(x_i), la probabilità che il target estragga la proposta"),
}
