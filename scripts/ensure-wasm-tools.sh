#!/usr/bin/env bash
# Puts what `make pkg` needs on this machine, from the package registries only:
# the wasm32 target, wasm-bindgen-cli at exactly Cargo.lock's wasm-bindgen version (its
# wasm-bindgen builds the JS glue, its wasm-bindgen-test-runner runs `make test-wasm`), and
# wasm-opt from the npm package binaryen (Debian's binaryen 108 breaks the output; it must
# never be used).
# Skips each piece that is already there, so reruns take a second.
# STEPZERO_DRY_RUN=1: print what would be installed instead.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  if [ -n "${STEPZERO_DRY_RUN:-}" ]; then echo "would install: rustup target wasm32-unknown-unknown"
  else rustup target add wasm32-unknown-unknown; fi
fi

want=$(awk '/^name = "wasm-bindgen"$/ {getline; gsub(/[^0-9.]/, ""); print; exit}' Cargo.lock)
[ -n "$want" ] || { echo "ensure-wasm-tools: wasm-bindgen not found in Cargo.lock" >&2; exit 1; }
# Unlocked: its pins cannot always be met from this registry (docs/design.md, "wasm-bindgen-cli, unlocked").
scripts/ensure-cargo-bin.sh wasm-bindgen-cli wasm-bindgen "$want" --unlocked

scripts/ensure-node-modules.sh
