#!/usr/bin/env bash
# Makes web/src/styles/fonts/anton-display.woff2: Anton with only the glyphs the display
# headings can show. Every Anton heading is set in capitals (text-transform: uppercase), so
# lowercase letters are never drawn: keeping ASCII capitals, digits and punctuation, the
# Latin-1 capitals and the typographic quotes and dashes takes the font from 18.6 KB to a
# fraction, and the first paint's budget (tests/bench) counts it. The result is committed, so
# a build needs no Python; rerun this after changing the font or the set.
# fonttools comes from PyPI into a throwaway venv under target/.
# Run from the repo root: web/assets-src/subset-anton.sh
set -euo pipefail
venv=target/fonttools
[ -x "$venv/bin/pyftsubset" ] || { python3 -m venv "$venv" && "$venv/bin/pip" install --quiet 'fonttools==4.*' 'brotli==1.*'; }
# Keep in step with the unicode-range in web/src/styles/fonts.css.
UNICODES='U+0020-0040,U+0041-005A,U+005B-0060,U+007B-007E,U+00A0,U+00A9,U+00C0-00DE,U+2013-2014,U+2018-2019,U+201C-201D,U+2026'
"$venv/bin/pyftsubset" node_modules/@fontsource/anton/files/anton-latin-400-normal.woff2 \
  --unicodes="$UNICODES" --layout-features='kern' --flavor=woff2 --no-hinting --desubroutinize \
  --output-file=web/src/styles/fonts/anton-display.woff2
printf 'anton-display.woff2: %s bytes\n' "$(wc -c < web/src/styles/fonts/anton-display.woff2)"
