# The image routine (core/src/image: the email backup's shrink and the upload's metadata
# stripping), included by the top-level Makefile.
#   make pkg-image    the second wasm -> pkg-image/ (simd128, opt-level 3; never in pkg/)
#   make test-image   its Rust tests (with the fuzz regression corpus), clippy for wasm32
#   make bench-image  ours vs browser-image-compression vs a canvas loop, headless Chromium

IMAGE_SRC := $(shell find core/src/image -name '*.rs') core/src/lib.rs core/Cargo.toml Cargo.lock
IMAGE_WASM := target/image/wasm32-unknown-unknown/release-image/stepzero_core.wasm
IMAGE_WASM_OPT := -O3 --enable-simd --enable-bulk-memory --enable-nontrapping-float-to-int \
	--enable-sign-ext --enable-mutable-globals --enable-reference-types --enable-multivalue

.PHONY: pkg-image test-image bench-image

pkg-image: pkg-image/stepzero_image.js
# Its own target dir: the simd128 RUSTFLAGS must not invalidate the engine's build cache.
pkg-image/stepzero_image.js: $(IMAGE_SRC) | tools
	RUSTFLAGS="-C target-feature=+simd128" cargo build -p stepzero-core --lib \
	  --target wasm32-unknown-unknown --profile release-image --features media-wasm \
	  --target-dir target/image
	wasm-bindgen --target web --out-dir pkg-image --out-name stepzero_image $(IMAGE_WASM)
	wasm-opt $(IMAGE_WASM_OPT) pkg-image/stepzero_image_bg.wasm -o pkg-image/stepzero_image_bg.wasm
	@printf 'image wasm: %s bytes, %s gzip\n' "$$(wc -c < pkg-image/stepzero_image_bg.wasm)" \
	  "$$(gzip -9c pkg-image/stepzero_image_bg.wasm | wc -c)"

test-image: tools
	cargo clippy -p stepzero-core --all-targets --features image -- -D warnings
	cargo clippy -p stepzero-core --lib --features media-wasm --target wasm32-unknown-unknown -- -D warnings
	cargo test -p stepzero-core --features image

bench-image: pkg-image web-deps
	node tests/bench/image.mjs
