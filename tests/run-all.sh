#!/usr/bin/env bash
# The whole test suite on a fresh machine: installs what it needs, then runs it.
# Usage: bash tests/run-all.sh [pytest args...]
set -euo pipefail
cd "$(dirname "$0")/.."

# The browser tests drive Debian's Chromium. Never `playwright install`: it downloads from a CDN.
if ! command -v chromium >/dev/null 2>&1; then
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null
fi

python3 -m pip install --quiet --disable-pip-version-check -e '.[test,web]'
ruff check .
# The static site (vendors Pyodide with npm and micropip with pip on the first run; cached after).
python3 web/build.py
python3 -m pytest "$@"
