"""Tokenizers: one sentence cut by three vocabularies, and the same id meaning different things in each."""

import streamlit as st

from pages.ui import hosting as host
from pages.ui import session
from specviz.errors import SpecvizError
from specviz.models.assets import install_hint
from specviz.models.registry import REGISTRY
from specviz.models.tokenizers import COMPARED, Comparison, compare, load_tokenizer, recorded
from specviz.viz import token_figures

MAX_SENTENCE = 300  # characters: enough for a sentence, small enough for a table


@st.cache_resource(show_spinner=False)
def cached_tokenizer(name: str):
    return load_tokenizer(name)


def tokenized(sentence: str) -> tuple[Comparison | None, list[str]]:
    """The comparison from the installed tokenizers, and a message for each tokenizer that is missing."""
    loaded, missing = {}, []
    offered = host.hosting().allowed_models
    with st.spinner(tr("tokenizers.loading")):
        for name, shown in COMPARED.items():
            if name not in offered:  # the host did not allow this model: its tokenizer is not loaded either
                missing.append(fill("tokenizers.not_offered", model=shown))
                continue
            try:
                loaded[shown] = cached_tokenizer(name)
            except SpecvizError:
                missing.append(fill("tokenizers.missing", model=shown, hint=install_hint(REGISTRY[name].source)))
    return (compare(sentence, loaded) if loaded else None), missing


session.init_state()
tr, fill = session.tr, session.fill
lang = session.lang()
if (linked := session.take_link("tokenizer_sentence")) is not None:
    st.session_state["tokenizer_sentence"] = linked
st.title(tr("tokenizers.title"))
st.caption(tr("tokenizers.caption"))
examples = recorded()
sentence = st.text_input(tr("tokenizers.input"), key="tokenizer_sentence", max_chars=MAX_SENTENCE,
                         placeholder=examples[lang].sentence) or examples[lang].sentence
saved = {item.sentence: item for item in examples.values()}
if sentence in saved:
    comparison, problems = saved[sentence], []
    st.caption(tr("tokenizers.recorded"))
else:
    comparison, problems = tokenized(sentence)
for problem in problems:
    st.warning(problem)
if comparison is not None:
    for column, cut in zip(st.columns(len(comparison.tokenizations)), comparison.tokenizations):
        column.subheader(cut.model)
        column.caption(fill("tokenizers.count", count=len(cut.ids), size=session.integer(cut.vocab_size)))
        column.html(token_figures.pieces_html(cut))
    session.focus_here("same_id")  # where the lesson's "show me" lands: the table its exercise reads
    st.subheader(tr("tokenizers.same_id"))
    st.caption(tr("tokenizers.same_id_caption"))
    st.html(token_figures.same_id_html(comparison, lang))
