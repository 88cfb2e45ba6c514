"""Landing page: what speculative decoding is, where to go, and the glossary."""

import streamlit as st

from pages import shared
from specviz.text import GLOSSARY

shared.init_state()
st.title(shared.tr("home.title"))
st.markdown(shared.tr("home.intro"))
st.markdown(shared.tr("home.pages"))
st.subheader(shared.tr("home.glossary"))
st.markdown("\n".join(f"- **{term}**: {shared.term_help(term)}" for term in GLOSSARY))
