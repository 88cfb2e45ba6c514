"""The hosting configuration: safe defaults, a TOML file, environment overrides, one-line errors."""

from __future__ import annotations

import pytest

from specviz.errors import SpecvizError
from specviz.models.registry import REGISTRY
from specviz.serving.config import HostingConfig, load_config


def test_defaults_are_the_offline_models_and_loopback():
    config = load_config({})
    assert set(config.allowed_models) == set(REGISTRY)
    assert not config.allow_hub_ids and not config.allow_local_folders
    assert config.address == "127.0.0.1"
    assert config.check_model(" tiny-target ") == "tiny-target"


@pytest.mark.parametrize("name, message", [
    ("Qwen/Qwen2.5-7B", "unknown model"),
    ("../../etc", "folders are not allowed"),
    ("/etc", "folders are not allowed"),
    ("~/.ssh", "folders are not allowed"),
    ("C:\\models\\x", "folders are not allowed"),
    ("a\x00b", "folders are not allowed"),
    ("x" * 5000, "folders are not allowed"),  # too long for the OS to look up: treated as a path
])
def test_names_outside_the_allowlist_are_refused(name, message):
    with pytest.raises(SpecvizError, match=message):
        load_config({}).check_model(name)


def test_a_registry_model_left_out_of_the_allowlist_is_refused():
    config = HostingConfig(allowed_models=("tiny-draft", "tiny-target"))
    with pytest.raises(SpecvizError, match="not offered on this server"):
        config.check_model("qwen2.5-coder-1.5b")


def test_hub_ids_and_folders_only_when_enabled(tmp_path):
    config = HostingConfig(allow_hub_ids=True, allow_local_folders=True)
    assert config.check_model("Qwen/Qwen2.5-7B") == "Qwen/Qwen2.5-7B"
    assert config.check_model(str(tmp_path)) == str(tmp_path)
    with pytest.raises(SpecvizError, match="folders are not allowed"):
        HostingConfig(allow_hub_ids=True).check_model(str(tmp_path))


def test_file_then_environment(tmp_path):
    path = tmp_path / "hosting.toml"
    path.write_text('[hosting]\nallowed_models = ["tiny-draft", "tiny-target"]\nmax_new_tokens = 64\n'
                    'max_k = 8\naddress = "0.0.0.0"\n')
    config = load_config({"SPECVIZ_CONFIG": str(path), "SPECVIZ_MAX_K": "6", "SPECVIZ_ALLOW_HUB_IDS": "yes"})
    assert config.allowed_models == ("tiny-draft", "tiny-target")
    assert (config.max_new_tokens, config.max_k, config.address, config.allow_hub_ids) == (64, 6, "0.0.0.0", True)
    assert load_config({"SPECVIZ_ALLOWED_MODELS": "tiny-draft, tiny-target"}).allowed_models == (
        "tiny-draft", "tiny-target")


@pytest.mark.parametrize("environ, message", [
    ({"SPECVIZ_MAX_K": "100"}, "max_k must be an integer in 1..32"),
    ({"SPECVIZ_MAX_K": "four"}, "must be an integer"),
    ({"SPECVIZ_MAX_NEW_TOKENS": "0"}, "max_new_tokens"),
    ({"SPECVIZ_ALLOW_HUB_IDS": "maybe"}, "not true or false"),
    ({"SPECVIZ_ADDRESS": "example.com"}, "must be an IP address"),
    ({"SPECVIZ_ALLOWED_MODELS": " , "}, "non-empty list"),
    ({"SPECVIZ_CONFIG": "/nonexistent/hosting.toml"}, "cannot read"),
])
def test_bad_settings_are_one_line_errors(environ, message):
    with pytest.raises(SpecvizError, match=message) as caught:
        load_config(environ)
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize("text, message", [
    ("[hosting\n", "not valid TOML"),
    ("[hosting]\nmax_kk = 3\n", "unknown setting"),
    ("[hosting]\nmax_k = true\n", "max_k must be an integer"),
    ("[hosting]\nallow_hub_ids = 1\n", "true or false"),
])
def test_bad_files_are_one_line_errors(tmp_path, text, message):
    path = tmp_path / "hosting.toml"
    path.write_text(text)
    with pytest.raises(SpecvizError, match=message):
        load_config({"SPECVIZ_CONFIG": str(path)})


@pytest.mark.parametrize("prompt, message", [
    ("", "empty"), ("   \n", "empty"), ("x" * 4001, "at most 4,000"), ("ab\x00cd", "NUL"),
])
def test_bad_prompts_are_refused(prompt, message):
    with pytest.raises(SpecvizError, match=message):
        load_config({}).check_prompt(prompt)


def test_laptop_mode_is_off_unless_the_host_turns_it_on(tmp_path):
    assert load_config({}).laptop is False
    assert load_config({"SPECVIZ_LAPTOP": "1"}).laptop is True
    settings = tmp_path / "hosting.toml"
    settings.write_text("[hosting]\nlaptop = true\n")
    assert load_config({"SPECVIZ_CONFIG": str(settings)}).laptop is True
    with pytest.raises(SpecvizError, match="laptop must be true or false"):
        HostingConfig(laptop="yes")


def test_the_mode_is_auto_unless_the_host_forces_one_and_laptop_forces_laptop():
    assert load_config({}).pair_mode == "auto"
    assert load_config({"SPECVIZ_MODE": "one-layout"}).pair_mode == "one-layout"
    assert load_config({"SPECVIZ_MODE": "one-layout", "SPECVIZ_LAPTOP": "1"}).pair_mode == "laptop"
    with pytest.raises(SpecvizError, match="mode must be one of auto, two-layouts, one-layout, laptop"):
        load_config({"SPECVIZ_MODE": "fastest"})


@pytest.mark.parametrize("environ, line", [
    ({}, "specviz: memory: two-layouts (the fastest that fits)"),
    ({"SPECVIZ_MODE": "laptop"}, "specviz: memory: laptop (forced by the host)")])
def test_serve_says_which_mode_this_machine_will_use_and_why(monkeypatch, capsys, environ, line):
    from specviz.models import memory
    from specviz.serving import serve

    monkeypatch.setattr(memory, "process_limit", lambda: memory.Limit(24 * memory.GB, "physical memory"))
    monkeypatch.setattr(memory, "in_use", lambda limit=None: 0)
    monkeypatch.setattr(serve.os, "execv", lambda path, argv: None)
    monkeypatch.setattr(serve.preload, "start_preparing", lambda allowed, log: None)
    monkeypatch.delenv(serve.preload.ENABLED, raising=False)  # serve sets it for the app: restored afterwards
    for name, value in environ.items():
        monkeypatch.setenv(name, value)
    serve.run(type("Args", (), {"streamlit_args": []})())
    err = capsys.readouterr().err
    assert line in err and "GB of 24.0 GB (physical memory) are usable" in err
