"""Faults and limits on the live page: failed loads, memory running out mid-run, the host's caps."""

from __future__ import annotations

import json

import pytest
import torch
from test_live import click, tiny_page

from specviz.engine.cached import CachedModel
from specviz.errors import SpecvizError
from specviz.models.loader import load_model


def _broken_folder(tmp_path):
    """A model folder whose weights file is damaged: config and tokenizer fine, safetensors garbage."""
    target = load_model("tiny-target", device="cpu", packed=False)
    target.model.save_pretrained(tmp_path, safe_serialization=True)
    target.tokenizer.save_pretrained(tmp_path)
    weights = next(tmp_path.glob("*.safetensors"))
    weights.write_bytes(json.dumps({"not": "a tensor file"}).encode() * 100)
    return tmp_path


def test_a_model_that_fails_to_load_shows_a_message_and_the_session_recovers(tmp_path, hosting):
    hosting(ALLOW_LOCAL_FOLDERS="1")
    at = tiny_page(target=str(_broken_folder(tmp_path)))
    click(at, "Run")
    assert not at.exception
    assert "could not load" in at.error[0].value
    at.session_state["target"] = "tiny-target"
    at.run()
    click(at, "Run")
    assert not at.exception and not at.error and at.session_state["runs"]


def test_running_out_of_memory_mid_run_keeps_what_was_generated_and_frees_memory(monkeypatch):
    at = tiny_page(max_new_tokens=60, k=2)
    real_forward = CachedModel.forward
    calls = {"n": 0}

    def failing_forward(self, token_ids, keep=0):
        calls["n"] += 1
        if calls["n"] == 12:
            raise torch.OutOfMemoryError("CUDA out of memory. Tried to allocate 2.00 GiB")
        return real_forward(self, token_ids, keep)

    monkeypatch.setattr(CachedModel, "forward", failing_forward)
    freed = []
    from specviz.serving import faults

    real_free = faults.free_memory
    monkeypatch.setattr(faults, "free_memory", lambda: freed.append(True) or real_free())
    click(at, "Run")
    assert not at.exception
    assert "out of memory" in at.error[0].value
    assert freed
    assert any("tokens generated so far are kept" in w.value for w in at.warning)
    partial = at.session_state["runs"][-1]
    assert partial.cycles and len(partial.token_ids) < 60
    monkeypatch.setattr(CachedModel, "forward", real_forward)
    click(at, "Run")  # the same session runs again, to the end
    assert not at.exception and not at.error
    assert len(at.session_state["runs"][-1].token_ids) == 60


def test_finished_runs_kept_per_session_are_bounded():
    from pages.ui.session import MAX_RUNS_KEPT

    at = tiny_page(max_new_tokens=4, compare=False)
    for _ in range(MAX_RUNS_KEPT + 3):
        click(at, "Run")
    assert not at.exception
    assert len(at.session_state["runs"]) == MAX_RUNS_KEPT


def test_models_outside_the_allowlist_are_refused(hosting):
    hosting(ALLOWED_MODELS="tiny-draft,tiny-target")
    from pages.ui.hosting import hosting as host

    for name in ("qwen2.5-coder-0.5b", "../../etc/passwd", "/etc", "Qwen/Qwen2.5-7B"):
        with pytest.raises(SpecvizError, match="not offered on this server|not allowed|unknown model"):
            host().check_model(name)  # what Run checks before anything loads
        at = tiny_page()
        at.session_state["draft"] = name  # a forged or linked name: the picker shows an offered model, which runs
        at.run()
        click(at, "Run")
        assert not at.exception and not at.error, name
        assert at.session_state["draft"] in ("tiny-draft", "tiny-target") and at.session_state["runs"], name


