#!/usr/bin/env bash
# Installs a program from crates.io into $CARGO_HOME/bin when that program is not there or not
# at the wanted version. It asks the binary in $CARGO_HOME/bin itself, never a name on PATH:
# node_modules/.bin holds npm wrappers of the same names (webdriverio's `geckodriver`, for one)
# that download a binary from a host these machines cannot reach.
#   scripts/ensure-cargo-bin.sh <crate> <binary> [version] [--unlocked]
# --unlocked: the crate's own Cargo.lock pins cannot all be met from this registry (wasm-bindgen-cli).
# STEPZERO_DRY_RUN=1: print "would install: <crate> ..." instead of installing.
set -euo pipefail
crate=$1 bin=$2 version=${3:-} locked=--locked
[ "${4:-}" = "--unlocked" ] && locked=""
cargo_bin=${CARGO_HOME:-$HOME/.cargo}/bin

# `<binary> --version` prints "<binary> <version>" for every tool this project installs.
have=$("$cargo_bin/$bin" --version 2>/dev/null | head -1 || true)
if [ -n "$version" ]; then
  { [ "$have" = "$bin $version" ] || [[ "$have" == "$bin $version "* ]]; } && exit 0
else
  [[ "$have" == "$bin "* ]] && exit 0
fi
if [ -n "${STEPZERO_DRY_RUN:-}" ]; then
  echo "would install: $crate${version:+ $version} (crates.io) into $cargo_bin"
  exit 0
fi
exec 9>/tmp/stepzero-cargo-install.lock
flock 9
# shellcheck disable=SC2086
cargo install $locked --force "$crate" ${version:+--version "$version"}
