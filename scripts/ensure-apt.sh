#!/bin/sh
# Installs the given Debian packages when any is missing; fast no-op when all are present.
#   scripts/ensure-apt.sh <package>...
# Runs apt-get update once, then apt-get install -y. Needs root (or sudo without a password);
# otherwise, or without apt-get, says what to install and fails.
# STEPZERO_DRY_RUN=1: print "would install: <package>..." instead of installing.
set -eu
[ "$#" -gt 0 ] || { echo "usage: $0 <package>..." >&2; exit 2; }

missing=""
for pkg in "$@"; do
  status=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)
  case "$status" in
    *"install ok installed"*) ;;
    *) missing="$missing $pkg" ;;
  esac
done
[ -z "$missing" ] && exit 0
if [ -n "${STEPZERO_DRY_RUN:-}" ]; then
  echo "would install:$missing (Debian)"
  exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "Missing system packages:$missing" >&2
  echo "This machine has no apt-get: install the equivalents with your package manager." >&2
  exit 1
fi
if [ "$(id -u)" -eq 0 ]; then
  SUDO=""
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  SUDO="sudo -n"
else
  echo "Missing system packages:$missing" >&2
  echo "Install them as root:  apt-get update && apt-get install -y$missing" >&2
  exit 1
fi

echo "Installing:$missing" >&2
# Concurrent make targets may call this at once: take turns on one lock.
exec 9>/tmp/ensure-apt.lock
flock 9 2>/dev/null || true
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
# shellcheck disable=SC2086
$SUDO apt-get install -y -qq --no-install-recommends $missing
