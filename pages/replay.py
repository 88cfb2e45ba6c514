"""Replay: browse a recorded run from a JSON trace, with no model loaded."""

import streamlit as st

from pages.ui import hosting, session
from pages.ui.run_view import show_run
from specviz.engine.schedules import SCHEDULES
from specviz.engine.trace import run_from_json
from specviz.errors import SpecvizError
from specviz.settings import ASSETS
from specviz.text import literal

session.init_state()
tr, fill = session.tr, session.fill


def shown(value) -> str:
    """A policy number from the trace as the page's language writes it (0,8); anything else, literally."""
    return literal(f"{value:g}".replace(".", "," if session.lang() == "it" else ".")) if isinstance(value, float) \
        else literal(value)

st.title(tr("replay.title"))
st.caption(tr("replay.caption"))
bundled = {path.stem: path for path in sorted((ASSETS / "traces").glob("*.json"))}
choices = [tr("replay.bundled"), tr("replay.upload")]
linked = session.take_link("replay_example", bundled)  # a lesson's "show me" link: a trace, a cycle, a frame
if linked is not None:
    st.session_state["replay_source"], st.session_state["replay_example"] = choices[0], linked
    for key in ("replay_cycle", "replay_frame"):
        st.session_state.pop(key, None)
        if (value := session.take_link(key)) is not None:
            st.session_state[key] = value
source = st.radio(tr("replay.trace"), choices, horizontal=True, key="replay_source")
text = None
if source == choices[0] or source is None:
    name = st.selectbox(tr("replay.example"), list(bundled), key="replay_example")
    text = bundled[name].read_text(encoding="utf-8") if name else None
else:
    upload = st.file_uploader(tr("replay.file"), type=["json"], key="replay_upload")
    if upload is not None:
        limit = hosting.hosting().max_upload_bytes
        if upload.size > limit:
            st.error(f"{tr('replay.too_big')}: {upload.size:,} > {limit:,} bytes.")
        else:
            text = upload.getvalue().decode("utf-8", errors="replace")

if text is not None:
    try:
        record = run_from_json(text)
    except SpecvizError as error:
        st.error(f"{tr('replay.not_trace')}: {literal(error)}")
    else:
        policy, settings = record.policy, record.settings
        # Every field here comes from a file someone uploaded: shown literally.
        st.markdown(fill(
            "replay.summary", draft=literal(record.draft) if record.draft else tr("replay.target_only"),
            target=literal(record.target), device=literal(record.device), dtype=literal(record.dtype),
            temperature=shown(policy.get("temperature")), top_k=literal(policy.get("top_k")),
            top_p=shown(policy.get("top_p")), k=literal(settings.k),
            schedule=literal(SCHEDULES.label(settings.schedule, session.lang())), seed=literal(settings.seed)))
        with st.expander(tr("replay.prompt")):
            st.code(record.prompt, language=None)
        show_run(record, key="replay")
