"""Running out of memory and other failures a server must survive: recognise, describe, clean up."""

from __future__ import annotations

import gc

import torch

_MEMORY_WORDS = ("out of memory", "not enough memory", "cannot allocate memory", "failed to allocate")


def is_out_of_memory(error: BaseException) -> bool:
    """True for CUDA's and the host's out-of-memory errors, whatever type the library raised them as."""
    if isinstance(error, (MemoryError, torch.OutOfMemoryError)):
        return True
    return isinstance(error, RuntimeError) and any(word in str(error).lower() for word in _MEMORY_WORDS)


def free_memory() -> None:
    """Give back what a failed load or run left behind: Python garbage and CUDA's cached blocks."""
    gc.collect()
    if torch.cuda.is_available():
        torch.cuda.empty_cache()


def describe(error: BaseException) -> str:
    """One line for a person: what kind of failure, and its first line of detail."""
    if is_out_of_memory(error):
        return "out of memory (pick a smaller model or a shorter run; other users are not affected)"
    detail = str(error).strip().splitlines()[0][:200] if str(error).strip() else ""
    return f"{type(error).__name__}: {detail}" if detail else type(error).__name__
