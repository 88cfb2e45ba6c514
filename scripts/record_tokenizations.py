"""Save the tokenizer view's two example sentences, cut by the Qwen, SmolLM2 and Gemma tokenizers.

    python scripts/record_tokenizations.py

Writes assets/tokenizers.json, which lets the view show the examples where the
tokenizers are not installed. Needs the three models' packages (see README).
"""

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from specviz.models.tokenizers import COMPARED, RECORDED, compare, load_tokenizer  # noqa: E402
from specviz.text import text  # noqa: E402


def main() -> None:
    tokenizers = {shown: load_tokenizer(name) for name, shown in COMPARED.items()}
    data = {lang: compare(text("tokenizers.sentence", lang), tokenizers).to_dict() for lang in ("en", "it")}
    RECORDED.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    for lang, item in data.items():
        print(lang, {t["model"]: len(t["ids"]) for t in item["tokenizations"]})


if __name__ == "__main__":
    main()
