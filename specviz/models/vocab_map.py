"""Where two vocabularies meet: the tokens that stand for the same bytes in both (token-level intersection).

A draft with another tokenizer can still propose for the target if it only
proposes tokens the target also has: each draft token in the intersection is
mapped to the target token with the same bytes (Timor et al., ICML 2025, the
token-level intersection algorithm). Tokens are compared by the exact bytes
they stand for, so byte-level BPE vocabularies (Qwen, SmolLM2, GPT-2) and
SentencePiece ones (Gemma: "▁" for a space, "<0x0A>" for a byte) meet too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

import torch

from specviz.models.token_text import byte_of_symbol

_BYTE_PIECE = re.compile(r"<0x([0-9A-Fa-f]{2})>")


def token_bytes(tokenizer, token_id: int, special: frozenset[int] = frozenset()) -> bytes | None:
    """The exact bytes token `token_id` stands for; None for special tokens and ids the tokenizer lacks."""
    if token_id in special:
        return None
    piece = tokenizer.convert_ids_to_tokens(token_id)
    if not isinstance(piece, str) or not piece:
        return None
    if (byte := _BYTE_PIECE.fullmatch(piece)) is not None:  # SentencePiece's byte fallback
        return bytes([int(byte.group(1), 16)])
    if "▁" in piece:  # SentencePiece: "▁" is the space
        return piece.replace("▁", " ").encode("utf-8")
    symbols = byte_of_symbol()
    if all(symbol in symbols for symbol in piece):  # byte-level BPE: one printable character per byte
        return bytes(symbols[symbol] for symbol in piece)
    return piece.encode("utf-8")


@dataclass(frozen=True)
class VocabularyMap:
    """The token-level intersection: draft_ids[i] and target_ids[i] stand for the same bytes."""

    draft_ids: torch.Tensor  # [m] int64
    target_ids: torch.Tensor  # [m] int64, all different
    draft_size: int  # the draft's logit columns
    target_size: int  # the target's logit columns

    @property
    def size(self) -> int:
        return int(self.target_ids.numel())

    def target_support(self) -> torch.Tensor:
        """[target_size] bool: the target tokens a proposal can be."""
        mask = torch.zeros(self.target_size, dtype=torch.bool)
        mask[self.target_ids] = True
        return mask


def _bytes_by_id(tokenizer, size: int) -> list[bytes | None]:
    special = frozenset(getattr(tokenizer, "all_special_ids", []) or [])
    limit = min(size, len(tokenizer))
    return [token_bytes(tokenizer, i, special) for i in range(limit)] + [None] * (size - limit)


def intersect(draft_tokenizer, target_tokenizer, draft_size: int, target_size: int) -> VocabularyMap:
    """The token-level intersection of two vocabularies (each target token used once)."""
    target_of: dict[bytes, int] = {}
    for target_id, text in enumerate(_bytes_by_id(target_tokenizer, target_size)):
        if text is not None:
            target_of.setdefault(text, target_id)
    draft_ids, target_ids, taken = [], [], set()
    for draft_id, text in enumerate(_bytes_by_id(draft_tokenizer, draft_size)):
        target_id = target_of.get(text) if text is not None else None
        if target_id is not None and target_id not in taken:
            taken.add(target_id)
            draft_ids.append(draft_id)
            target_ids.append(target_id)
    return VocabularyMap(torch.tensor(draft_ids, dtype=torch.long), torch.tensor(target_ids, dtype=torch.long),
                         draft_size, target_size)


@lru_cache(maxsize=4)
def cached_intersection(draft_name: str, target_name: str, draft_tokenizer, target_tokenizer, draft_size: int,
                        target_size: int) -> VocabularyMap:
    """The same, computed once per pair of models (a few seconds for 150 000-token vocabularies)."""
    return intersect(draft_tokenizer, target_tokenizer, draft_size, target_size)
