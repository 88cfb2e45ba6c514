"""Load a model and its tokenizer by registry name, Hugging Face id or local folder.

Registry models arrive as GGUF; the first load dequantizes it (minutes on a
CPU) and saves a safetensors copy under the cache folder, so later loads take
seconds. Only safetensors weights are ever read and ``trust_remote_code`` is
never enabled.
"""

from __future__ import annotations

import fcntl
import functools
import hashlib
import json
import re
import shutil
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import torch
from safetensors import SafetensorError
from transformers import AutoModelForCausalLM, AutoTokenizer, PreTrainedModel

from specviz.errors import SpecvizError
from specviz.models import memory, row_attention, tiny
from specviz.models.assets import Progress, cache_root, joined_gguf
from specviz.models.conversion import convert_gguf
from specviz.models.device import pick_device, pick_dtype
from specviz.models.int8_weights import load_int8_weights
from specviz.models.kernels import (
    INT8,
    INT8_WEIGHTS,
    WeightInt8Linear,
    int8_supported,
    int8_weights_supported,
    pack_linears,
    packing_applies,
    packing_supported,
    quantize_linears,
    quantize_weights,
)
from specviz.models.registry import REGISTRY, ModelEntry

MANIFEST = "specviz-cache.json"
HASHED_FILE_LIMIT = 64 * 2**20  # the manifest hashes the config and tokenizer files; weights are sized
END_TOKENS = ("<|endoftext|>", "<|im_end|>", "<|eot_id|>", "<end_of_turn>", "</s>", "<eos>")
HUB_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]*/[A-Za-z0-9][A-Za-z0-9_.-]*$")


@dataclass
class LoadedModel:
    """A model ready for decoding, with what the engine needs to know about it."""

    name: str
    model: PreTrainedModel
    tokenizer: object  # a transformers tokenizer
    device: torch.device
    dtype: torch.dtype
    eos_ids: frozenset[int]
    context_length: int
    load_seconds: float
    source: str  # "tiny", "cache", "converted", "hub" or "folder"
    kernels: str = "default"  # the CPU's linear layers: "onednn-packed" (+"+8-row"), "int8-dynamic", "int8-weights"

    @property
    def vocab_size(self) -> int:
        return self.model.get_output_embeddings().out_features

    @property
    def computes_in(self) -> str:
        """The dtype of its products: an int8 model holds float32 tensors around its int8 linear layers."""
        if self.kernels in ("int8-dynamic", INT8_WEIGHTS):
            return {"int8-dynamic": INT8}.get(self.kernels, self.kernels)
        return str(self.dtype).removeprefix("torch.")


