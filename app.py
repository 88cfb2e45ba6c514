"""specviz: the Streamlit entry point. Session defaults, the language switch and navigation; pages live in pages/."""

import streamlit as st

from pages.ui import models, session

st.set_page_config(page_title="specviz: speculative decoding", page_icon=":material/bolt:", layout="wide")
session.init_state()
models.preloading()  # the first page view starts readying the default pair (when `specviz serve` asked)
session.language_picker()
tr = session.tr
navigation = st.navigation(
    [
        st.Page("pages/lesson.py", title=tr("nav.lesson"), icon=":material/school:", default=True),
        st.Page("pages/home.py", title=tr("nav.home"), icon=":material/home:", url_path="home"),
        st.Page("pages/live.py", title=tr("nav.live"), icon=":material/play_circle:", url_path="live"),
        st.Page("pages/exactness.py", title=tr("nav.exactness"), icon=":material/science:", url_path="exactness"),
        st.Page("pages/verifiers.py", title=tr("nav.verifiers"), icon=":material/balance:", url_path="verifiers"),
        st.Page("pages/replay.py", title=tr("nav.replay"), icon=":material/replay:", url_path="replay"),
        st.Page("pages/toy.py", title=tr("nav.toy"), icon=":material/casino:", url_path="toy"),
        st.Page("pages/budget.py", title=tr("nav.budget"), icon=":material/timer:", url_path="budget"),
        st.Page("pages/policy.py", title=tr("nav.policy"), icon=":material/tune:", url_path="policy"),
        st.Page("pages/tokenization.py", title=tr("nav.tokenizers"), icon=":material/text_fields:",
                url_path="tokenization"),
        st.Page("pages/benchmark.py", title=tr("nav.bench"), icon=":material/speed:", url_path="benchmark"),
        st.Page("pages/checklist.py", title=tr("nav.checklist"), icon=":material/checklist:", url_path="checklist"),
    ]
)
navigation.run()
