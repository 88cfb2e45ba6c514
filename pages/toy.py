"""Toy distributions: one verification step on p and q chosen by the user, computed exactly."""

import streamlit as st

from pages.ui import hosting, jobs, numbers, session
from specviz.core import expected, montecarlo, stats, toy
from specviz.core.verifiers import VERIFIERS
from specviz.errors import SpecvizError
from specviz.text import literal
from specviz.viz import toy_figures

# The verifiers the Monte Carlo runs, by the names the figures use: the exact rule and the broken one.
RULES = {"token": "exact", "naive": "naive"}
PRESETS = {  # by the key of their name in specviz/text/
    "toy.preset.article": (["A", "B", "C"], [0.5, 0.3, 0.2], [0.7, 0.2, 0.1]),
    "toy.preset.equal": (["A", "B", "C"], [0.5, 0.3, 0.2], [0.5, 0.3, 0.2]),
    "toy.preset.disjoint": (["A", "B", "C"], [0.6, 0.4, 0.0], [0.0, 0.0, 1.0]),
    "toy.preset.one_hot": (["A", "B", "C"], [0.4, 0.35, 0.25], [0.96, 0.02, 0.02]),
}


def apply_preset(name: str) -> None:
    names, p, q = PRESETS[name]
    st.session_state["toy_size"] = len(names)
    for i, (label, a, b) in enumerate(zip(names, p, q)):
        st.session_state[f"toy_name_{i}"], st.session_state[f"toy_p_{i}"], st.session_state[f"toy_q_{i}"] = label, a, b
    st.session_state.pop("toy_mc", None)


def apply_chosen_preset() -> None:
    if not session.mend_choice("toy_preset", list(PRESETS)):  # a label sent back after a change of language
        apply_preset(st.session_state["toy_preset"])


session.init_state()
linked = session.take_link("toy_preset", PRESETS)  # a lesson's "show me" link
if linked is not None:
    st.session_state["toy_preset"] = linked
    apply_preset(linked)
elif "toy_size" not in st.session_state:
    apply_preset("toy.preset.article")
tr, fill = session.tr, session.fill
st.title(tr("toy.title"))
st.caption(tr("toy.caption"))
st.selectbox(tr("preset"), list(PRESETS), format_func=session.labels("", "toy_preset", list(PRESETS)), key="toy_preset",
             on_change=apply_chosen_preset)
size = st.number_input(tr("toy.tokens"), 2, 10, key="toy_size")

columns = st.columns(int(size))
names, p_weights, q_weights = [], [], []
for i, column in enumerate(columns):
    st.session_state.setdefault(f"toy_name_{i}", chr(ord("A") + i))
    st.session_state.setdefault(f"toy_p_{i}", 1.0 / size)
    st.session_state.setdefault(f"toy_q_{i}", 1.0 / size)
    names.append(column.text_input(tr("toy.token"), key=f"toy_name_{i}", max_chars=12) or f"t{i}")
    p_weights.append(numbers.decimal_box(column, tr("toy.p_weight"), 0.0, 1.0, key=f"toy_p_{i}"))
    q_weights.append(numbers.decimal_box(column, tr("toy.q_weight"), 0.0, 1.0, key=f"toy_q_{i}"))

if len(set(names)) != len(names):
    st.error(tr("toy.same_names"))
    st.stop()
try:
    p, q = toy.normalise(p_weights), toy.normalise(q_weights)
    result = toy.one_position(p, q)
except SpecvizError as error:
    st.error(f"{tr('toy.bad')}: {literal(error)}. {tr('toy.bad_hint')}")
    st.stop()

metrics = st.columns(3)
metrics[0].metric(tr("toy.accepted"), str(result.accepted_total), help=f"= {float(result.accepted_total):.4f}")
metrics[1].metric(tr("toy.rejected"), str(result.rejected_mass), help=f"= {float(result.rejected_mass):.4f}")
metrics[2].metric(tr("toy.naive_off"), session.number(stats.total_variation(result.naive, result.p), 4))

