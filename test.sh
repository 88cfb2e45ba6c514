#!/usr/bin/env bash
# Install everything into .venv/ (first time only), lint, and run the quick test suite.
# Extra arguments go to pytest, e.g. ./test.sh -k verify; the other tiers: ./test.sh -m "real or browser",
# ./test.sh -m limits (see pyproject.toml; .ci/run runs every tier).
set -euo pipefail
cd "$(dirname "$0")"
scripts/setup-env.sh requirements-dev.txt
if ! command -v chromium >/dev/null 2>&1 && [ "$(id -u)" = "0" ]; then
  echo "installing Debian's chromium for the browser test ..." >&2
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; } >/dev/null 2>&1 \
    || echo "could not install chromium; the browser test will report it" >&2
fi
export HF_HUB_OFFLINE=1
.venv/bin/ruff check .
.venv/bin/python -m pytest "$@"
