"""The dynamic schedule: up to k tokens, but the draft stops early once its probability for the token it just
proposed falls below a confidence threshold (the drafter applies it; under greedy the probability comes from the
softmax of its logits), as Hugging Face's assisted generation."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from specviz.engine.schedules.base import register_schedule
from specviz.engine.schedules.constant import ConstantSchedule


@register_schedule
@dataclass
class DynamicSchedule(ConstantSchedule):
    name: ClassVar[str] = "dynamic"
    order: ClassVar[int] = 2
    label: ClassVar[tuple[str, str]] = ("dynamic (the draft's confidence)", "dinamica (fiducia del draft)")
    help: ClassVar[tuple[str, str]] = (
        "dynamic: up to k, but the draft stops as soon as its own probability for the token it proposed falls "
        "below {threshold:g} (as Hugging Face's assisted generation).",
        "dinamica: fino a k, ma il draft si ferma appena la sua probabilità per il token proposto scende sotto "
        "{threshold:g} (come l'assisted generation di Hugging Face).")

    def __post_init__(self) -> None:
        super().__post_init__()
        assert self.confidence is not None, "the dynamic schedule needs a confidence threshold"

    def stop_below(self) -> float | None:
        return self.confidence
