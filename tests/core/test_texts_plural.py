"""A count of one reads in the singular: "1 token", not "1 tokens"."""

from specviz.text import fill


def test_a_sentence_with_a_singular_form_uses_it_for_a_count_of_one():
    assert fill("frame.1.sentence", "en", n=1).startswith("The draft proposed 1 token,")
    assert fill("frame.1.sentence", "en", n=3).startswith("The draft proposed 3 tokens")
    assert fill("tokenizers.count", "en", count=1, size="49,152").startswith("1 token ·")
    assert fill("tokenizers.count", "en", count=2, size="49,152").startswith("2 tokens ·")
    assert "l'unico token" in fill("live.partial", "it", count=1)
    assert "i 2 token" in fill("live.partial", "it", count=2)


def test_a_count_of_none_has_its_own_sentence_where_one_is_written():
    import specviz.core.verifiers  # noqa: F401  (registers the token rule's sentences)

    assert fill("frame.3.stopped", "it", count=0, position=1).startswith("Nessuna proposta è passata")
    assert fill("frame.3.stopped", "en", count=1, position=2).startswith("1 proposal passed")
    assert fill("frame.3.stopped", "en", count=3, position=4).startswith("3 proposals passed")