def test_the_hosts_caps_bound_the_widgets_and_the_prompt(hosting):
    hosting(MAX_NEW_TOKENS="32", MAX_K="6", MAX_PROMPT_CHARS="100")
    at = tiny_page()
    assert at.number_input(key="max_new_tokens").max == 32
    assert at.slider(key="k").max == 6
    at.session_state["prompt"] = "x" * 101
    at.run()
    assert len(at.session_state["prompt"]) == 100  # the text box itself holds at most the cap
    for prompt, message in (("ab\x00\x01cd", "NUL"), ("", "empty")):
        at.session_state["prompt"] = prompt
        at.run()
        click(at, "Run")
        assert not at.exception and message in at.error[0].value, prompt


def test_a_shared_link_with_values_out_of_range_is_ignored():
    from streamlit.testing.v1 import AppTest
    from test_live import PAGE

    at = AppTest.from_file(PAGE, default_timeout=60)
    for key, value in {"k": "99", "max_new_tokens": "100000", "temperature": "nan", "top_p": "-1",
                       "seed": "1e400", "top_k": "5"}.items():
        at.query_params[key] = value
    at.run()
    assert not at.exception
    state = at.session_state
    assert (state["k"], state["max_new_tokens"], state["temperature"], state["top_p"]) == (4, 48, 0.0, 1.0)
    assert state["top_k"] == 5  # a valid value in the same link still applies


def test_running_out_of_memory_while_loading_shows_a_message_and_a_retry_loads(tmp_path, hosting, monkeypatch):
    from specviz.models import fast as shared  # where the pages' loads call load_model

    hosting(ALLOW_LOCAL_FOLDERS="1")
    plain = load_model("tiny-target", device="cpu", packed=False)
    plain.model.save_pretrained(tmp_path, safe_serialization=True)
    plain.tokenizer.save_pretrained(tmp_path)
    real_load = shared.load_model

    def no_memory(*args, **kwargs):
        raise MemoryError("cannot allocate 6 GB")

    monkeypatch.setattr(shared, "load_model", no_memory)
    at = tiny_page(target=str(tmp_path))  # a folder no earlier test loaded: not in the shared cache
    click(at, "Run")
    assert not at.exception
    assert "out of memory" in at.error[0].value
    monkeypatch.setattr(shared, "load_model", real_load)
    click(at, "Run")  # the failure was not cached: the same session loads it now
    assert not at.exception and not at.error and at.session_state["runs"]


def test_a_run_stopped_by_the_user_keeps_the_tokens_generated_so_far(monkeypatch):
    """Stop, a changed setting or a closed tab stop the script inside a cycle; the next run keeps the cycles."""
    from streamlit.runtime.scriptrunner_utils.exceptions import StopException

    at = tiny_page(max_new_tokens=60, compare=False)
    real_forward, calls = CachedModel.forward, {"n": 0}

    def stopped_forward(self, token_ids, keep=0):
        calls["n"] += 1
        if calls["n"] == 12:
            raise StopException()  # what Streamlit raises in a script it is stopping
        return real_forward(self, token_ids, keep)

    monkeypatch.setattr(CachedModel, "forward", stopped_forward)
    click(at, "Run")
    monkeypatch.setattr(CachedModel, "forward", real_forward)
    at.run()
    assert not at.exception
    assert any("tokens generated so far are kept" in w.value for w in at.warning)
    partial = at.session_state["runs"][-1]
    assert partial.cycles and len(partial.token_ids) < 60 and partial.stop_reason == "cancelled"


def test_a_pair_that_cannot_pair_is_refused_before_any_model_loads(monkeypatch):
    from specviz.models import fast  # where the pages' loads call load_model

    loaded = []
    real_load = fast.load_model
    monkeypatch.setattr(fast, "load_model", lambda name, *a, **k: loaded.append(name) or real_load(name, *a, **k))
    at = tiny_page(draft="smollm2-135m", target="tiny-target")
    click(at, "Run")
    assert not at.exception
    assert "different tokenizers" in at.error[0].value and "smollm2" in at.error[0].value
    assert "smollm2-135m" not in loaded  # refused from the registry, not after minutes of conversion
