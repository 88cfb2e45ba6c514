"""Loading models: the tiny pair, local folders, bad names, pairing, verified GGUF joins."""

import hashlib

import pytest

from specviz.errors import SpecvizError
from specviz.models.assets import join_and_verify
from specviz.models.loader import load_model
from specviz.models.pairing import shared_vocab_size
from specviz.models.registry import REGISTRY, GGUFSource


def test_tiny_pair_is_deterministic_and_pairs(tiny_pair):
    draft, target = tiny_pair
    assert shared_vocab_size(draft, target) == 257
    assert target.eos_ids == {256}
    again = load_model("tiny-target", device="cpu")
    for a, b in zip(again.model.parameters(), target.model.parameters()):
        assert (a == b).all()
    assert any((a != b).any() for a, b in zip(draft.model.parameters(), target.model.parameters()))


def test_local_folder_loads_through_from_pretrained(tmp_path, tiny_pair):
    target = load_model("tiny-target", device="cpu", packed=False)  # a packed model has no dense weights to save
    target.model.save_pretrained(tmp_path, safe_serialization=True)
    target.tokenizer.save_pretrained(tmp_path)
    loaded = load_model(str(tmp_path), device="cpu")
    assert loaded.source == "folder"
    assert shared_vocab_size(loaded, target) == 257


def test_folder_with_pickle_weights_only_is_refused(tmp_path):
    (tmp_path / "config.json").write_text("{}")
    (tmp_path / "pytorch_model.bin").write_bytes(b"not loaded")
    with pytest.raises(SpecvizError, match="no .safetensors"):
        load_model(str(tmp_path), device="cpu")


@pytest.mark.parametrize(
    "name, message",
    [
        ("", "no model name"),
        ("../../etc/passwd", "does not exist"),
        ("/no/such/folder", "does not exist"),
        ("not a model", "unknown model"),
        ("org/../x", "does not exist"),
    ],
)
def test_bad_model_names(name, message):
    with pytest.raises(SpecvizError, match=message):
        load_model(name, device="cpu")


def test_hub_id_offline_fails_with_a_clear_message():
    with pytest.raises(SpecvizError, match="could not load 'someone/some-model'.*offline"):
        load_model("someone/some-model", device="cpu")


def test_hub_ids_can_be_disallowed():
    with pytest.raises(SpecvizError, match="not allowed"):
        load_model("someone/some-model", device="cpu", allow_remote=False)


def test_mismatched_tokenizers_are_refused(tiny_pair):
    draft, target = tiny_pair
    other = load_model("tiny-draft", device="cpu")
    other.tokenizer.add_tokens(["<extra>"])
    other.name = "tiny-draft+1"
    with pytest.raises(SpecvizError, match="different tokenizers"):
        shared_vocab_size(other, target)


def _source_for(data: bytes, **changes) -> GGUFSource:
    values = dict(packages=("a", "b"), version="0", filename="joined.gguf", size=len(data),
                  sha256=hashlib.sha256(data).hexdigest())
    values.update(changes)
    return GGUFSource(**values)


def test_chunks_are_joined_in_order_and_verified(tmp_path):
    parts = [tmp_path / "part01.bin", tmp_path / "part02.bin"]
    parts[0].write_bytes(b"GGUF-first-half")
    parts[1].write_bytes(b"-second-half")
    joined = join_and_verify(parts, _source_for(b"GGUF-first-half-second-half"), tmp_path / "out")
    assert joined.read_bytes() == b"GGUF-first-half-second-half"


def test_a_wrong_sha256_is_refused_and_the_join_removed(tmp_path):
    parts = [tmp_path / "part01.bin", tmp_path / "part02.bin"]
    parts[0].write_bytes(b"tampered")
    parts[1].write_bytes(b"-data")
    source = _source_for(b"tampered-data", sha256="0" * 64)
    with pytest.raises(SpecvizError, match="sha256 mismatch"):
        join_and_verify(parts, source, tmp_path / "out")
    assert not (tmp_path / "out" / "joined.gguf").exists()


def test_a_wrong_size_is_refused(tmp_path):
    part = tmp_path / "model.gguf"
    part.write_bytes(b"short")
    with pytest.raises(SpecvizError, match="expected 99 bytes|has 5 bytes"):
        join_and_verify([part], _source_for(b"short", size=99), tmp_path / "out")


def test_registry_names_the_offline_models():
    assert {"qwen2.5-coder-0.5b", "qwen2.5-coder-1.5b", "smollm2-135m", "gemma3-270m", "tiny-draft",
            "tiny-target"} <= set(REGISTRY)
    qwen = [e for e in REGISTRY.values() if e.tokenizer_family == "qwen2.5"]
    assert len(qwen) == 2
