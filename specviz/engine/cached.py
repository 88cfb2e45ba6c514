"""A model with its own KV cache, fed token by token or in blocks, and cropped back.

The cache always holds the states of a prefix of the confirmed text plus, for a
moment, states for proposed tokens. ``crop`` drops the states of discarded
proposals: they were computed for a past that did not happen.
"""

from __future__ import annotations

import torch
from transformers import DynamicCache

from specviz.models.loader import LoadedModel


class CachedModel:
    def __init__(self, loaded: LoadedModel, vocab_size: int):
        self.loaded = loaded
        self.vocab_size = vocab_size  # logit columns shared with the other model of the pair
        self.cache = DynamicCache(config=loaded.model.config)
        self.length = 0  # tokens whose states are in the cache
        self.forward_passes = 0

    @torch.inference_mode()
    def forward(self, token_ids: list[int], keep: int = 0) -> torch.Tensor:
        """Feed tokens after the cached ones; logits of the last `keep` of them, [keep, vocab] (0: all)."""
        ids = torch.tensor([token_ids], dtype=torch.long, device=self.loaded.device)
        output = self.loaded.model(
            input_ids=ids,
            past_key_values=self.cache,
            use_cache=True,
            logits_to_keep=keep,  # a prompt fed with the first proposals needs only their rows
        )
        self.length += len(token_ids)
        self.forward_passes += 1
        return output.logits[0, :, : self.vocab_size]

    def crop(self, length: int) -> None:
        """Keep the states of the first `length` tokens only."""
        if length < self.length:
            self.cache.crop(length - self.length)  # transformers 5: a negative count of tokens to drop
            self.length = length
