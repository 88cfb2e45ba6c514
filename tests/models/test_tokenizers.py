"""The tokenizer view's data: three vocabularies cut one sentence differently, and one id means different strings."""

from __future__ import annotations

import pytest

from specviz.errors import SpecvizError
from specviz.models.tokenizers import COMPARED, compare, load_tokenizer, recorded
from specviz.text import text
from specviz.viz.token_figures import pieces_html, same_id_html

VOCABULARIES = {"Qwen2.5": 151_936, "SmolLM2": 49_152, "Gemma 3": 262_144}  # as the GGUF headers give them


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_saved_examples_cut_the_sentence_of_each_language_three_ways(lang):
    comparison = recorded()[lang]
    assert comparison.sentence == text("tokenizers.sentence", lang)
    assert {cut.model: cut.vocab_size for cut in comparison.tokenizations} == VOCABULARIES
    for cut in comparison.tokenizations:
        assert len(cut.ids) == len(cut.pieces) > 0
        assert "".join(cut.pieces).strip() == comparison.sentence  # the pieces put back together give the sentence
        for token_id, piece in zip(cut.ids, cut.pieces):
            assert comparison.elsewhere[token_id][cut.model] == piece
    # The point of the view: the same id is a different string in another vocabulary.
    differing = [i for i, texts in comparison.elsewhere.items() if len(set(texts.values())) == len(texts)]
    assert len(differing) >= len(comparison.elsewhere) // 2


def test_an_id_beyond_a_vocabulary_is_shown_as_missing():
    comparison = recorded()["it"]
    beyond = [i for i in comparison.elsewhere if i >= VOCABULARIES["SmolLM2"]]
    assert beyond and all(comparison.elsewhere[i]["SmolLM2"] is None for i in beyond)
    assert "<td>—</td>" in same_id_html(comparison, "it")


def test_pieces_are_shown_escaped_with_visible_spaces():
    from specviz.models.tokenizers import Tokenization
    shown = pieces_html(Tokenization("x", 10, [1, 2], [" <b>", "\x07"]))
    assert "␣&lt;b&gt;" in shown and "\\x07" in shown and "<b>" not in shown


@pytest.mark.real
def test_the_saved_examples_are_what_the_tokenizers_give_today():
    try:
        tokenizers = {shown: load_tokenizer(name) for name, shown in COMPARED.items()}
    except SpecvizError as error:
        pytest.skip(f"a tokenizer is not installed: {error}")
    for saved in recorded().values():
        assert compare(saved.sentence, tokenizers) == saved
