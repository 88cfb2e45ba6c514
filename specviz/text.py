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
        "- **Time budget**: when does speculation pay, for which *k* and acceptance rate?",
        "- **Decodifica dal vivo**: modelli reali, ogni ciclo colorato e ispezionabile, budget di tempo misurato.\n"
        "- **Laboratorio di esattezza**: molte esecuzioni con seme, confrontate con la distribuzione esatta "
        "del target.\n"
        "- **Riproduci**: studia un'esecuzione registrata senza caricare modelli.\n"
        "- **Distribuzioni giocattolo**: un passo di verifica, esatto, su p e q scelte da te.\n"
        "- **Budget di tempo**: quando conviene la speculazione, con quale *k* e tasso di accettazione?"),
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
    "live.draft": ("Draft model (registry name, HF id or folder)",
                   "Modello draft (nome del registro, id HF o cartella)"),
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
    "live.finished": ("Finished: the run is shown below.", "Finito: l'esecuzione è mostrata qui sotto."),
    "live.speculative": ("Speculative decoding", "Speculative decoding"),
    "live.alone": ("Target alone", "Solo target"),
    "live.last": ("Last run", "Ultima esecuzione"),
    "live.cannot": ("Cannot run", "Impossibile eseguire"),
    "live.measured": ("measured speed-up", "speed-up misurato"),
    "live.formula": ("budget formula, observed α", "formula del budget, α osservato"),
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
    "load_preset": ("Load preset", "Carica preimpostazione"),
}


def text(key: str, lang: str = "en") -> str:
    english, italian = STRINGS[key]
    return italian if lang == "it" else english


def glossary(term: str, lang: str = "en") -> str:
    english, italian = GLOSSARY[term]
    return italian if lang == "it" else english
