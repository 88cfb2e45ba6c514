"""A converted-model cache that is damaged is detected and rebuilt, never loaded as it is."""

from __future__ import annotations

import json
import shutil

import pytest
import torch

from specviz.models import loader, tiny
from specviz.models.registry import GGUFSource, ModelEntry

ENTRY = ModelEntry(name="cached-test", title="test", tokenizer_family="bytes",
                   source=GGUFSource(packages=("none",), version="0", filename="x.gguf", size=1, sha256="ab" * 32))


def save_tiny_copy(folder):
    """A converted copy of the tiny target as the converter leaves it: the model's files and the manifest."""
    tiny.tiny_model("target").save_pretrained(folder)
    tiny.tiny_tokenizer().save_pretrained(folder)
    loader._write_manifest(folder, ENTRY)


@pytest.fixture
def saved(tmp_path, monkeypatch):
    """A converted copy of the tiny target in a private cache; the folder it lives in."""
    monkeypatch.setenv("SPECVIZ_CACHE", str(tmp_path))
    folder = loader.cache_dir(ENTRY)
    folder.parent.mkdir(parents=True)
    save_tiny_copy(folder)
    assert loader.cache_is_valid(folder, ENTRY)
    return folder


def _flip_one_byte(path, offset):
    data = bytearray(path.read_bytes())
    data[offset] ^= 0x01
    path.write_bytes(bytes(data))


def test_a_changed_small_file_of_the_same_size_is_detected(saved):
    _flip_one_byte(saved / "config.json", 10)
    assert not loader.cache_is_valid(saved, ENTRY)


def test_a_truncated_weights_file_is_detected(saved):
    weights = next(saved.glob("*.safetensors"))
    weights.write_bytes(weights.read_bytes()[:-100])
    assert not loader.cache_is_valid(saved, ENTRY)


def test_a_manifest_for_another_source_or_a_broken_manifest_is_detected(saved):
    manifest = saved / loader.MANIFEST
    data = json.loads(manifest.read_text())
    manifest.write_text(json.dumps(dict(data, source_sha256="cd" * 32)))
    assert not loader.cache_is_valid(saved, ENTRY)
    manifest.write_text("{not json")
    assert not loader.cache_is_valid(saved, ENTRY)


def test_weights_that_do_not_load_are_rebuilt(tmp_path, monkeypatch):
    """Weights are too big to hash on every load; a damaged header then fails the load, and triggers a rebuild."""
    monkeypatch.setenv("SPECVIZ_CACHE", str(tmp_path))
    monkeypatch.setattr(loader, "HASHED_FILE_LIMIT", 64 * 1024)  # the tiny weights are not hashed
    folder = loader.cache_dir(ENTRY)
    folder.parent.mkdir(parents=True)
    save_tiny_copy(folder)
    weights = next(folder.glob("*.safetensors"))
    weights.write_bytes(b"\xff" * 8 + weights.read_bytes()[8:])  # the header length becomes absurd
    assert loader.cache_is_valid(folder, ENTRY)  # sizes and hashed files still match
    rebuilt, steps = [], []
    def rebuild(entry, report):
        rebuilt.append(entry)
        shutil.rmtree(folder)
        save_tiny_copy(folder)

    monkeypatch.setattr(loader, "_convert", rebuild)
    model, _, source = loader._load_registry(ENTRY, torch.float32, lambda message, fraction: steps.append(message))
    assert source == "converted" and model.config.vocab_size == 257
    assert rebuilt == [ENTRY]
    assert any("damaged" in step for step in steps)


def test_an_intact_copy_loads_from_the_cache(saved, monkeypatch):
    monkeypatch.setattr(loader, "_convert", lambda entry, report: pytest.fail("rebuilt an intact copy"))
    model, _, source = loader._load_registry(ENTRY, torch.float32, lambda message, fraction: None)
    assert source == "cache"
    assert model.config.vocab_size == 257


def test_two_sessions_converting_one_model_at_once_convert_it_once(tmp_path, monkeypatch):
    """The second waits for the first's lock, then finds the converted copy and reuses it."""
    import json
    import threading
    import time

    from specviz.models import loader
    from specviz.models.registry import REGISTRY

    monkeypatch.setenv("SPECVIZ_CACHE", str(tmp_path))
    entry = REGISTRY["smollm2-135m"]
    conversions = []

    def slow_convert(entry, report):
        conversions.append(threading.get_ident())
        time.sleep(0.5)  # long enough for the other thread to arrive meanwhile
        folder = loader.cache_dir(entry)
        folder.mkdir(parents=True)
        manifest = {"source_sha256": entry.source.sha256, "files": {}, "sha256": {}}
        (folder / loader.MANIFEST).write_text(json.dumps(manifest))

    monkeypatch.setattr(loader, "_convert", slow_convert)
    threads = [threading.Thread(target=loader.convert, args=(entry.name,)) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert len(conversions) == 1
    assert not loader.needs_conversion(entry.name)
