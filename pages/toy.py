"""Toy distributions: one verification step on p and q typed by the user, computed exactly."""

import streamlit as st

from specviz.core import toy
from specviz.errors import SpecvizError

st.title("Toy distributions")
p_text = st.text_input("Target p", "0.5,0.3,0.2")
q_text = st.text_input("Draft q", "0.7,0.2,0.1")
try:
    result = toy.one_position(toy.parse_distribution(p_text, "p"), toy.parse_distribution(q_text, "q"))
except SpecvizError as error:
    st.error(str(error))
else:
    st.json(result.to_json())
