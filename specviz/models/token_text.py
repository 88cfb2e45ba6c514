"""A token's text as a person should see it, even when it holds part of a character.

Byte-level tokenizers (GPT-2, Qwen, SmolLM) split a character such as "中" or
"🙂" over several tokens; decoded alone, each such token is U+FFFD ('�'), so
different tokens would look identical. Those tokens are shown by their bytes
instead: "\\xe4\\xb8" for two bytes of "中" (valid characters stay as they are).
"""

from __future__ import annotations

from functools import lru_cache

REPLACEMENT = "\ufffd"


@lru_cache(maxsize=1)
def byte_of_symbol() -> dict[str, int]:
    """The inverse of the byte-level BPE alphabet: each byte is written as one printable character.

    Printable Latin-1 bytes stand for themselves; the other bytes are moved, in
    order, to the characters from U+0100 upwards (so "Ġ" is the space byte).
    """
    printable = [*range(ord("!"), ord("~") + 1), *range(ord("¡"), ord("¬") + 1), *range(ord("®"), ord("ÿ") + 1)]
    symbols = dict.fromkeys(printable)
    shifted = 0
    for byte in range(256):
        if byte not in symbols:
            symbols[byte] = 256 + shifted
            shifted += 1
    return {chr(code if code is not None else byte): byte for byte, code in symbols.items()}


def token_text(tokenizer, token_id: int) -> str:
    """The decoded token; where that hides bytes behind '�', the token's bytes written as \\xNN."""
    text = tokenizer.decode([token_id])
    if REPLACEMENT not in text:
        return text
    piece = tokenizer.convert_ids_to_tokens(token_id)
    byte_of = byte_of_symbol()
    if isinstance(piece, str) and piece and all(symbol in byte_of for symbol in piece):
        return bytes(byte_of[symbol] for symbol in piece).decode("utf-8", errors="backslashreplace")
    return text if not isinstance(piece, str) or not piece else piece  # e.g. SentencePiece's "<0xE4>"
