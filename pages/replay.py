"""Replay: browse a recorded run from a JSON trace, with no model loaded."""

import streamlit as st

from pages import shared
from specviz.engine.trace import run_from_json
from specviz.errors import SpecvizError

shared.init_state()
tr = shared.tr
st.title(tr("replay.title"))
st.caption(tr("replay.caption"))
bundled = {path.stem: path for path in sorted((shared.ASSETS / "traces").glob("*.json"))}
choices = [tr("replay.bundled"), tr("replay.upload")]
source = st.radio("Trace", choices, horizontal=True, key="replay_source")
text = None
if source == choices[0] or source is None:
    name = st.selectbox("Example", list(bundled), key="replay_example")
    text = bundled[name].read_text(encoding="utf-8") if name else None
else:
    upload = st.file_uploader("JSON trace", type=["json"], key="replay_upload")
    if upload is not None:
        limit = shared.hosting().max_upload_bytes
        if upload.size > limit:
            st.error(f"{tr('replay.too_big')}: {upload.size:,} > {limit:,} bytes.")
        else:
            text = upload.getvalue().decode("utf-8", errors="replace")

if text is not None:
    try:
        record = run_from_json(text)
    except SpecvizError as error:
        st.error(f"{tr('replay.not_trace')}: {error}")
    else:
        policy = record.policy
        st.markdown(f"**{record.draft or 'target only'} → {record.target}** on {record.device} ({record.dtype}), "
                    f"temperature {policy.get('temperature')}, top-k {policy.get('top_k')}, top-p "
                    f"{policy.get('top_p')}, k = {record.settings.get('k')} ({record.settings.get('schedule')}), "
                    f"seed {record.settings.get('seed')}")
        with st.expander(tr("replay.prompt")):
            st.code(record.prompt, language=None)
        shared.show_run(record, key="replay")