lang = st.session_state.get("lang", "en")
session.chart(toy_figures.step_figure(result, names, lang), key="toy_step")
def shown_fraction(value) -> str:
    """A fraction as it is, unless its denominator is too long to read: then "…"."""
    return str(value) if value.denominator < 10**7 else "…"


def exact_and_decimal(values) -> list[str]:
    """Each fraction with its decimal beside it: "3/10 (0.300)"."""
    return [str(x) if x.denominator == 1 else f"{x} ({session.number(float(x), 3)})" for x in values]


table = {
    tr("toy.col_token"): names,
    tr("fig.target_p"): exact_and_decimal(result.p),
    tr("fig.draft_q"): exact_and_decimal(result.q),
    tr("toy.col_accepted"): exact_and_decimal(result.accepted),
    tr("toy.col_residual"): exact_and_decimal(result.residual),
    tr("toy.col_correction"): exact_and_decimal(result.correction) if result.correction else ["—"] * len(names),
    tr("toy.col_exact"): exact_and_decimal(result.exact),
    tr("toy.col_naive"): exact_and_decimal(result.naive),
}
st.dataframe(table, hide_index=True)
if result.correction is None:
    st.info(tr("toy.equal"))
elif result.exact == result.p:
    exact_text = ", ".join(str(x) for x in result.exact)
    st.success(f"{tr('toy.exact_ok')}: {exact_text}.")

st.subheader(tr("toy.verifiers"))
st.caption(tr("toy.verifiers_caption"))
positions = st.slider(tr("toy.positions"), 1, 8, 4, key="toy_positions")
chances = expected.acceptance_by_position(result.p, result.q, positions)
names = {rule: VERIFIERS.label(rule, session.lang()) for rule in chances}
for column, (rule, values) in zip(st.columns(len(chances)), chances.items()):
    column.metric(names[rule], session.number(float(sum(values)), 3), help=f"= {shown_fraction(sum(values))}")
st.dataframe({tr("toy.col_position"): list(range(1, positions + 1)),
              **{names[rule]: [f"{session.number(float(v), 4)} ({shown_fraction(v)})" for v in values]
                 for rule, values in chances.items()}}, hide_index=True)

st.subheader(tr("toy.monte_carlo"))
jobs.keep_finished("toy_mc_job", "toy_mc")
most_samples = max(100, min(montecarlo.MAX_SAMPLES, hosting.hosting().max_mc_samples) // 100 * 100)
samples = st.slider(tr("toy.samples"), 100, most_samples, min(5000, most_samples), step=100)
if st.button(tr("toy.sample"), type="primary"):
    try:
        jobs.run_job(lambda: montecarlo.MonteCarloJob(p, q, samples, rules=tuple(RULES)),
                     "toy_mc_job", "toy_mc", "toy.progress", what="monte-carlo")
    except SpecvizError as error:
        st.error(literal(error))
mc = st.session_state.get("toy_mc")
empirical = None
if mc and (mc.p, mc.q) == (tuple(map(float, p)), tuple(map(float, q))):
    if not mc.complete:
        st.warning(fill("toy.stopped", done=mc.samples_done, total=mc.samples_asked))
    distances = st.columns(2)
    for column, (rule, shown) in zip(distances, RULES.items()):
        column.metric(fill(f"toy.tv_after_{shown}", n=mc.samples_done),
                      session.number(stats.total_variation(mc.frequencies[rule], result.p), 4))
    st.caption(tr("toy.shrinks"))
    session.chart(toy_figures.distance_figure({shown: mc.curves[rule] for rule, shown in RULES.items()}, lang),
                    key="toy_distance")
    empirical = {shown: mc.frequencies[rule] for rule, shown in RULES.items()}
session.chart(toy_figures.outcome_figure(result, names, empirical, lang), key="toy_outcome")
