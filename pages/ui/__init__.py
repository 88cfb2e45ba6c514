"""Streamlit glue the pages share, one module per job.

- session.py: per-session state, set up in one place, the language and shared links;
- hosting.py: the host's settings and the server's generation queue;
- models.py: one cached copy of each model per server, loaded with progress;
- run_view.py: the viewer of one recorded run;
- legacy_pages.py: the one workaround of a Streamlit behaviour, isolated.
Everything that computes lives in specviz/, which never imports Streamlit.
"""
