"""What the person hosting the app allows: models, caps and the address it listens on.

The configuration comes from a TOML file named by ``SPECVIZ_CONFIG`` (a
``[hosting]`` table) and then from ``SPECVIZ_*`` environment variables, which
win. Every setting has a safe default: the offline models and the tiny pair
only, no Hugging Face ids, no server folders, loopback only.

    [hosting]
    allowed_models = ["qwen2.5-coder-0.5b", "qwen2.5-coder-1.5b", "tiny-draft", "tiny-target"]
    allow_hub_ids = false          # free-form ids such as Qwen/Qwen2.5-7B (needs network)
    allow_local_folders = false    # model folders on the server's disk
    max_new_tokens = 256
    max_prompt_chars = 4000
    max_k = 16
    max_mc_samples = 20000         # Monte-Carlo samples on the toy and exactness pages
    max_upload_mb = 5              # trace uploads on the replay page
    generation_slots = 1           # generations that run at once; the rest queue
    queue_timeout_s = 600          # a request waiting longer is told the server is busy
    address = "127.0.0.1"
    port = 8501
    preload = true                 # `specviz serve` readies the default pair in the background
    mode = "auto"                  # how the pair is held: auto (the fastest that fits the memory), two-layouts,
                                   # one-layout or laptop (int8 weights: that target's distribution)
    laptop = false                 # the same as mode = "laptop"
"""

from __future__ import annotations

import dataclasses
import ipaddress
import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from specviz.errors import SpecvizError
from specviz.limits import HOSTING
from specviz.models.modes import CHOICES
from specviz.models.registry import REGISTRY

ENV_FILE = "SPECVIZ_CONFIG"


def _registry_names() -> tuple[str, ...]:
    return tuple(REGISTRY)


@dataclass(frozen=True)
class HostingConfig:
    allowed_models: tuple[str, ...] = field(default_factory=_registry_names)
    allow_hub_ids: bool = False
    allow_local_folders: bool = False
    max_new_tokens: int = 256
    max_prompt_chars: int = 4000
    max_k: int = 16
    max_mc_samples: int = 20_000
    max_upload_mb: int = 5
    generation_slots: int = 1
    queue_timeout_s: int = 600
    address: str = "127.0.0.1"
    port: int = 8501
    preload: bool = True
    mode: str = "auto"  # specviz.models.modes: auto chooses by the measured footprints and this machine's memory
    laptop: bool = False  # int8 weights for both models (specviz.models.kernels): exact for that int8 target

    def __post_init__(self):
        for name, allowed in HOSTING.items():
            allowed.check(getattr(self, name))
        for name in ("allow_hub_ids", "allow_local_folders", "preload", "laptop"):
            if not isinstance(getattr(self, name), bool):
                raise SpecvizError(f"hosting setting {name} must be true or false, got {getattr(self, name)!r}")
        if self.mode not in CHOICES:
            raise SpecvizError(f"hosting setting mode must be one of {', '.join(CHOICES)}, got {self.mode!r}")
        # A string is a sequence of names too (of one letter each): matching against it would find substrings.
        if isinstance(self.allowed_models, str) or not isinstance(self.allowed_models, (tuple, list)) \
                or not self.allowed_models \
                or not all(isinstance(n, str) and n.strip() for n in self.allowed_models):
            raise SpecvizError("hosting setting allowed_models must be a non-empty list of model names")
        try:
            ipaddress.ip_address(self.address)
        except ValueError:
            raise SpecvizError(f"hosting setting address must be an IP address, got {self.address!r}") from None

    @property
    def pair_mode(self) -> str:
        """The mode asked for: "laptop" where `laptop` is set, else `mode` ("auto" lets the memory plan choose)."""
        return "laptop" if self.laptop else self.mode

    @property
    def max_upload_bytes(self) -> int:
        return self.max_upload_mb * 1024 * 1024

    def check_model(self, name: str) -> str:
        """`name` stripped, if users may load it here; otherwise a SpecvizError that lists what they may pick."""
        name = (name or "").strip()
        if name in self.allowed_models:
            return name
        allowed = ", ".join(self.allowed_models)
        if name in REGISTRY:
            raise SpecvizError(f"model {name!r} is not offered on this server (pick one of: {allowed})")
        if _looks_like_a_path(name):
            if not self.allow_local_folders:
                raise SpecvizError(f"model folders are not allowed on this server (pick one of: {allowed})")
            return name
        if not self.allow_hub_ids:
            raise SpecvizError(f"unknown model {name!r} (pick one of: {allowed})")
        return name

    def check_prompt(self, prompt: str) -> str:
        """The prompt, if it is text of an allowed length; otherwise a SpecvizError."""
        if not isinstance(prompt, str) or not prompt.strip():
            raise SpecvizError("the prompt is empty: type one or pick an example")
        if len(prompt) > self.max_prompt_chars:
            raise SpecvizError(f"the prompt has {len(prompt):,} characters; this server takes at most "
                               f"{self.max_prompt_chars:,}")
        if "\x00" in prompt:
            raise SpecvizError("the prompt contains NUL characters: paste text, not a binary file")
        return prompt