def load_model(
    name: str,
    device: str | None = None,
    dtype: str | None = None,
    progress: Progress | None = None,
    allow_remote: bool = True,
    packed: bool | None = None,
    verify_rows: int | None = None,
) -> LoadedModel:
    """Load `name`: a registry name, a local folder, or (if allowed) a Hugging Face id.

    `dtype` "int8" loads float32 and quantizes the linear layers to int8 (CPU only; see
    specviz.models.kernels): meant for a draft. "int8-weights" keeps the linear layers' weights in
    int8 and the rest in bfloat16 (CPU only): exact for a target too, the laptop mode's. `verify_rows`
    keeps, where the linear layers are packed, a second weight layout for products of several rows
    (a target's verify passes).
    """
    started = time.perf_counter()
    torch_device = pick_device(device)
    int8 = (dtype or "").strip() == INT8
    if int8 and not (torch_device.type == "cpu" and int8_supported()):
        raise SpecvizError(f"int8 linear layers run on a CPU with a quantized engine, not on {torch_device.type}; "
                           "use float32 or bfloat16")
    int8_weights = (dtype or "").strip() == INT8_WEIGHTS
    if int8_weights and not (torch_device.type == "cpu" and int8_weights_supported()):
        raise SpecvizError(f"int8 weights run on a CPU whose PyTorch has the int8-weight kernel, not on "
                           f"{torch_device.type}; use float32 or bfloat16")
    torch_dtype = pick_dtype(torch_device, "float32" if int8 else "bfloat16" if int8_weights else dtype)
    report = progress or (lambda message, fraction: None)
    if packed and not (int8 or int8_weights) and not (torch_device.type == "cpu" and packing_supported(torch_dtype)):
        dtype_name = str(torch_dtype).removeprefix("torch.")
        raise SpecvizError(f"packed linear layers need oneDNN {dtype_name} kernels on the CPU, "
                           f"which this {torch_device.type} lacks; use the default kernels")
    name = (name or "").strip()
    if not name:
        raise SpecvizError("no model name given")
    entry = REGISTRY.get(name)
    prepare = functools.partial(_prepare, device=torch_device, dtype=torch_dtype, int8=int8, int8_weights=int8_weights,
                                packed=packed, verify_rows=verify_rows, report=report)
    if entry is not None and entry.tiny_seed is None:
        if needs_conversion(entry.name):
            convert(entry.name, report)  # admitted on its own, before the load
        kind = memory.load_kind(INT8 if int8 else INT8_WEIGHTS if int8_weights else torch_dtype,
                                bool(verify_rows) and not (int8 or int8_weights))
        # Admitted against its measured peak before minutes of work: waits for other admitted work, or refuses.
        with memory.plan().admitted(memory.load_need(entry, kind), "loading", entry.name, report):
            model, tokenizer, source = _load_registry(entry, torch_dtype, report, int8_weights)
            model, kernels = prepare(model)
    else:
        if entry is not None:
            model, tokenizer, source = tiny.tiny_model(_tiny_role(entry)), tiny.tiny_tokenizer(), "tiny"
        else:
            model, tokenizer, source = _load_external(name, torch_dtype, allow_remote, report, int8_weights)
        model, kernels = prepare(model)
    return LoadedModel(
        name=name,
        model=model,
        tokenizer=tokenizer,
        device=torch_device,
        dtype=torch_dtype,
        eos_ids=eos_token_ids(model, tokenizer),
        context_length=int(getattr(model.config, "max_position_embeddings", 0) or 2048),
        load_seconds=time.perf_counter() - started,
        source=source,
        kernels=kernels,
    )


def _prepare(model: PreTrainedModel, device: torch.device, dtype: torch.dtype, int8: bool, int8_weights: bool,
             packed: bool | None, verify_rows: int | None, report: Progress) -> tuple[PreTrainedModel, str]:
    """The loaded model on its device in its kernels: packed, int8 or int8 weights; (model, kernels)."""
    report("moving to device", 1.0)
    model = model.to(device=device, dtype=dtype).eval()
    # None means: pack where it helps (the CPU); see specviz.models.kernels.
    kernels = "default"
    if int8:
        report("quantizing linear layers to int8", 1.0)
        kernels = "int8-dynamic" if quantize_linears(model) else kernels
    elif int8_weights:
        report("keeping the linear layers' weights in int8", 1.0)
        quantize_weights(model)  # those not streamed in as int8 already (a fresh conversion, the tiny pair)
        model.set_attn_implementation(row_attention.NAME)  # blocks scored with single steps' bits
        kernels = INT8_WEIGHTS if any(isinstance(m, WeightInt8Linear) for m in model.modules()) else kernels
    elif packing_applies(device, dtype) if packed is None else packed:
        report("packing weights for the CPU", 1.0)
        kernels = "onednn-packed" if pack_linears(model, verify_rows) else kernels
        kernels += f"+{verify_rows}-row" if verify_rows and kernels != "default" else ""
    return model, kernels


def _tiny_role(entry: ModelEntry) -> str:
    return "target" if "target" in entry.tags else "draft"


def eos_token_ids(model: PreTrainedModel, tokenizer) -> frozenset[int]:
    """Every end-of-sequence id the model's configs or the tokenizer declare."""
    ids: set[int] = set()
    for config in (model.config, getattr(model, "generation_config", None)):
        value = getattr(config, "eos_token_id", None) if config is not None else None
        if isinstance(value, int):
            ids.add(value)
        elif isinstance(value, (list, tuple)):
            ids.update(int(v) for v in value)
    if getattr(tokenizer, "eos_token_id", None) is not None:
        ids.add(int(tokenizer.eos_token_id))
    # Chat models end a turn with one token and a document with another; GGUF
    # metadata often names only one of them, so the well-known ones are added.
    special = {token.content: index for index, token in getattr(tokenizer, "added_tokens_decoder", {}).items()}
    ids.update(special[text] for text in END_TOKENS if text in special)
    return frozenset(ids)


