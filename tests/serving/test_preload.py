"""Readying the default pair before the first Run: what is started, in which order, and how failures show."""

from pathlib import Path

from specviz.models.registry import DEFAULT_DRAFT, DEFAULT_TARGET
from specviz.serving import preload
from specviz.serving.config import load_config


def test_the_default_pair_is_readied_target_first_and_only_if_the_host_allows_it():
    assert preload.default_pair((DEFAULT_DRAFT, DEFAULT_TARGET, "tiny-draft")) == [
        (DEFAULT_TARGET, "target"), (DEFAULT_DRAFT, "draft")]
    assert preload.default_pair(("tiny-draft", "tiny-target")) == []
    # Nothing of the default pair allowed: no background conversion is started.
    assert preload.start_preparing(("tiny-draft", "tiny-target"), Path("/nonexistent/log")) is None


def test_a_preload_loads_each_model_in_turn_and_reports_failures():
    loaded = []

    def load(name, role, progress=None):
        loaded.append((name, role))
        if name == "tiny-draft":
            raise MemoryError("not enough memory to load tiny-draft")

    job = preload.Preload([("tiny-target", "target"), ("tiny-draft", "draft")])
    job.start(load)
    job.thread.join(timeout=30)
    assert loaded == [("tiny-target", "target"), ("tiny-draft", "draft")]
    assert job.state == {"tiny-target": "ready", "tiny-draft": "failed"} and job.done
    assert job.errors["tiny-draft"] == "not enough memory to load tiny-draft"


def test_the_host_can_turn_the_preload_off():
    assert load_config({}).preload is True
    assert load_config({"SPECVIZ_PRELOAD": "0"}).preload is False
