# The browser-engine matrix, included by the top-level Makefile:
#   make test-engines   Yes (with a photo), Not Yet, Not Interested, the email backup and a
#                       submission after a page left mid-write to the outbox, over WebDriver
#                       in Chromium, WebKitGTK (under Xvfb) and Firefox ESR; prints
#                       engines: chromium <n> ok, webkit <n> ok, firefox <n> ok
#   make engines-deps   Debian's drivers and browsers; geckodriver from crates.io (skipped when present)

ENGINES_PORT ?= 4396
ENGINES_STACK_PORT ?= 64396
ENGINES_DRIVER_PORT ?= 4393

.PHONY: test-engines engines-deps

engines-deps:
	@scripts/ensure-apt.sh chromium chromium-driver webkit2gtk-driver xvfb firefox-esr
	@command -v geckodriver >/dev/null || test -x $(HOME)/.cargo/bin/geckodriver || \
	  cargo install geckodriver --locked

test-engines: pkg web-deps stack-deps engines-deps
	$(call local_env,$(ENGINES_STACK_PORT)) $(VITE) build $(VITE_CONFIG) --outDir ../target/web-engines --emptyOutDir
	node tests/engines/run.mjs --port $(ENGINES_PORT) --stack-port $(ENGINES_STACK_PORT) --driver-port $(ENGINES_DRIVER_PORT)