def cache_dir(entry: ModelEntry) -> Path:
    return cache_root() / "models" / f"{entry.name}-{entry.source.sha256[:12]}"


def needs_conversion(name: str) -> bool:
    """True when `name` is a packaged registry model whose converted copy is missing or broken."""
    entry = REGISTRY.get((name or "").strip())
    return entry is not None and entry.source is not None and not cache_is_valid(cache_dir(entry), entry)


def convert(name: str, progress: Progress | None = None) -> None:
    """Join, verify and convert a packaged registry model into the cache (the slow first step).

    One conversion per model at a time, across threads and processes: whoever
    comes second waits, then finds the converted copy and reuses it.
    """
    entry = REGISTRY[name.strip()]
    with conversion_lock(entry):
        if not cache_is_valid(cache_dir(entry), entry):
            _convert(entry, progress or (lambda message, fraction: None))


@contextmanager
def conversion_lock(entry: ModelEntry) -> Iterator[None]:
    """An exclusive lock on one model's converted copy (a lock file under the cache folder)."""
    path = cache_root() / "locks" / f"{entry.name}.lock"
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)  # blocks while another conversion of this model runs
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _load_registry(entry: ModelEntry, dtype: torch.dtype, report: Progress, int8_weights: bool = False):
    folder = cache_dir(entry)
    loaded = _load_converted(folder, entry, dtype, report, int8_weights)
    if loaded is not None:
        return loaded + ("cache",)
    with conversion_lock(entry):
        loaded = _load_converted(folder, entry, dtype, report, int8_weights)  # converted by another session meanwhile?
        if loaded is not None:
            return loaded + ("cache",)
        _convert(entry, report)
    return _from_folder(folder, dtype, int8_weights) + ("converted",)


def _load_converted(folder: Path, entry: ModelEntry, dtype: torch.dtype, report: Progress,
                    int8_weights: bool = False):
    """(model, tokenizer) from the converted copy; None when it is missing or damaged."""
    if not cache_is_valid(folder, entry):
        return None
    report("loading converted copy", 0.0)
    try:
        return _from_folder(folder, dtype, int8_weights)
    except (OSError, ValueError, KeyError, SafetensorError):  # not MemoryError: that is no damage
        # Sizes and the small files' hashes matched, yet it does not load (a damaged
        # weights file): rebuilt from the verified GGUF rather than reported as broken.
        report("the converted copy is damaged: rebuilding it", 0.0)
        return None


def _convert(entry: ModelEntry, report: Progress) -> None:
    """Join and verify the GGUF, then write the converted copy (streamed: see specviz.models.conversion)."""
    folder = cache_dir(entry)
    if folder.exists():
        shutil.rmtree(folder)  # incomplete or corrupt: rebuild from the GGUF
    gguf = joined_gguf(entry.source, cache_root() / "gguf", report)
    with memory.plan().admitted(memory.conversion_need(entry), "converting", entry.name, report):
        partial = folder.with_name(folder.name + ".partial")
        shutil.rmtree(partial, ignore_errors=True)
        convert_gguf(gguf, partial, report)
        _write_manifest(partial, entry)
        partial.replace(folder)  # atomic: a half-written copy never carries the final name
    if gguf.parent == cache_root() / "gguf":
        gguf.unlink()  # the converted copy replaces the joined file; it can be joined again


def _write_manifest(partial: Path, entry: ModelEntry) -> None:
    """Every file's size, and the small files' sha256, checked before the copy is trusted."""
    files = {p.name: p.stat().st_size for p in sorted(partial.iterdir())}
    hashes = {name: _sha256(partial / name) for name, size in files.items() if size <= HASHED_FILE_LIMIT}
    manifest = {"source_sha256": entry.source.sha256, "files": files, "sha256": hashes}
    (partial / MANIFEST).write_text(json.dumps(manifest, indent=1))


