"""specviz: the Streamlit entry point. Navigation only; each page lives in pages/."""

import streamlit as st

st.set_page_config(page_title="specviz: speculative decoding", page_icon="🔮", layout="wide")

navigation = st.navigation(
    [
        st.Page("pages/home.py", title="Home", icon="🏠", default=True),
        st.Page("pages/toy.py", title="Toy distributions", icon="🎲"),
        st.Page("pages/budget.py", title="Time budget", icon="⏱️"),
    ]
)
navigation.run()
