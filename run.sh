#!/usr/bin/env bash
# Install everything into .venv/ (first time only) and start the app on http://127.0.0.1:8501
set -euo pipefail
cd "$(dirname "$0")"
scripts/setup-env.sh requirements.txt
export HF_HUB_OFFLINE=${HF_HUB_OFFLINE:-1}
exec .venv/bin/python -m streamlit run app.py \
  --server.address "${SPECVIZ_ADDRESS:-127.0.0.1}" --server.port "${SPECVIZ_PORT:-8501}" \
  --server.headless true --browser.gatherUsageStats false "$@"