def cache_is_valid(folder: Path, entry: ModelEntry) -> bool:
    """The converted copy is complete: its manifest matches the source and every file's size."""
    try:
        manifest = json.loads((folder / MANIFEST).read_text())
        if manifest.get("source_sha256") != entry.source.sha256:
            return False
        if not all((folder / name).stat().st_size == size for name, size in manifest["files"].items()):
            return False
        return all(_sha256(folder / name) == digest for name, digest in manifest.get("sha256", {}).items())
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return False


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _from_folder(folder: Path, dtype: torch.dtype, int8_weights: bool = False):
    if int8_weights:  # streamed in tensor by tensor: never the float32 model in memory
        model = load_int8_weights(Path(folder))
    else:
        model = AutoModelForCausalLM.from_pretrained(
            str(folder), dtype=dtype, trust_remote_code=False, use_safetensors=True
        )
    tokenizer = AutoTokenizer.from_pretrained(str(folder), trust_remote_code=False)
    return model, tokenizer


MAX_NAME_CHARS = 1024  # longer than any path or hub id


def _load_external(name: str, dtype: torch.dtype, allow_remote: bool, report: Progress,
                   int8_weights: bool = False):
    if len(name) > MAX_NAME_CHARS:
        raise SpecvizError(f"unknown model {name[:40]!r}…: a model name or folder has at most "
                           f"{MAX_NAME_CHARS} characters")
    try:
        path = Path(name).expanduser()
        is_folder = path.is_dir()
    except (OSError, ValueError, RuntimeError):  # not a name the OS takes, or "~user" of no such user
        path, is_folder = Path(name), False
    if is_folder:
        if not (path / "config.json").exists():
            raise SpecvizError(f"{name} is a folder but has no config.json: not a Hugging Face model folder")
        if not any(path.glob("*.safetensors")):
            raise SpecvizError(f"{name} has no .safetensors weights (other weight formats are not loaded)")
        _check_folder_config(path, name)
        report("loading local folder", 0.0)
        return _load_checked(str(path), dtype, name, int8_weights) + ("folder",)
    known = ", ".join(REGISTRY)
    if ".." in name or name.startswith(("/", "~", ".")) or "\\" in name:
        raise SpecvizError(f"model folder {name!r} does not exist (registry names: {known})")
    if not HUB_ID.match(name):
        raise SpecvizError(
            f"unknown model {name!r}: use a registry name ({known}), a local folder or an id like org/model"
        )
    if not allow_remote:
        raise SpecvizError(f"model {name!r} is not allowed here (allowed: {known})")
    report("loading from the Hugging Face hub", 0.0)
    return _load_checked(name, dtype, name) + ("hub",)


SIZES = ("num_hidden_layers", "hidden_size", "vocab_size", "num_attention_heads", "intermediate_size",
         "num_key_value_heads", "max_position_embeddings")


def _check_folder_config(path: Path, name: str) -> None:
    """A folder's config.json is JSON whose sizes, where given, are positive whole numbers (checked before loading)."""
    try:
        config = json.loads((path / "config.json").read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise SpecvizError(f"{name}: config.json is not readable JSON ({str(error).splitlines()[0][:120]})") from None
    if not isinstance(config, dict):
        raise SpecvizError(f"{name}: config.json must hold a JSON object")
    for key in SIZES:
        value = config.get(key)
        if value is not None and not (isinstance(value, int) and not isinstance(value, bool) and 0 < value < 2**31):
            raise SpecvizError(f"{name}: config.json's {key} must be a positive whole number, got {str(value)[:40]}")
    vocabulary = config.get("vocab_size")
    for key in ("pad_token_id", "bos_token_id", "eos_token_id"):
        ids = config.get(key) if isinstance(config.get(key), list) else [config.get(key)]
        if isinstance(vocabulary, int) and any(isinstance(i, int) and not 0 <= i < vocabulary for i in ids):
            raise SpecvizError(f"{name}: config.json's {key} lies outside its vocabulary of {vocabulary} tokens")


def _load_checked(where: str, dtype: torch.dtype, name: str, int8_weights: bool = False):
    try:
        return _from_folder(where, dtype, int8_weights and Path(where).is_dir())
    except (OSError, ValueError, RuntimeError, SafetensorError) as error:  # missing, offline, damaged, mismatched
        first_line = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        raise SpecvizError(
            f"could not load {name!r}: {first_line[:200]} "
            "(offline? put the model in a local folder with config.json and .safetensors, or use a registry name)"
        ) from None
