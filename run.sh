#!/usr/bin/env bash
# Install everything into .venv/ (first time only) and start the app (http://127.0.0.1:8501 unless configured)
set -euo pipefail
cd "$(dirname "$0")"
scripts/setup-env.sh requirements.txt
export HF_HUB_OFFLINE=${HF_HUB_OFFLINE:-1}
# Bind address, port, caps and allowed models: SPECVIZ_CONFIG (a TOML file) and SPECVIZ_* variables (README).
exec .venv/bin/python -m specviz serve -- "$@"
