"""Verifiers side by side: one cycle judged by every exact rule, then the rules over a run and over a benchmark."""

import streamlit as st

from pages.ui import session
from specviz.bench.checklist import load_report
from specviz.bench.rules import VERIFIER_REPORTS, measured_rules
from specviz.engine.trace import run_from_json
from specviz.engine.verdicts import judged_cycles, tally
from specviz.settings import ASSETS
from specviz.viz import verifier_figures

session.init_state()
tr, fill, lang = session.tr, session.fill, session.lang()
st.title(tr("verifiers.title"))
st.caption(tr("verifiers.caption"))
st.markdown(tr("verifiers.rules"))



@st.cache_data(show_spinner=False)
def judged_traces() -> dict[str, str]:
    """The shipped traces that hold every rule's verdicts (the sampled ones: under greedy all rules agree)."""
    texts = {path.stem: path.read_text(encoding="utf-8") for path in sorted((ASSETS / "traces").glob("*.json"))}
    return {name: text for name, text in texts.items() if judged_cycles(run_from_json(text))}


bundled = judged_traces()
sources = ["trace", "live"]
if (linked := session.take_link("verifiers_example", bundled)) is not None:  # a lesson's "show me" link
    st.session_state["verifiers_source"], st.session_state["verifiers_example"] = "trace", linked
    st.session_state.pop("verifiers_cycle", None)
    if (cycle_link := session.take_link("verifiers_cycle")) is not None:
        st.session_state["verifiers_cycle"] = cycle_link
source = st.radio(tr("verifiers.source"), sources, horizontal=True, key="verifiers_source",
                  format_func=session.labels("verifiers.from_", "verifiers_source", sources))
record = None
if source == "live":
    runs = st.session_state.get("runs") or []
    if runs:
        record = runs[-1]
    else:
        st.info(tr("verifiers.no_live"))
else:
    name = st.selectbox(tr("verifiers.run"), list(bundled), key="verifiers_example")
    if name:
        record = run_from_json(bundled[name])

if record is not None:
    judged = judged_cycles(record)
    if not judged:
        st.warning(tr("verifiers.no_verdicts"))
    else:
        if st.session_state.get("verifiers_cycle") not in [i + 1 for i in judged]:
            st.session_state.pop("verifiers_cycle", None)
        chosen = st.select_slider(tr("verifiers.cycle"), options=[i + 1 for i in judged], key="verifiers_cycle") \
            if len(judged) > 1 else judged[0] + 1
        cycle = record.cycles[chosen - 1]
        st.markdown(fill("verifiers.decided", rule=verifier_figures.rule_name(record.verifier, lang)))
        if not record.policy.get("temperature"):
            st.info(tr("verifiers.greedy"))
        st.markdown(fill("verifiers.proposal", cycle=chosen, tokens=verifier_figures.proposal_line(cycle)))
        for sentence in verifier_figures.verdict_sentences(cycle, lang):
            st.markdown("- " + sentence)
        session.chart(verifier_figures.verdict_figure(cycle, lang), key="verifiers_cycle_chart")
        st.subheader(tr("verifiers.over_run"))
        tallies = tally(record)
        st.caption(fill("verifiers.over_run_caption", cycles=tallies[0].cycles))
        st.dataframe(verifier_figures.tally_rows(tallies, lang), hide_index=True, key="verifiers_tally")

st.subheader(tr("verifiers.measured"))
for name in VERIFIER_REPORTS:
    report = load_report(name)
    st.caption(fill("verifiers.measured_caption", report=f"`{name}`", prompts=len(report.prompts),
                    tokens=report.plan.get("max_new_tokens", 0)))
    st.dataframe(verifier_figures.measured_rows(measured_rules(report), lang), hide_index=True,
                 key=f"verifiers_measured_{name}")
st.markdown(tr("verifiers.measured_note"))
