"""Landing page: what speculative decoding is, where to go, and the glossary."""

import streamlit as st

from pages.ui import session
from specviz.text import GLOSSARY

session.init_state()
st.title(session.tr("home.title"))
st.markdown(session.tr("home.intro"))
st.markdown(session.tr("home.pages"))
st.subheader(session.tr("home.glossary"))
st.markdown("\n".join(f"- **{term}**: {session.term_help(term)}" for term in GLOSSARY))
