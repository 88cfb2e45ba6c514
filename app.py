"""specviz: the Streamlit entry point. Navigation only; each page lives in pages/."""

import streamlit as st

st.set_page_config(page_title="specviz: speculative decoding", page_icon=":material/bolt:", layout="wide")

navigation = st.navigation(
    [
        st.Page("pages/home.py", title="Home", icon=":material/home:", default=True),
        st.Page("pages/live.py", title="Live decoding", icon=":material/play_circle:"),
        st.Page("pages/exactness.py", title="Exactness lab", icon=":material/science:"),
        st.Page("pages/replay.py", title="Replay", icon=":material/replay:"),
        st.Page("pages/toy.py", title="Toy distributions", icon=":material/casino:"),
        st.Page("pages/budget.py", title="Time budget", icon=":material/timer:"),
    ]
)
navigation.run()
