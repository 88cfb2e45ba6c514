"""The fastest exact configuration of a pair on this machine: one definition for the app, `generate` and `bench`.

On a CPU with float32 weights:
- the target keeps two packed weight layouts (oneDNN), one for single-token
  steps and one for verify passes of up to VERIFY_ROWS rows, where the memory
  plan allows the second; otherwise one layout, or the laptop mode's int8
  weights (specviz.models.modes chooses by the measured footprints);
- the draft's linear layers run in int8 where this PyTorch has a quantized
  engine: measured 44 against 105 ms per token for packed float32 (AVX2 AMD,
  2.4x) and 10.6 against 6.3 tokens/s for bfloat16 (an Intel CPU, 1.7x). Its q
  differs a little from float32's, which moves only the acceptance rate: the
  output keeps the target's distribution.
On a GPU both models run in bfloat16 (float16 where bfloat16 is missing).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import torch

from specviz.errors import SpecvizError
from specviz.models.device import pick_device, pick_dtype
from specviz.models.kernels import INT8, INT8_WEIGHTS, int8_supported
from specviz.models.loader import LoadedModel, Progress, load_model
from specviz.models.memory import MemoryRefused
from specviz.models.modes import LAPTOP, VERIFY_ROWS, Choice, PairMode, smaller
from specviz.text import fill, literal, text


def load_target(name: str, device: str | None = None, dtype: str | None = None, progress: Progress | None = None,
                allow_remote: bool = True, mode: PairMode | None = None) -> LoadedModel:
    """The target as `mode` holds it (its `kernels` say how); `dtype` "int8-weights" is the laptop mode.

    Without a mode, on a CPU: both layouts. Other dtypes and devices load as asked.
    """
    check_target_dtype(dtype)
    if (dtype or "").strip() == INT8_WEIGHTS:
        mode = LAPTOP
    if mode is not None and pick_device(device).type == "cpu" and (dtype or "auto") in ("auto", mode.target_dtype):
        return load_model(name, device, mode.target_dtype, progress, allow_remote, verify_rows=mode.verify_rows)
    return load_model(name, device, dtype, progress, allow_remote, verify_rows=VERIFY_ROWS)


def check_target_dtype(dtype: str | None) -> None:
    """Refuse int8 for a target: its p would depend on how many rows a pass reads (see `load_role`)."""
    if (dtype or "").strip() == INT8:
        raise SpecvizError("int8 is for a draft only: a dynamic-int8 target scores a verify block differently "
                           "from a single step, so the output would not match it; use float32 or bfloat16")


def draft_dtype(target: LoadedModel) -> str:
    """The draft's dtype beside this target: int8 on a CPU that has the kernels, else the target's."""
    if target.kernels == INT8_WEIGHTS:
        return INT8_WEIGHTS  # the laptop mode keeps both models small
    return draft_dtype_on(target.device, target.dtype)


def draft_dtype_on(device: torch.device, target_dtype: torch.dtype) -> str:
    if device.type == "cpu" and target_dtype == torch.float32 and int8_supported():
        return INT8
    return str(target_dtype).removeprefix("torch.")


def load_draft(name: str, target: LoadedModel, dtype: str | None = None, progress: Progress | None = None,
               allow_remote: bool = True) -> LoadedModel:
    return load_model(name, str(target.device), dtype or draft_dtype(target), progress, allow_remote)


def load_role(name: str, role: str, device: str | None = None, progress: Progress | None = None,
              allow_remote: bool = True, mode: PairMode | None = None) -> LoadedModel:
    """A model loaded for its role ("target" or "draft") as `mode` holds it, else the device's default.

    Only the draft may run in int8: dynamic int8 quantizes activations per tensor, so a
    model's logits depend on how many rows it is fed at once. For a draft that moves only
    the acceptance rate; for a target, a verify block's p would differ from a single
    step's, and the output would no longer match the target alone. The laptop mode loads both
    with int8 weights (kernels.WeightInt8Linear), which keeps a target exact.
    """
    if role not in ("target", "draft"):
        raise ValueError(f"a model is a target or a draft, not {role!r}")
    if role == "target":
        return load_target(name, device, None, progress, allow_remote, mode)
    chosen = pick_device(device)
    if mode is not None and chosen.type == "cpu":
        return load_model(name, str(chosen), mode.draft_dtype, progress, allow_remote)
    return load_model(name, str(chosen), draft_dtype_on(chosen, pick_dtype(chosen)), progress, allow_remote)


def load_pair_target(name: str, choice: Choice, device: str | None = None, dtype: str | None = None,
                     progress: Progress | None = None, allow_remote: bool = True,
                     told: Callable[[str], None] | None = None) -> tuple[LoadedModel, PairMode]:
    """The target in the chosen mode, or the next smaller one when the memory plan refuses it now."""
    mode = choice.mode
    while True:
        try:
            return load_target(name, device, dtype, progress, allow_remote, mode), mode
        except MemoryRefused as refused:
            lower = smaller(mode) if not choice.forced else None
            if lower is None:
                raise
            if told:
                told(f"{refused}; trying {lower.name}")
            mode = lower


@dataclass(frozen=True)
class PairConfiguration:
    """What a run's pair computed in, in the words the pages show."""

    draft: str | None  # "int8", "float32", ...; None for the target alone
    target: str  # what the target computes in
    layouts: tuple[int, ...]  # rows each packed layout of the target serves; () = PyTorch's default kernels
    device: str  # "CPU", "CUDA", "MPS"
    threads: int | None  # CPU threads, where known

    @classmethod
    def of(cls, record, threads: int | None = None) -> PairConfiguration:
        """From a run's record (live or replayed); `threads` where the run happened on this server."""
        kernels = record.target_kernels
        layouts = () if not kernels.startswith("onednn-packed") else (1, VERIFY_ROWS) if "-row" in kernels else (1,)
        target = {"int8-dynamic": INT8, INT8_WEIGHTS: INT8_WEIGHTS}.get(kernels, record.dtype)
        return cls(draft=record.draft_dtype if record.draft else None, target=target, layouts=layouts,
                   device=record.device.split(":")[0].upper(), threads=threads)

    def line(self, language: str = "en") -> str:
        """E.g. "draft int8 · target float32, packed for 1 and 8 rows · CPU, 2 threads"."""
        # The dtypes and the device come from the record, which an uploaded trace may fill with anything:
        # shown literally (Markdown, links and LaTeX escaped).
        parts = [fill("config.draft", language, dtype=literal(self.draft))] if self.draft else []
        target = fill("config.target", language, dtype=literal(self.target))
        if self.target == INT8_WEIGHTS:
            target += text("config.laptop", language)
        if len(self.layouts) == 2:
            target += fill("config.two_layouts", language, rows=self.layouts[1])
        elif self.layouts:
            target += text("config.one_layout", language)
        parts.append(target)
        device = literal(self.device)
        if self.threads and self.device == "CPU":
            device += fill("config.threads", language, threads=self.threads)
        return " · ".join(parts + [device])


def choice_line(choice: Choice, language: str = "en") -> str:
    """E.g. "Memory: float32 with one weight layout, the fastest configuration that fits; the pair needs …"."""
    return fill("memory.line_forced" if choice.forced else "memory.line", language,
                mode=text(f"memory.mode.{choice.mode.name}", language), need=choice.need / 2**30,
                usable=choice.usable / 2**30, source=text(f"memory.source.{choice.limit.source}", language))
