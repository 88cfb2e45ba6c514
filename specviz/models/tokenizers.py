"""Tokenizers of models with different vocabularies, side by side, and why their ids cannot be compared.

A tokenizer alone is small, but the packaged models ship it inside their GGUF
file: the first load reads it from there (seconds to a minute) and keeps a
converted copy under the cache folder; a model's converted copy, where there is
one, serves as well. ``recorded()`` gives the comparison of two example
sentences saved in assets/, so the view works where no tokenizer is installed.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import asdict, dataclass
from pathlib import Path

from specviz.errors import SpecvizError
from specviz.models.assets import cache_root, install_hint, joined_gguf
from specviz.models.loader import cache_dir, cache_is_valid
from specviz.models.registry import REGISTRY
from specviz.models.token_text import token_text

# One model of each vocabulary the offline models have, by registry name, and how the view names them.
COMPARED = {"qwen2.5-coder-0.5b": "Qwen2.5", "smollm2-135m": "SmolLM2", "gemma3-270m": "Gemma 3"}
RECORDED = Path(__file__).resolve().parents[2] / "assets" / "tokenizers.json"


@dataclass(frozen=True)
class Tokenization:
    model: str  # the COMPARED name
    vocab_size: int
    ids: list[int]
    pieces: list[str]  # each id's text, as a person should see it


@dataclass(frozen=True)
class Comparison:
    """One sentence cut by every tokenizer, and what each id of any of them means in every vocabulary."""

    sentence: str
    tokenizations: list[Tokenization]
    elsewhere: dict[int, dict[str, str | None]]  # id -> model -> that id's text there (None: no such id)

    def to_dict(self) -> dict:
        return {"sentence": self.sentence, "tokenizations": [asdict(t) for t in self.tokenizations],
                "elsewhere": {str(i): texts for i, texts in self.elsewhere.items()}}

    @classmethod
    def from_dict(cls, data: dict) -> Comparison:
        return cls(data["sentence"], [Tokenization(**t) for t in data["tokenizations"]],
                   {int(i): texts for i, texts in data["elsewhere"].items()})


def load_tokenizer(name: str):
    """The tokenizer of the registry model `name`; SpecvizError naming the packages when it is not installed."""
    from transformers import AutoTokenizer

    entry = REGISTRY[name]
    if cache_is_valid(cache_dir(entry), entry):  # the model was converted: its tokenizer is there
        return AutoTokenizer.from_pretrained(str(cache_dir(entry)), trust_remote_code=False)
    folder = cache_root() / "tokenizers" / f"{entry.name}-{entry.source.sha256[:12]}"
    if (folder / "tokenizer_config.json").exists():
        return AutoTokenizer.from_pretrained(str(folder), trust_remote_code=False)
    try:
        gguf = joined_gguf(entry.source, cache_root() / "gguf")
    except SpecvizError as error:
        raise SpecvizError(f"{name}: {error}. Install it with: {install_hint(entry.source)}") from None
    tokenizer = AutoTokenizer.from_pretrained(str(gguf.parent), gguf_file=gguf.name)
    partial = folder.with_name(folder.name + ".partial")
    shutil.rmtree(partial, ignore_errors=True)
    tokenizer.save_pretrained(partial)
    partial.replace(folder)
    if gguf.parent == cache_root() / "gguf":
        gguf.unlink()  # a joined file only served this read
    return tokenizer


def compare(sentence: str, tokenizers: dict[str, object]) -> Comparison:
    """`sentence` cut by each tokenizer (by COMPARED name), with every id's meaning in every vocabulary."""
    cut = []
    for model, tokenizer in tokenizers.items():
        ids = tokenizer.encode(sentence, add_special_tokens=False)
        cut.append(Tokenization(model, len(tokenizer), ids, [token_text(tokenizer, i) for i in ids]))
    elsewhere = {i: {model: (token_text(tokenizer, i) if i < len(tokenizer) else None)
                     for model, tokenizer in tokenizers.items()}
                 for t in cut for i in t.ids}
    return Comparison(sentence, cut, elsewhere)


def recorded() -> dict[str, Comparison]:
    """The saved comparisons, by language ("en", "it")."""
    data = json.loads(RECORDED.read_text(encoding="utf-8"))
    return {lang: Comparison.from_dict(item) for lang, item in data.items()}
