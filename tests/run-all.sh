#!/usr/bin/env bash
# The whole test suite on a fresh machine: installs what it needs, then runs it.
# Usage: bash tests/run-all.sh [pytest args...]
set -euo pipefail
cd "$(dirname "$0")/.."

python3 -m pip install --quiet --disable-pip-version-check -e '.[test]'
ruff check .
python3 -m pytest "$@"
