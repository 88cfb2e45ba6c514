"""A model folder is checked before and while it loads: every bad one is one line and exit code 2."""

import json

import pytest

from specviz.models import tiny
from tests.test_cli import specviz


@pytest.fixture(scope="module")
def good(tmp_path_factory):
    folder = tmp_path_factory.mktemp("tiny-target")
    tiny.tiny_model("target").save_pretrained(folder)
    tiny.tiny_tokenizer().save_pretrained(folder)
    return folder


def copy_with(good, tmp_path, **config_changes):
    folder = tmp_path / "model"
    folder.mkdir()
    for path in good.iterdir():
        (folder / path.name).write_bytes(path.read_bytes())
    config = json.loads((folder / "config.json").read_text())
    (folder / "config.json").write_text(json.dumps({**config, **config_changes}))
    return folder


def generate(folder):
    return specviz("generate", "--target", str(folder), "--no-spec", "--prompt", "Il gatto", "--max-new-tokens", "3")


def test_the_good_folder_generates(good):
    done = generate(good)
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("changes, words", [({"num_hidden_layers": -3}, "num_hidden_layers must be a positive"),
                                            ({"hidden_size": 96}, "could not load"),
                                            ({"vocab_size": 100}, "pad_token_id lies outside its vocabulary of 100"),
                                            ({"vocab_size": 300}, "could not load"),
                                            ({"num_attention_heads": "four"}, "num_attention_heads must be")])
def test_a_config_that_does_not_fit_its_weights_is_one_line(good, tmp_path, changes, words):
    done = generate(copy_with(good, tmp_path, **changes))
    assert done.returncode == 2, done.stderr[-400:]
    assert done.stderr.count("\n") == 1 and words in done.stderr


@pytest.mark.parametrize("drop", [("tokenizer.json",), ("tokenizer.json", "tokenizer_config.json")])
def test_missing_tokenizer_files_are_one_line(good, tmp_path, drop):
    folder = copy_with(good, tmp_path)
    for name in drop:
        (folder / name).unlink()
    done = generate(folder)
    assert done.returncode == 2, done.stderr[-400:]
    assert done.stderr.count("\n") == 1
