#!/usr/bin/env bash
# Puts what `make pkg` needs on this machine, from the package registries only:
# the wasm32 target, wasm-pack (pinned; compiled from crates.io once), wasm-bindgen-cli at exactly
# Cargo.lock's wasm-bindgen version (the only one wasm-pack's --mode no-install accepts from PATH;
# its wasm-bindgen-test-runner runs `make test-wasm`), and wasm-opt from the npm package binaryen
# (Debian's binaryen 108 breaks the output; it must never be used).
# Skips each piece that is already there, so reruns take a second.
# STEPZERO_DRY_RUN=1: print what would be installed instead.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  if [ -n "${STEPZERO_DRY_RUN:-}" ]; then echo "would install: rustup target wasm32-unknown-unknown"
  else rustup target add wasm32-unknown-unknown; fi
fi

# 0.14.0 or later: --profile (release-image, release-work) and cargo's --target-dir after `--`.
scripts/ensure-cargo-bin.sh wasm-pack wasm-pack 0.15.1

want=$(awk '/^name = "wasm-bindgen"$/ {getline; gsub(/[^0-9.]/, ""); print; exit}' Cargo.lock)
[ -n "$want" ] || { echo "ensure-wasm-tools: wasm-bindgen not found in Cargo.lock" >&2; exit 1; }
# Unlocked: its pins cannot always be met from this registry (docs/design.md, "wasm-bindgen-cli, unlocked").
scripts/ensure-cargo-bin.sh wasm-bindgen-cli wasm-bindgen "$want" --unlocked

scripts/ensure-node-modules.sh

# wasm-pack runs the first wasm-opt on PATH, and builds without one with only an info line: it
# must be binaryen's from node_modules (the Makefile's PATH puts node_modules/.bin before /usr/bin).
if [ -z "${STEPZERO_DRY_RUN:-}" ]; then
  found=$(command -v wasm-opt || true)
  if [ -z "$found" ] || ! [ "$found" -ef node_modules/.bin/wasm-opt ]; then
    echo "ensure-wasm-tools: the first wasm-opt on PATH is '${found:-none}'," >&2
    echo "  not npm binaryen's $PWD/node_modules/.bin/wasm-opt (run through make, which sets PATH)" >&2
    exit 1
  fi
fi
