"""Plotly figures built from specviz's records: pure functions, testable without a browser."""
