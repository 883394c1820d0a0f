# The proof-of-work solver (core/src/work.rs), included by the top-level Makefile.
#   make pkg-work    the third wasm -> pkg-work/ (opt-level 3; never in pkg/): the solver the
#                    browser runs in a Web Worker (web/src/work/), with wasm SIMD and without.
#                    core/src/work_wasm.rs says why it is not in the engine's wasm.
#   make pkg-work-js the same solver translated to JavaScript -> pkg-work-js/, for browsers
#                    without WebAssembly
#   make bench-work  `pow:` the wasm solver in Debian Chromium under a 4x CPU slowdown, and
#                    `flood:` a native solver (core/examples/work_flood.rs) in rows per CPU-second

WORK_SRC := core/src/work.rs $(wildcard core/src/work/*.rs) core/src/work_wasm.rs core/src/record.rs \
	core/src/lib.rs core/Cargo.toml Cargo.lock
# The scalar build's own wasm-opt step: wasm-pack's flag list for custom profiles
# (core/Cargo.toml) enables SIMD, which this build must not have.
WORK_SCALAR_OPT := -O3 --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
	--enable-mutable-globals --enable-reference-types --enable-multivalue
WORK_PACK := $(WASM_PACK) --profile release-work --out-name stepzero_work
POW_SAMPLES ?= 200

.PHONY: pkg-work pkg-work-js bench-work

pkg-work: pkg-work/stepzero_work.js
# Two `wasm-pack build`s (WASM_PACK, the top-level Makefile) of the same source with the
# release-work profile, each in its own target dir (the engine's build cache stays as it is):
# with wasm SIMD (simd128: four nonces per vector, core/src/work/lanes.rs; Chromium 91,
# Firefox 89 and Safari 16.4 have it), and without it (stepzero_work_scalar_bg.wasm) for a browser
# that lacks it; web/src/work/load.ts picks one. wasm-pack runs wasm-opt over every .wasm in its
# --out-dir with one flag list for all custom profiles (core/Cargo.toml, with SIMD; pkg-image/
# shares it), so the scalar build goes to its own out-dir with --no-opt and gets its own wasm-opt.
# They export the same API, so wasm-bindgen writes the same glue for both: the build stops if
# that ever changes.
pkg-work/stepzero_work.js: $(WORK_SRC) | tools
	rm -f pkg-work/stepzero_work_scalar_bg.wasm
	RUSTFLAGS="-C target-feature=+simd128" $(WORK_PACK) --out-dir ../pkg-work -- --features work-wasm \
	  --target-dir target/work
	$(WORK_PACK) --no-opt --out-dir ../target/work-scalar/glue -- --features work-wasm \
	  --target-dir target/work-scalar
	cmp target/work-scalar/glue/stepzero_work.js pkg-work/stepzero_work.js || \
	  { echo "pkg-work: the scalar build's glue differs from the SIMD build's" >&2; exit 1; }
	wasm-opt $(WORK_SCALAR_OPT) target/work-scalar/glue/stepzero_work_bg.wasm -o pkg-work/stepzero_work_scalar_bg.wasm
	@printf 'work wasm: %s bytes, %s gzip (without SIMD: %s bytes, %s gzip)\n' \
	  "$$(wc -c < pkg-work/stepzero_work_bg.wasm)" "$$(gzip -9c pkg-work/stepzero_work_bg.wasm | wc -c)" \
	  "$$(wc -c < pkg-work/stepzero_work_scalar_bg.wasm)" "$$(gzip -9c pkg-work/stepzero_work_scalar_bg.wasm | wc -c)"

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
