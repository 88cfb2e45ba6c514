"""A built-in pair of tiny random-weight models that share a byte-level tokenizer.

They load in milliseconds and run the same code paths as real models (KV cache,
scoring k positions at once, cropping), so most tests and the instant demo use
them. The target is a seeded random Qwen2 model whose output layer is scaled
up so its distributions are peaked rather than uniform; the draft is the same
network with seeded noise added to every weight, so the two agree often but
not always, as a trained draft would.
"""

from __future__ import annotations

from dataclasses import dataclass

import torch
from tokenizers import Tokenizer, decoders, models, pre_tokenizers
from transformers import PreTrainedTokenizerFast, Qwen2Config, Qwen2ForCausalLM

EOS = "<|endoftext|>"
CHAT_TEMPLATE = (
    "{% for message in messages %}<{{ message['role'] }}>{{ message['content'] }}\n{% endfor %}"
    "{% if add_generation_prompt %}<assistant>{% endif %}"
)


@dataclass(frozen=True)
class TinyConfig:
    hidden_size: int = 64
    layers: int = 2
    heads: int = 4
    kv_heads: int = 2
    intermediate_size: int = 128
    context: int = 2048
    logit_scale: float = 25.0  # sharpens the random output layer
    draft_noise: float = 0.2  # relative noise that turns the target into the draft
    seed: int = 1234


def tiny_tokenizer() -> PreTrainedTokenizerFast:
    """Byte-level tokenizer: one token per byte, plus an end-of-text token."""
    alphabet = pre_tokenizers.ByteLevel.alphabet()  # the 256 printable stand-ins for bytes
    byte_to_char = _bytes_to_unicode()
    vocab = {byte_to_char[b]: b for b in range(256)}
    assert set(vocab) == set(alphabet)
    vocab[EOS] = 256
    core = Tokenizer(models.BPE(vocab=vocab, merges=[]))
    core.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=False)
    core.decoder = decoders.ByteLevel()
    tokenizer = PreTrainedTokenizerFast(tokenizer_object=core, eos_token=EOS, pad_token=EOS)
    tokenizer.chat_template = CHAT_TEMPLATE
    return tokenizer


def _bytes_to_unicode() -> dict[int, str]:
    """GPT-2's reversible byte -> printable character map."""
    printable = list(range(ord("!"), ord("~") + 1)) + list(range(ord("¡"), ord("¬") + 1))
    printable += list(range(ord("®"), ord("ÿ") + 1))
    chars, extra = list(printable), 0
    for b in range(256):
        if b not in printable:
            printable.append(b)
            chars.append(256 + extra)
            extra += 1
    return dict(zip(printable, map(chr, chars)))


def tiny_model(role: str, config: TinyConfig = TinyConfig()) -> Qwen2ForCausalLM:
    """role 'target' or 'draft'; deterministic for a given config."""
    hf_config = Qwen2Config(
        vocab_size=257,
        hidden_size=config.hidden_size,
        num_hidden_layers=config.layers,
        num_attention_heads=config.heads,
        num_key_value_heads=config.kv_heads,
        intermediate_size=config.intermediate_size,
        max_position_embeddings=config.context,
        tie_word_embeddings=False,
        bos_token_id=256,
        eos_token_id=256,
        pad_token_id=256,
    )
    torch.manual_seed(config.seed)
    model = Qwen2ForCausalLM(hf_config)
    with torch.no_grad():
        model.lm_head.weight.mul_(config.logit_scale)
        if role == "draft":
            noise = torch.Generator().manual_seed(config.seed + 1)
            for weight in model.parameters():
                scale = weight.std() if weight.numel() > 1 else weight.abs()
                weight.add_(torch.randn(weight.shape, generator=noise) * scale * config.draft_noise)
    return model.eval()
