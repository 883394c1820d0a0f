# The browser-engine matrix, included by the top-level Makefile:
#   make test-engines   Yes (with a photo), Not Yet, Not Interested, the email backup, a tab
#                       closed at the thank-you page during a slow upload (issue #21) and a
#                       submission after a page left mid-write to the outbox, over WebDriver
#                       in Chromium, WebKitGTK (under Xvfb) and Firefox ESR; prints
#                       engines: chromium <n> ok, webkit <n> ok, firefox <n> ok
#   make engines-image  the image worker's browser decoding in the three engines against the
#                       routine's own decode (tests/engines/image-decode.mjs); prints times too
#   make engines-deps   Debian's drivers and browsers; geckodriver from crates.io (skipped when
#                       $(CARGO_HOME)/bin/geckodriver is crates.io's, whatever else is on PATH)

.PHONY: test-engines engines-deps engines-image

engines-deps:
	@scripts/ensure-apt.sh chromium chromium-driver webkit2gtk-driver xvfb firefox-esr
	@scripts/ensure-cargo-bin.sh geckodriver geckodriver

test-engines: engine-pkgs web-deps stack-deps engines-deps
	$(call build_site_for,$(ENGINES_STACK_PORT),target/web-engines)
	node tests/engines/run.mjs --port $(ENGINES_PORT) --stack-port $(ENGINES_STACK_PORT) --driver-port $(ENGINES_DRIVER_PORT)

engines-image: pkg-image web-deps engines-deps
	node tests/engines/image-decode.mjs --port $(ENGINES_DRIVER_PORT)
