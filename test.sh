#!/usr/bin/env bash
# Install everything into .venv/ (first time only), lint, and run the whole test suite.
# Extra arguments go to pytest, e.g. ./test.sh -k verify
set -euo pipefail
cd "$(dirname "$0")"
scripts/setup-env.sh requirements-dev.txt
export HF_HUB_OFFLINE=1
.venv/bin/ruff check .
.venv/bin/python -m pytest "$@"
