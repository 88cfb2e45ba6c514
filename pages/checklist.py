"""Checklist: the article's five practical questions, each answered with a figure measured by this app."""

import streamlit as st

from pages.ui import session
from specviz.bench.checklist import answers
from specviz.text import numbers

session.init_state()
tr, fill = session.tr, session.fill
st.title(tr("checklist.title"))
st.caption(tr("checklist.caption"))
for n, answer in enumerate(answers(), start=1):
    st.subheader(f"{n}. {tr(f'checklist.{answer.name}.question')}")
    st.markdown(fill(f"checklist.{answer.name}.answer", **numbers(answer.figures, session.lang())))
    st.page_link(answer.page, label=tr("checklist.where"), icon=":material/open_in_new:",
                 query_params=session.link_query(answer.link))
    st.caption(fill("checklist.source", source=answer.source))
