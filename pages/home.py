"""Landing page: what speculative decoding is, where to go, and the glossary."""

import streamlit as st

from pages.ui import session
from specviz.text import GLOSSARY, term

session.init_state()
st.title(session.tr("home.title"))
st.markdown(session.tr("home.intro"))
st.markdown(session.tr("home.pages"))
st.subheader(session.tr("home.glossary"))
lang = st.session_state.get("lang", "en")
st.markdown("\n".join(f"- **{term(name, lang)}**: {session.term_help(name)}" for name in GLOSSARY))
