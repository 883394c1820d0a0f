#!/usr/bin/env bash
# Installs the root node_modules when missing or older than package.json/package-lock.json.
# Never downloads a browser: Playwright uses Debian's chromium.
# STEPZERO_DRY_RUN=1: print "would install: node_modules" instead of installing.
set -euo pipefail
cd "$(dirname "$0")/.."
stamp=node_modules/.stepzero-installed
if [ -f "$stamp" ] && [ "$stamp" -nt package.json ] && [ "$stamp" -nt package-lock.json ]; then
  exit 0
fi
if [ -n "${STEPZERO_DRY_RUN:-}" ]; then
  echo "would install: node_modules (npm ci, from package-lock.json)"
  exit 0
fi
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
# Exactly what package-lock.json records, never a rewrite of it: a failure here is a lockfile to
# fix (regenerate it with `npm install` and commit it), not something to paper over.
exec 9>/tmp/stepzero-npm.lock
flock 9
if ! npm ci --no-audit --no-fund; then
  echo "ensure-node-modules: 'npm ci' failed: package-lock.json does not match package.json" >&2
  echo "  (or the registry is unreachable). Fix the lockfile with 'npm install' and commit it." >&2
  exit 1
fi
touch "$stamp"
