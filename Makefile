# Step Zero: entry points (DESIGN.md). Each installs what it needs and skips what is there.
#   make run     the site + local backend on a fresh machine   make dev    the same, hot reload
#   make test    every test (CI runs this)                      make pkg    the engine -> pkg/
#   make build   web/dist for a static host                     make bench  sizes and speed
#   make stack   the local backend alone                        make clean  forget local data

SHELL := /bin/bash
.DEFAULT_GOAL := help
# wasm-opt must be binaryen's from npm (node_modules/.bin), never Debian's 108.
export PATH := $(CURDIR)/node_modules/.bin:$(HOME)/.cargo/bin:$(PATH)
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD := 1

CORE_SRC := $(shell find core/src -name '*.rs') core/Cargo.toml Cargo.lock

.PHONY: help tools pkg test test-rust test-wasm bench clean

help:
	@sed -n '2,6p' Makefile | sed 's/^# *//'

tools:
	@scripts/ensure-node-modules.sh
	@scripts/ensure-wasm-tools.sh

# The engine for the browser: wasm-pack release build, web target, TypeScript types included.
pkg: pkg/stepzero_core.js
pkg/stepzero_core.js: $(CORE_SRC) | tools
	wasm-pack build core --release --target web --out-dir ../pkg --out-name stepzero_core \
	  --no-pack -- --features wasm
	@printf 'engine wasm: %s bytes, %s gzip\n' "$$(wc -c < pkg/stepzero_core_bg.wasm)" \
	  "$$(gzip -9c pkg/stepzero_core_bg.wasm | wc -c)"

test: test-rust test-wasm test-image test-sql test-stack test-web test-e2e test-security
	@echo "make test: all suites passed"

test-rust: tools
	cargo fmt --all -- --check
	cargo clippy --workspace --all-targets -- -D warnings
	cargo clippy -p stepzero-core --all-targets --features wasm --target wasm32-unknown-unknown -- -D warnings
	cargo test --workspace

# The exported JS API in headless Debian Chromium, through Debian's chromedriver.
test-wasm: tools
	@scripts/ensure-apt.sh chromium chromium-driver
	CHROMEDRIVER=/usr/bin/chromedriver wasm-pack test --headless --chrome core --features wasm

bench: pkg bench-image bench-web
	node tests/bench/sizes.mjs --dir web/dist

clean:
	rm -rf target pkg web/dist

include tests/stack/stack.mk
include core/image.mk
include web/web.mk
include tests/security/security.mk
include tests/bench/bench.mk
