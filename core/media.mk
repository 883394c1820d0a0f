# The image routine (core/src/image, issue 5), included by the top-level Makefile.
#   make pkg-media    the second wasm -> pkg-media/ (simd128, opt-level 3; never in pkg/)
#   make test-media   its Rust tests (with the fuzz regression corpus), clippy for wasm32
#   make bench-image  ours vs browser-image-compression vs a canvas loop, headless Chromium

MEDIA_SRC := $(shell find core/src/image -name '*.rs') core/src/lib.rs core/Cargo.toml Cargo.lock
MEDIA_WASM := target/media/wasm32-unknown-unknown/release-image/stepzero_core.wasm
MEDIA_WASM_OPT := -O3 --enable-simd --enable-bulk-memory --enable-nontrapping-float-to-int \
	--enable-sign-ext --enable-mutable-globals --enable-reference-types --enable-multivalue

.PHONY: pkg-media test-media bench-image

pkg-media: pkg-media/stepzero_media.js
# Its own target dir: the simd128 RUSTFLAGS must not invalidate the engine's build cache.
pkg-media/stepzero_media.js: $(MEDIA_SRC) | tools
	RUSTFLAGS="-C target-feature=+simd128" cargo build -p stepzero-core --lib \
	  --target wasm32-unknown-unknown --profile release-image --features media-wasm \
	  --target-dir target/media
	wasm-bindgen --target web --out-dir pkg-media --out-name stepzero_media $(MEDIA_WASM)
	wasm-opt $(MEDIA_WASM_OPT) pkg-media/stepzero_media_bg.wasm -o pkg-media/stepzero_media_bg.wasm
	@printf 'image wasm: %s bytes, %s gzip\n' "$$(wc -c < pkg-media/stepzero_media_bg.wasm)" \
	  "$$(gzip -9c pkg-media/stepzero_media_bg.wasm | wc -c)"

test-media:
	cargo clippy -p stepzero-core --all-targets --features image -- -D warnings
	cargo clippy -p stepzero-core --lib --features media-wasm --target wasm32-unknown-unknown -- -D warnings
	cargo test -p stepzero-core --features image

bench-image: pkg-media web-deps
	node tests/bench/image.mjs

# The site's worker imports pkg-media/: everything that builds or type-checks web/ needs it.
web-typecheck build run dev test-web test-e2e: pkg-media
