# The proof-of-work solver (core/src/work.rs), included by the top-level Makefile.
#   make pkg-work    the third wasm -> pkg-work/ (opt-level 3; never in pkg/): the solver the
#                    browser runs in a Web Worker (web/src/work/). core/src/work_wasm.rs says why
#                    it is not in the engine's wasm.
#   make bench-work  `pow:` the wasm solver in Debian Chromium under a 4x CPU slowdown, and
#                    `flood:` a native solver (core/examples/work_flood.rs) in rows per CPU-second

WORK_SRC := core/src/work.rs core/src/work_wasm.rs core/src/record.rs core/src/lib.rs core/Cargo.toml Cargo.lock
WORK_WASM := target/work/wasm32-unknown-unknown/release-work/stepzero_core.wasm
WORK_WASM_OPT := -O3 --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
	--enable-mutable-globals --enable-reference-types --enable-multivalue
POW_SAMPLES ?= 200

.PHONY: pkg-work pkg-work-js bench-work

pkg-work: pkg-work/stepzero_work.js
# Its own target dir and profile: the engine's build cache stays as it is.
pkg-work/stepzero_work.js: $(WORK_SRC) | tools
	cargo build -p stepzero-core --lib --target wasm32-unknown-unknown --profile release-work \
	  --features work-wasm --target-dir target/work
	wasm-bindgen --target web --out-dir pkg-work --out-name stepzero_work $(WORK_WASM)
	wasm-opt $(WORK_WASM_OPT) pkg-work/stepzero_work_bg.wasm -o pkg-work/stepzero_work_bg.wasm
	@printf 'work wasm: %s bytes, %s gzip\n' "$$(wc -c < pkg-work/stepzero_work_bg.wasm)" \
	  "$$(gzip -9c pkg-work/stepzero_work_bg.wasm | wc -c)"

# Browsers without WebAssembly: the same solver translated to JavaScript (binaryen's wasm2js, as
# the engine's pkg-js/), built without reference types (wasm2js handles one table only).
WORK_JS_WASM := target/work-js/wasm32-unknown-unknown/release-work/stepzero_core.wasm
pkg-work-js: pkg-work-js/stepzero_work_bg.js
pkg-work-js/stepzero_work_bg.js: $(WORK_SRC) scripts/build-engine-js.mjs | tools
	RUSTFLAGS="-C target-feature=-reference-types -C strip=symbols" cargo build -p stepzero-core --lib \
	  --target wasm32-unknown-unknown --profile release-work --features work-wasm --target-dir target/work-js
	node scripts/build-engine-js.mjs $(WORK_JS_WASM) pkg-work-js stepzero_work

bench-work: pkg-work web-deps
	node tests/bench/pow.mjs --samples $(POW_SAMPLES)
	cargo run -q -p stepzero-core --profile release-work --example work_flood