def _looks_like_a_path(name: str) -> bool:
    """A folder on the server's disk, or an attempt to name one ("../x", "~/x", "C:\\x")."""
    if name.startswith((".", "~", "/")) or ".." in name or "\\" in name or "\x00" in name:
        return True
    try:
        return Path(name).exists()
    except (OSError, ValueError):  # too long, or not a name the OS takes
        return True


_CONVERT = {"allowed_models": lambda text: tuple(n.strip() for n in text.split(",") if n.strip()),
            "allow_hub_ids": lambda text: _boolean(text), "allow_local_folders": lambda text: _boolean(text),
            "preload": lambda text: _boolean(text), "laptop": lambda text: _boolean(text),
            "address": str, "mode": str}


def _boolean(text: str) -> bool:
    lowered = text.strip().lower()
    if lowered in ("1", "true", "yes", "on"):
        return True
    if lowered in ("0", "false", "no", "off"):
        return False
    raise SpecvizError(f"not true or false: {text!r}")


def _from_env(name: str, text: str):
    if name in _CONVERT:
        return _CONVERT[name](text)
    try:
        return int(text)
    except ValueError:
        raise SpecvizError(f"SPECVIZ_{name.upper()} must be an integer, got {text!r}") from None


def load_config(environ: dict[str, str] | None = None) -> HostingConfig:
    """The hosting configuration: defaults, then the TOML file, then environment variables."""
    environ = os.environ if environ is None else environ
    settings: dict = {}
    names = {f.name for f in dataclasses.fields(HostingConfig)}
    path = environ.get(ENV_FILE, "").strip()
    if path:
        try:
            table = tomllib.loads(Path(path).read_text(encoding="utf-8")).get("hosting", {})
        except OSError as error:
            raise SpecvizError(f"cannot read {ENV_FILE}={path}: {error.strerror or error}") from None
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
            raise SpecvizError(f"{ENV_FILE}={path} is not valid TOML: {error}") from None
        if not isinstance(table, dict):
            raise SpecvizError(f"{ENV_FILE}={path}: [hosting] must be a table")
        unknown = sorted(set(table) - names)
        if unknown:
            raise SpecvizError(f"{ENV_FILE}={path}: unknown setting(s) {', '.join(unknown)}")
        settings.update(table)
    for name in names:
        text = environ.get(f"SPECVIZ_{name.upper()}")
        if text is not None and text.strip():
            settings[name] = _from_env(name, text.strip())
    if isinstance(settings.get("allowed_models"), list):
        settings["allowed_models"] = tuple(settings["allowed_models"])
    return HostingConfig(**settings)
