"""``python -m specviz serve``: start the app with the host's settings applied to Streamlit itself."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from specviz.errors import SpecvizError
from specviz.models import modes
from specviz.models.registry import DEFAULT_DRAFT, DEFAULT_TARGET
from specviz.serving import preload
from specviz.serving.config import HostingConfig, load_config

APP = Path(__file__).resolve().parents[2] / "app.py"


def add_commands(commands) -> None:
    serve = commands.add_parser("serve", help="serve the app (settings: SPECVIZ_CONFIG and SPECVIZ_* variables)")
    serve.add_argument("streamlit_args", nargs="*", help="further Streamlit options, after --")


# Streamlit options that the host's settings own: one source of truth, so the printed address is the real one.
OWNED = {"server.address": "address", "server.port": "port", "server.maxUploadSize": "max_upload_mb"}


def streamlit_command(config: HostingConfig, extra: list[str]) -> list[str]:
    """The ``streamlit run`` command line: bind address, port and upload cap come from the host's settings.

    Users never see tracebacks (``client.showErrorDetails none``: details go to the
    server's log) nor Streamlit's deploy button and developer menu (``toolbarMode viewer``).
    """
    for option in extra:
        name = option.removeprefix("--").split("=", 1)[0]
        if name in OWNED:
            setting = OWNED[name]
            raise SpecvizError(f"set the {setting.replace('_', ' ')} in the hosting settings "
                               f"(SPECVIZ_{setting.upper()} or {setting} in SPECVIZ_CONFIG), not as --{name}")
    return [sys.executable, "-m", "streamlit", "run", str(APP),
            "--server.address", config.address, "--server.port", str(config.port),
            "--server.maxUploadSize", str(config.max_upload_mb), "--server.headless", "true",
            "--browser.gatherUsageStats", "false", "--client.showErrorDetails", "none",
            "--client.toolbarMode", "viewer", *extra]


def run(args) -> None:
    config = load_config()  # a bad setting stops here, with one line and exit code 2
    command = streamlit_command(config, list(args.streamlit_args))
    print(f"specviz: serving on http://{config.address}:{config.port} "
          f"(models: {', '.join(config.allowed_models)})", file=sys.stderr, flush=True)
    if {DEFAULT_DRAFT, DEFAULT_TARGET} <= set(config.allowed_models):
        choice = modes.choose(DEFAULT_DRAFT, DEFAULT_TARGET, config.pair_mode, "server")
        print(f"specviz: memory: {choice.reason()}", file=sys.stderr, flush=True)
    if config.preload:
        log = Path.home() / ".cache" / "specviz" / "preparing.log"
        if preload.start_preparing(tuple(config.allowed_models), log):
            print(f"specviz: preparing the default pair in the background (log: {log})", file=sys.stderr, flush=True)
        os.environ[preload.ENABLED] = "1"  # the app loads the pair on its first page view
    os.execv(command[0], command)
