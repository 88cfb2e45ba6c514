"""What the Benchmark page and the reports of `specviz bench` say, in English and Italian."""

BENCH: dict[str, tuple[str, str]] = {
    "bench.title": ("Benchmark", "Benchmark"),
    "bench.caption": ("Speculation against the target alone and against Hugging Face's assisted generation, on the same models, prompts and policy, interleaved in one process. Speed-ups are ratios to the target-only run of the same benchmark.", "La speculazione contro il solo target e contro l'assisted generation di Hugging Face, con gli stessi modelli, prompt e politica, alternati in un solo processo. Gli speed-up sono rapporti rispetto al solo target dello stesso benchmark."),
    "bench.saved": ("Saved report", "Report salvato"),
    "bench.target_only": ("This report compares the target-only loop with `generate` alone: no speculative configuration, so no chart of speed-up against k.", "Questo report confronta il ciclo del solo target con `generate`: nessuna configurazione speculativa, quindi nessun grafico dello speed-up rispetto a k."),
    "bench.none": ("No saved report yet: run `python -m specviz bench --json assets/bench/NAME.json`.", "Nessun report salvato: esegui `python -m specviz bench --json assets/bench/NOME.json`."),
    "bench.quick": ("Run a quick benchmark on the tiny pair", "Esegui un benchmark rapido sulla coppia minuscola"),
    "report.yes": ("yes", "sì"),
    "report.no": ("NO", "NO"),
    "report.all": ("all", "tutti"),
    "report.pairs_won": ("{wins} of {pairs} pairs", "{wins} coppie su {pairs}"),
    "report.title": ("# specviz benchmark: {draft} → {target}", "# Benchmark di specviz: {draft} → {target}"),
    "report.setup": ("Device {device}, target {dtype}, draft {draft_dtype}, linear kernels `{kernels}` (draft "
                     "`{draft_kernels}`); {cpus} CPUs{cpu}, torch {torch}; {tokens} new tokens, {repeats} repeat(s), "
                     "{prompts} prompts; {seconds:.0f} s in all. Speed-up = tokens/s ÷ tokens/s of the specviz "
                     "target-only baseline in the same run.",
                     "Dispositivo {device}, target {dtype}, draft {draft_dtype}, kernel lineari `{kernels}` (draft "
                     "`{draft_kernels}`); {cpus} CPU{cpu}, torch {torch}; {tokens} token nuovi, {repeats} ripetizione/i, "
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
    "report.recording_unmeasurable": ("Recording the full trace ({config}) came out {percent:.1f}% faster than "
                                      "counters only in this run: its cost is below what this run can measure.",
                                      "Registrare la traccia completa ({config}) è risultato più veloce dei soli "
                                      "contatori del {percent:.1f}% in questa esecuzione: il suo costo è sotto ciò "
                                      "che questa esecuzione può misurare."),
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
    "bench.progress": ("{done} of {total} timed runs · about {left:.0f} s left",
                       "{done} di {total} esecuzioni cronometrate · circa {left:.0f} s rimanenti"),
    "bench.stopped": ("The benchmark was stopped after {done} of {total} prompts: the figures below cover those.",
                      "Il benchmark è stato interrotto dopo {done} di {total} prompt: i grafici qui sotto riguardano quelli."),
    "bench.quick_tab": ("Quick benchmark", "Benchmark rapido"),
    "bench.quick_caption": ("The tiny pair (random weights: gibberish text, real mechanics) at k = 1, 2 and 4 on one "
                            "prompt of each set, beside Hugging Face's assisted generation: about half a minute.",
                            "La coppia minuscola (pesi casuali: testo senza senso, meccanica vera) con k = 1, 2 e 4 "
                            "su un prompt di ogni gruppo, a confronto con l'assisted generation di Hugging Face: "
                            "circa mezzo minuto."),
    "bench.show": ("Report to show", "Report da mostrare"),
    "bench.show.mine": ("the benchmark you just ran", "il benchmark che hai appena eseguito"),
    "bench.show.saved": ("a saved report", "un report salvato"),
    "own.tab": ("Your own prompts", "I tuoi prompt"),
    "own.caption": ("Up to {most} prompts, each run twice, interleaved: by the Live page's configuration "
                    "({draft} → {target}, its drafter, k, schedule, verifier, temperature and seed) and by the target "
                    "alone, at most {tokens} new tokens each, in the server's queue. On a laptop CPU the default pair "
                    "takes about a minute per prompt.",
                    "Fino a {most} prompt, ciascuno eseguito due volte, alternando: con la configurazione della "
                    "pagina Dal vivo ({draft} → {target}, il suo drafter, k, strategia, verificatore, temperatura e "
                    "seme) e con il solo target, al massimo {tokens} token nuovi ciascuno, nella coda del server. Su "
                    "una CPU da portatile la coppia predefinita richiede circa un minuto per prompt."),
    "own.typed": ("Prompts, one per line", "Prompt, uno per riga"),
    "own.placeholder": ("def merge_sorted(a, b):\nCiao! Spiegami in due frasi cos'è un'API.",
                        "def merge_sorted(a, b):\nCiao! Spiegami in due frasi cos'è un'API."),
    "own.upload": ("…or a JSON-lines file", "…oppure un file JSON lines"),
    "own.upload_help": ('One JSON object per line with a "prompt" field (the format of assets/prompts/*.jsonl); '
                        "use it for prompts that span several lines.",
                        'Un oggetto JSON per riga con il campo "prompt" (il formato di assets/prompts/*.jsonl); '
                        "serve per i prompt su più righe."),
    "own.run": ("Benchmark my prompts", "Misura i miei prompt"),
    "own.empty": ("Type a prompt (one per line) or upload a JSON-lines file first.",
                  "Prima scrivi un prompt (uno per riga) o carica un file JSON lines."),
    "own.too_many": ("{count} prompts: at most {most} run here. Remove some and run again.",
                     "{count} prompt: qui ne girano al massimo {most}. Togline alcuni e riprova."),
    "own.too_long": ("Prompt {number} has {length} characters; this server takes at most {most}.",
                     "Il prompt {number} ha {length} caratteri; questo server ne accetta al massimo {most}."),
    "own.not_utf8": ("The file is not UTF-8 text: upload JSON lines, one object with a \"prompt\" field per line.",
                     "Il file non è testo UTF-8: carica JSON lines, un oggetto con il campo \"prompt\" per riga."),
    "own.bad_line": ('Line {line} of the file is not a JSON object with a "prompt" text.',
                     'La riga {line} del file non è un oggetto JSON con un testo "prompt".'),
    "own.too_big": ("The file is larger than this server's limit of {most} MB.",
                    "Il file supera il limite di questo server, {most} MB."),
    "bench.set.own": ("your prompts", "i tuoi prompt"),
}
