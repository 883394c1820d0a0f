#!/usr/bin/env bash
# Puts what `make pkg` needs on this machine, from the package registries only:
# the wasm32 target, wasm-pack, wasm-bindgen-cli at exactly Cargo.lock's wasm-bindgen version
# (wasm-pack would otherwise download it from a host we cannot reach), and wasm-opt from the
# npm package binaryen (Debian's binaryen 108 breaks the output; it must never be used).
# Skips each piece that is already there, so reruns take a second.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown \
  || rustup target add wasm32-unknown-unknown

command -v wasm-pack >/dev/null || cargo install wasm-pack --locked

want=$(awk '/^name = "wasm-bindgen"$/ {getline; gsub(/[^0-9.]/, ""); print; exit}' Cargo.lock)
[ -n "$want" ] || { echo "ensure-wasm-tools: wasm-bindgen not found in Cargo.lock" >&2; exit 1; }
have=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)
# Not --locked: its pins cannot always be met from this registry (DESIGN.md).
[ "$have" = "$want" ] || cargo install wasm-bindgen-cli --version "$want" --force

[ -x node_modules/.bin/wasm-opt ] || scripts/ensure-node-modules.sh
