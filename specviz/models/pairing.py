"""Can two models be a draft/target pair? Only if they share one vocabulary."""

from __future__ import annotations

from specviz.errors import SpecvizError
from specviz.models.loader import LoadedModel
from specviz.models.registry import REGISTRY


def check_registry_pair(draft_name: str, target_name: str) -> None:
    """Refuse two registry models of different tokenizer families before either is loaded (minutes, gigabytes)."""
    draft, target = REGISTRY.get(draft_name), REGISTRY.get(target_name)
    if draft is not None and target is not None and draft.tokenizer_family != target.tokenizer_family:
        raise SpecvizError(f"{draft_name} and {target_name} have different tokenizers ({draft.tokenizer_family} "
                           f"and {target.tokenizer_family}): pick two models of one family, or the tli drafter, "
                           "which drafts across vocabularies")


def shared_vocab_size(draft: LoadedModel, target: LoadedModel) -> int:
    """Check the pair and return how many logit columns the two have in common.

    Vocabularies are compared as token -> id maps, not by model name: the
    verification step compares p and q token by token, which only means
    something when an id names the same string in both models.
    """
    draft_vocab = draft.tokenizer.get_vocab()
    target_vocab = target.tokenizer.get_vocab()
    if draft_vocab != target_vocab:
        only_draft = len(draft_vocab.keys() - target_vocab.keys())
        only_target = len(target_vocab.keys() - draft_vocab.keys())
        raise SpecvizError(
            f"{draft.name} and {target.name} have different tokenizers "
            f"({len(draft_vocab)} vs {len(target_vocab)} tokens, {only_draft} only in the draft, "
            f"{only_target} only in the target): pick two models of one family, or the tli drafter, which drafts "
            "across vocabularies"
        )
    if draft.device != target.device:
        raise SpecvizError(f"draft is on {draft.device} but target is on {target.device}")
    # Output layers may be padded past the tokenizer; the padding ids are never real tokens.
    common = min(draft.vocab_size, target.vocab_size)
    if common < len(target_vocab):
        raise SpecvizError(
            f"the models' output layers ({common}) are smaller than the vocabulary ({len(target_vocab)})"
        )
    return common
