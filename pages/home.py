"""Landing page: what speculative decoding is, in three sentences, and where to go."""

import streamlit as st

st.title("specviz: speculative decoding you can watch")
st.markdown(
    """
A small **draft** model proposes *k* tokens; the large **target** model scores all of them in one
forward pass; an exact rejection rule keeps a prefix of the proposal and draws one more token, a
**correction** from the residual max(p − q, 0) or a **bonus** when every proposal passed. The output
has exactly the target's distribution, yet needs fewer target passes.

- **Toy distributions**: one verification step, exactly, on p and q you choose.
- **Time budget**: when does speculation pay, for which *k* and acceptance rate?
"""
)
