"""Attention that gives a verify block the same bits as single-token steps (for bfloat16 models).

In bfloat16 a verify block must score each position exactly as the target alone would, one
token at a time, or the speculative run's text drifts from the target's after a few dozen
tokens (measured on the 1.5B target with int8 weights: logits apart by up to 0.25, greedy text
different after 20 tokens). The linear layers' kernel computes each row alone; attention's
matrix products do not: their kernels block a product of several query rows differently from
one row. So a short block of queries is computed one row at a time, each row against exactly
the keys a single step at that position would see (causal: the cache plus the rows before
it). The shapes, and so the kernels and their bits, are then those of single steps. Longer
blocks (the prompt, read once the same way by both runs) are computed in one product.
"""

from __future__ import annotations

import torch
from transformers import AttentionInterface
from transformers.masking_utils import AttentionMaskInterface, eager_mask

NAME = "specviz_rows"  # the attention implementation's name, given to transformers
ROW_BY_ROW_MAX = 16  # blocks of at most this many queries (verify passes) are computed row by row


def row_by_row_attention(module: torch.nn.Module, query: torch.Tensor, key: torch.Tensor, value: torch.Tensor,
                         attention_mask: torch.Tensor | None, scaling: float, dropout: float = 0.0, **kwargs):
    """transformers' attention contract: query [batch, heads, q_len, head_dim], key and value
    [batch, kv_heads, kv_len, head_dim]; returns ([batch, q_len, heads, head_dim], None)."""
    batch, _, q_len, _ = query.shape
    kv_len = key.shape[2]
    if q_len == 1 or q_len > ROW_BY_ROW_MAX or batch != 1 or kv_len < q_len:
        return _attention(module, query, key, value, attention_mask, scaling), None
    rows = []
    for row in range(q_len):
        visible = kv_len - q_len + row + 1  # the keys a single step at this position would see
        rows.append(_attention(module, query[:, :, row:row + 1], key[:, :, :visible], value[:, :, :visible],
                               None, scaling))
    return torch.cat(rows, dim=1), None


def _attention(module, query, key, value, attention_mask, scaling) -> torch.Tensor:
    """Plain (eager) attention; [batch, q_len, heads, head_dim]."""
    groups = query.shape[1] // key.shape[1]  # grouped-query attention: each key head serves `groups` query heads
    key = key.repeat_interleave(groups, dim=1) if groups > 1 else key
    value = value.repeat_interleave(groups, dim=1) if groups > 1 else value
    weights = torch.matmul(query, key.transpose(2, 3)) * scaling  # [batch, heads, q_len, kv_len]
    if attention_mask is not None:
        weights = weights + attention_mask[:, :, :, : key.shape[-2]]
    weights = torch.softmax(weights, dim=-1, dtype=torch.float32).to(query.dtype)
    return torch.matmul(weights, value).transpose(1, 2).contiguous()


AttentionInterface.register(NAME, row_by_row_attention)
AttentionMaskInterface.register(NAME, eager_mask)  # the prompt's causal mask, as eager attention takes it
