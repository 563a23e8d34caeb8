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
# Static checks: the package under mypy --strict (config in pyproject.toml).
python3 -m mypy
# The static site (vendors Pyodide with npm and micropip with pip on the first run; cached after).
python3 web/build.py
# The page's JavaScript, checked by TypeScript over its JSDoc types (typescript comes with web/'s npm packages).
(cd web && node node_modules/typescript/bin/tsc -p tsconfig.json)
# eslint over the page's JavaScript (web/eslint.config.js: the recommended rules, a few that catch real bugs, and
# our rule that a field of the page's state is written only by its owner, web/state-owners.js).
(cd web && node node_modules/eslint/bin/eslint.js .)
python3 -m pytest "$@"
