# The engine as JavaScript, for browsers without WebAssembly, included by the top-level Makefile:
#   make pkg-js   the same engine, built without reference types (wasm2js handles one table only)
#                 and translated by binaryen's wasm2js (npm `binaryen`) -> pkg-js/
# Its own target dir: the RUSTFLAGS must not invalidate the engine's build cache.

ENGINE_JS_WASM := target/engine-js/wasm32-unknown-unknown/release/stepzero_core.wasm

.PHONY: pkg-js

pkg-js: pkg-js/stepzero_core_bg.js
pkg-js/stepzero_core_bg.js: $(CORE_SRC) scripts/build-engine-js.mjs | tools
	RUSTFLAGS="-C target-feature=-reference-types -C strip=symbols" cargo build -p stepzero-core --lib \
	  --target wasm32-unknown-unknown --release --features wasm --target-dir target/engine-js
	node scripts/build-engine-js.mjs $(ENGINE_JS_WASM) pkg-js
