# Step Zero: entry points (docs/design.md, "Entry points"). Each installs what it needs and skips what is there.
# `make run` (the site + local backend, from a fresh machine) and `make build` are in web/web.mk.
#   make test          every test (CI runs this): the suites below, then the linters
#   make test-tools    the installers' dry runs: what a fresh machine would install
#   make test-docs     links and cited headings resolve; Markdown lines and docs/ in limits
#   make test-rust     cargo fmt, clippy (native, wasm32, and the solver's simd128 build) and cargo test
#   make test-wasm     the engine's JS API in headless Chromium (wasm-bindgen-test-runner)
#   make pkg           the engine -> pkg/
#   make bench         sizes and speed (JSON under target/bench/)
#   make tools         wasm tools and node_modules, when missing
#   make install-plan  what every installer would install on this machine, installing nothing
#   make clean         forget local data and build output
#   make help          this list, with every fragment's entry points

SHELL := /bin/bash
.DEFAULT_GOAL := help
export CARGO_HOME ?= $(HOME)/.cargo
# The project's own Node LTS (scripts/ensure-node.sh: pinned version and checksum, from the npm
# registry), installed on first use and first on every target's PATH. Then crates.io's programs,
# then node_modules/.bin: a name in both (webdriverio's npm `geckodriver` wrapper, which
# downloads from a host we cannot reach) is the real tool. wasm-opt must be binaryen's from npm
# (node_modules/.bin), never Debian's 108 in /usr/bin: wasm-pack runs the first one on PATH.
# With another CARGO_HOME (an empty one, for a fresh machine's installers), rustup's cargo
# still comes from the PATH make was started with (rustup's toolchains stay in ~/.rustup).
NODE_BIN := $(shell scripts/ensure-node.sh $(if $(or $(STEPZERO_DRY_RUN),$(filter install-plan,$(MAKECMDGOALS))),--dry-run))
ifeq ($(NODE_BIN),)
$(error scripts/ensure-node.sh could not install the project's Node (its messages are above))
endif
export PATH := $(NODE_BIN):$(CARGO_HOME)/bin:$(CURDIR)/node_modules/.bin:$(PATH)
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD := 1

CORE_SRC := $(shell find core/src -name '*.rs') core/Cargo.toml Cargo.lock

# Ports and data, defined here once for every fragment; override on the command line. The test
# suites' backends listen above Linux's ephemeral range (32768-60999), where no outgoing
# connection of the machine can already hold their port.
PORT ?= 5173
STACK_PORT ?= 54321
STACK_DATA ?= target/stack
E2E_PORT ?= 4399
E2E_STACK_PORT ?= 64399
BENCH_PORT ?= 4460
ENGINES_PORT ?= 4396
ENGINES_STACK_PORT ?= 64396
ENGINES_DRIVER_PORT ?= 4393
HOSTS_PORT ?= 4397
HOSTS_STACK_PORT ?= 64397

# The fragments, each with its own `#   make <target>` lines that `make help` prints.
FRAGMENTS := tests/stack/stack.mk core/image.mk web/web.mk tests/security/security.mk \
	tests/bench/bench.mk core/mutants.mk web/lint.mk core/work.mk ops/ops.mk core/engine-js.mk \
	tests/hosts/hosts.mk tests/engines/engines.mk tests/soak/soak.mk

.PHONY: help tools install-plan engine-pkgs engine-pkgs-each pkg test test-tools test-docs test-rust test-wasm bench clean

# Each `#   make <target>  <what>` line of the Makefile and its fragments, with the lines that
# carry its description on (indented under it).
help:
	@awk '/^#   make / { more = 1; print substr($$0, 5); next } more && /^#      / { print substr($$0, 5); next } { more = 0 }' Makefile $(FRAGMENTS)

tools:
	@scripts/ensure-node-modules.sh
	@scripts/ensure-wasm-tools.sh

# Each installer's dry run (STEPZERO_DRY_RUN=1): what `make test` would install here.
# tests/tools/installers.test.mjs runs it against an empty CARGO_HOME.
install-plan: export STEPZERO_DRY_RUN := 1
install-plan: tools stack-deps web-deps engines-deps
	@echo "install-plan: done"

# Everything the site imports from the engine: the engine (wasm, and pkg-js without
# WebAssembly), the image routine (pkg-image) and the proof-of-work solver (pkg-work, pkg-work-js).
# Every target that builds, type-checks or serves web/ depends on this one prerequisite.
# Two builds at a time (each in its own target directory): each ends in a link-time
# optimisation of one codegen unit, which runs on one core, so two at a time finish sooner
# (figures: commit f0fe49d).
engine-pkgs:
	@$(MAKE) --no-print-directory -j2 -O engine-pkgs-each
engine-pkgs-each: pkg pkg-image pkg-work pkg-work-js

# The wasm builds (pkg/, pkg-image/, pkg-work/): `wasm-pack build` of core (cargo build,
# wasm-bindgen's web target with TypeScript types, then wasm-opt over each .wasm in its --out-dir).
# --mode no-install: it installs nothing and downloads nothing. It takes wasm-bindgen from PATH
# only at Cargo.lock's version and the first wasm-opt on PATH (npm binaryen's in node_modules/.bin,
# never Debian's 108), and would skip wasm-opt with only an info line if none were found:
# scripts/ensure-wasm-tools.sh puts both there and checks which wasm-opt comes first.
# --no-pack: no package.json, README or LICENSE; --no-gitignore: no `*` .gitignore in the
# output (the repository's .gitignore covers it). Paths after `--` (cargo's) are from here,
# --out-dir from core/. wasm-opt's flags: core/Cargo.toml, [package.metadata.wasm-pack.*].
WASM_PACK := wasm-pack build core --mode no-install --target web --no-pack --no-gitignore
# The engine for the browser: the release profile (opt-level z); wasm-opt -Oz --converge
# (repeats -Oz until nothing shrinks; figures: commit 2e33333).
# pkg-js (core/engine-js.mk): the same engine as JavaScript, for browsers without WebAssembly.
pkg: pkg/stepzero_core.js pkg-js/stepzero_core_bg.js
pkg/stepzero_core.js: $(CORE_SRC) | tools
	$(WASM_PACK) --release --out-dir ../pkg --out-name stepzero_core -- --features wasm --target-dir target
	@printf 'engine wasm: %s bytes, %s gzip\n' "$$(wc -c < pkg/stepzero_core_bg.wasm)" \
	  "$$(gzip -9c pkg/stepzero_core_bg.wasm | wc -c)"

test: test-tools test-docs test-rust test-wasm test-image test-sql test-mutations test-stack test-soak test-ops test-web test-e2e test-engines test-hosts test-security lint
	@echo "make test: all suites passed"

# The installers' dry runs (tests/tools): a fresh machine gets the real tools, not npm wrappers.
test-tools:
	node --test tests/tools/*.test.mjs

# Every link and cited heading in the docs and the code resolves; no Markdown line is over 400
# characters, docs/ keeps its size and docs/decisions.md its short entries (tests/docs).
test-docs:
	node --test tests/docs/*.test.mjs

test-rust: tools
	cargo fmt --all -- --check
	cargo clippy --workspace --all-targets -- -D warnings
	cargo clippy -p stepzero-core --all-targets --features wasm --target wasm32-unknown-unknown -- -D warnings
	RUSTFLAGS="-C target-feature=+simd128" cargo clippy -p stepzero-core --lib --features work-wasm \
	  --target wasm32-unknown-unknown --target-dir target/work -- -D warnings
	cargo test --workspace

# The exported JS API and the image routine in headless Debian Chromium, through Debian's
# chromedriver. The image tests decode photos in an unoptimised build: the runner's 20 s default
# for a test binary ran out on a loaded machine, so it gets 120 s.
test-wasm: tools
	@scripts/ensure-apt.sh chromium chromium-driver
	CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner WASM_BINDGEN_TEST_ONLY_WEB=1 \
	  WASM_BINDGEN_TEST_TIMEOUT=120 \
	  CHROMEDRIVER=/usr/bin/chromedriver cargo test -p stepzero-core --target wasm32-unknown-unknown \
	  --features wasm,work-wasm,media-wasm

bench: pkg bench-image bench-web bench-next bench-work bench-bucket
	node tests/bench/sizes.mjs --dir web/dist

clean:
	rm -rf target pkg pkg-js pkg-image pkg-work pkg-work-js web/dist

include $(FRAGMENTS)
