#!/usr/bin/env bash
# Installs the root node_modules when missing or older than package.json/package-lock.json.
# Never downloads a browser: Playwright uses Debian's chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
stamp=node_modules/.stepzero-installed
if [ -f "$stamp" ] && [ "$stamp" -nt package.json ] && [ "$stamp" -nt package-lock.json ]; then
  exit 0
fi
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
# `npm ci` can miss platform-only optional packages from a lockfile written elsewhere
# (DESIGN.md); fall back to `npm install`, which repairs them.
exec 9>/tmp/stepzero-npm.lock
flock 9
npm ci --no-audit --no-fund || npm install --no-audit --no-fund
touch "$stamp"
