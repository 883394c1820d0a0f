# The image routine (core/src/image: the email backup's shrink and the upload's metadata
# stripping), included by the top-level Makefile.
#   make pkg-image    the second wasm -> pkg-image/ (simd128, opt-level 3; never in pkg/)
#   make test-image   its Rust tests (with the fuzz regression corpus), clippy for wasm32
#   make bench-image  ours vs browser-image-compression vs a canvas loop, headless Chromium

IMAGE_SRC := $(shell find core/src/image -name '*.rs') core/src/lib.rs core/Cargo.toml Cargo.lock

.PHONY: pkg-image test-image bench-image

pkg-image: pkg-image/stepzero_image.js
# `wasm-pack build` (WASM_PACK, the top-level Makefile) with the release-image profile; its
# wasm-opt flags (-O3, with SIMD) are core/Cargo.toml's [package.metadata.wasm-pack.profile.custom],
# the list wasm-pack gives every custom profile (the solver's SIMD build shares it, core/work.mk).
# Its own target dir: the simd128 RUSTFLAGS must not invalidate the engine's build cache.
pkg-image/stepzero_image.js: $(IMAGE_SRC) | tools
	RUSTFLAGS="-C target-feature=+simd128" $(WASM_PACK) --profile release-image --out-dir ../pkg-image \
	  --out-name stepzero_image -- --features media-wasm --target-dir target/image
	@printf 'image wasm: %s bytes, %s gzip\n' "$$(wc -c < pkg-image/stepzero_image_bg.wasm)" \
	  "$$(gzip -9c pkg-image/stepzero_image_bg.wasm | wc -c)"

test-image: tools
	cargo clippy -p stepzero-core --all-targets --features image -- -D warnings
	cargo clippy -p stepzero-core --lib --features media-wasm --target wasm32-unknown-unknown -- -D warnings
	cargo test -p stepzero-core --features image

bench-image: pkg-image web-deps
	node tests/bench/image.mjs
