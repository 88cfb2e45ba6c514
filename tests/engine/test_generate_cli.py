"""``specviz generate``: the JSON contract and one-line errors, on the tiny pair."""

import json

import pytest

from tests.test_cli import specviz

TINY = ["--draft", "tiny-draft", "--target", "tiny-target"]


def test_generate_json_contract_and_no_spec_agree():
    spec = specviz("generate", *TINY, "--prompt", "Hello there", "--max-new-tokens", "20", "--k", "3", "--json")
    assert spec.returncode == 0, spec.stderr
    data = json.loads(spec.stdout)
    assert {"text", "token_ids", "cycles", "totals", "timing"} <= data.keys()
    assert len(data["token_ids"]) == 20
    assert data["totals"]["generated"] == 20
    assert data["cycles"][0]["k"] == 3 and "accept_prob" in data["cycles"][0]
    base = specviz("generate", *TINY, "--prompt", "Hello there", "--max-new-tokens", "20", "--no-spec", "--json")
    assert base.returncode == 0, base.stderr
    baseline = json.loads(base.stdout)
    assert baseline.keys() == data.keys()
    assert baseline["token_ids"] == data["token_ids"]  # greedy: identical tokens
    assert baseline["draft"] is None and baseline["totals"]["proposed"] == 0


def test_generate_prints_text_and_applies_the_chat_template():
    plain = specviz("generate", *TINY, "--prompt", "Hi", "--max-new-tokens", "5")
    chat = specviz("generate", *TINY, "--prompt", "Hi", "--max-new-tokens", "5", "--chat", "--json")
    assert plain.returncode == 0 and chat.returncode == 0, plain.stderr + chat.stderr
    assert plain.stdout.strip() != ""
    assert json.loads(chat.stdout)["prompt_ids"][:6] == list(b"<user>")


@pytest.mark.parametrize(
    "args, message",
    [
        (["--k", "0"], "k must be"),
        (["--k", "33"], "k must be"),
        (["--k", "two"], "not an integer"),
        (["--temperature", "-1"], "temperature must be >= 0"),
        (["--top-p", "0"], "top-p"),
        (["--top-p", "1.5"], "top-p"),
        (["--max-new-tokens", "0"], "max new tokens"),
        (["--seed", "-3"], "seed"),
        (["--dtype", "int8"], "int8 is for a draft only"),
        (["--schedule", "fast"], "invalid choice"),
        (["--draft", "nonexistent"], "unknown model"),
        (["--draft", "../../secret"], "does not exist"),
    ],
)
def test_bad_generate_input(args, message):
    done = specviz("generate", *TINY, "--prompt", "x", *args)
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and message in done.stderr and "Traceback" not in done.stderr


@pytest.mark.parametrize("prompt, message", [("", "empty"), ("   ", "empty"), ("x" * 2500, "context holds 2048")])
def test_bad_prompts(prompt, message):
    done = specviz("generate", *TINY, "--prompt", prompt)
    assert done.returncode == 2 and message in done.stderr and done.stderr.count("\n") == 1, done.stderr


def test_missing_prompt():
    done = specviz("generate", *TINY)
    assert done.returncode == 2 and "--prompt" in done.stderr


def test_mismatched_tokenizers_from_the_command_line(tmp_path, tiny_pair):
    draft, _ = tiny_pair
    tokenizer = type(draft.tokenizer).from_pretrained  # a real tokenizer with one more token, saved to disk
    draft.model.save_pretrained(tmp_path, safe_serialization=True)
    draft.tokenizer.save_pretrained(tmp_path)
    other = tokenizer(str(tmp_path))
    other.add_tokens(["<extra>"])
    other.save_pretrained(tmp_path)
    done = specviz("generate", "--draft", str(tmp_path), "--target", "tiny-target", "--prompt", "x")
    assert done.returncode == 2 and "different tokenizers" in done.stderr and done.stderr.count("\n") == 1


def test_generate_with_prompt_lookup_needs_no_draft_model_and_gives_the_target_alone_tokens():
    prompt = "ab ab ab ab a"
    args = ("generate", "--target", "tiny-target", "--prompt", prompt, "--max-new-tokens", "16", "--json")
    lookup = specviz(*args, "--drafter", "ngram", "--draft", "no-such-model", "--ngram-max", "2")
    assert lookup.returncode == 0, lookup.stderr  # the draft model is never loaded, so its name does not matter
    data = json.loads(lookup.stdout)
    assert data["drafter"] == "ngram" and data["draft"] is None
    assert data["totals"]["proposed"] > 0 and data["totals"]["draft_forward_passes"] == 0
    assert data["cycles"][0]["sources"] and data["cycles"][0]["drafted_by"][0] == "ngram"
    alone = json.loads(specviz(*args, "--no-spec").stdout)
    assert alone["token_ids"] == data["token_ids"]


@pytest.mark.parametrize("args, message", [
    (["--drafter", "telepathy"], "invalid choice"),
    (["--drafter", "ngram", "--ngram-min", "4", "--ngram-max", "2"], "shortest n-gram"),
    (["--drafter", "ngram", "--ngram-max", "0"], "n-gram length"),
])
def test_bad_prompt_lookup_settings(args, message):
    result = specviz("generate", "--target", "tiny-target", "--prompt", "hi", *args)
    assert result.returncode == 2 and message in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize("extra, refusal", [
    (["--drafter", "tli"], "--broken naive runs drafter 'model'; leave out --drafter tli"),
    (["--verifier", "block"], "runs verifier 'naive'; leave out --verifier block"),
    (["--no-spec"], "--no-spec runs no rule: leave out one of them")])
def test_a_broken_variant_never_silently_overrides_an_explicit_drafter_or_verifier(extra, refusal):
    done = specviz("generate", *TINY, "--prompt", "x", "--max-new-tokens", "2", "--broken", "naive", *extra)
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and refusal in done.stderr
    same = specviz("generate", *TINY, "--prompt", "x", "--max-new-tokens", "2", "--broken", "naive", "--drafter",
                   "model", "--json")  # what the variant runs anyway: accepted
    assert same.returncode == 0 and json.loads(same.stdout)["verifier"] == "naive"


def test_a_seed_fixes_the_sampled_text_under_coupled_draws_whatever_k_and_schedule():
    """`--no-spec --verifier coupled` samples the target alone with the noise the speculative runs share."""
    common = [*TINY, "--prompt", "def f(x):", "--max-new-tokens", "24", "--temperature", "1.2", "--seed", "9",
              "--verifier", "coupled"]
    alone = specviz("generate", *common, "--no-spec", "--json")
    assert alone.returncode == 0, alone.stderr
    expected = json.loads(alone.stdout)["token_ids"]
    for extra in ([], [], ["--k", "1", "--schedule", "constant"], ["--k", "7", "--drafter", "hybrid"]):
        run = specviz("generate", *common, *extra, "--json")  # the default schedule (budget) twice
        assert run.returncode == 0, run.stderr
        assert json.loads(run.stdout)["token_ids"] == expected, extra
