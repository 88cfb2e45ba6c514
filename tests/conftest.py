"""Shared fixtures: the tiny pair is loaded once per test session."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("HF_HUB_OFFLINE", "1")  # no hub is reachable; fail fast instead of retrying


@pytest.fixture(scope="session")
def tiny_pair():
    from specviz.models.loader import load_model

    return load_model("tiny-draft", device="cpu"), load_model("tiny-target", device="cpu")


@pytest.fixture(scope="session")
def real_pair():
    """The offline Qwen2.5-Coder 0.5B -> 1.5B pair in float32 (converted once, then cached)."""
    from specviz.models.loader import load_model

    return load_model("qwen2.5-coder-0.5b", device="cpu", dtype="float32"), load_model(
        "qwen2.5-coder-1.5b", device="cpu", dtype="float32"
    )
