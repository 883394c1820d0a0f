# Web targets, included by the top-level Makefile (which owns `pkg`).
#   make build     web/dist for any static host (production values from web/.env, see web/.env.example)
#   make run       the production build against the local backend, http://127.0.0.1:$(PORT)
#   make dev       the same with Vite's dev server (hot reload)
#   make test-web  vitest (components, state, submission pipeline; reads tests/vectors)
#   make test-e2e  Playwright in Debian Chromium against a production build and a throwaway stack
#   make e2e-build the production build the e2e and security suites read (target/web-e2e)
#   make web-deps  node_modules and Debian's Chromium, when missing
#   make web-typecheck  tsc over web/ and tests/e2e

VITE := node_modules/.bin/vite
VITE_CONFIG := --config web/vite.config.ts

# The site's build-time config for the local stack (tests/stack). The anon key is the stack's
# deterministic local JWT; the EmailJS ids are placeholders the stand-in accepts.
local_env = VITE_SUPABASE_URL=http://127.0.0.1:$(1) \
	VITE_SUPABASE_ANON_KEY=$$(node tests/stack/anon-key.mjs) \
	VITE_EMAILJS_PUBLIC_KEY=local-public-key \
	VITE_EMAILJS_SERVICE_ID=service_local \
	VITE_EMAILJS_TEMPLATE_ID=template_local \
	VITE_EMAILJS_ORIGIN=http://127.0.0.1:$(1)

# $(call build_site_for,<backend port>,<out dir>): the production build pointed at a local
# backend on that port, into that directory (never web/dist, which is for a real host).
build_site_for = $(call local_env,$(1)) $(VITE) build $(VITE_CONFIG) --outDir ../$(2) --emptyOutDir

.PHONY: web-deps build run dev test-web test-e2e e2e-build web-typecheck

# node_modules only when missing or outdated (never a downloaded browser); Debian's Chromium.
web-deps:
	@scripts/ensure-node-modules.sh
	@scripts/ensure-apt.sh chromium chromium-driver

web-typecheck: web-deps engine-pkgs
	node_modules/.bin/tsc -p web/tsconfig.json
	node_modules/.bin/tsc -p tests/e2e/tsconfig.json

# Refuses (web/deploy/buildConfig.mjs) when web/.env lacks the Supabase or EmailJS values;
# `make build PREVIEW=1` builds a preview without them.
build: engine-pkgs web-deps
	$(if $(PREVIEW),STEPZERO_PREVIEW_BUILD=1) $(VITE) build $(VITE_CONFIG)

# The site built for the local stack (never web/dist, which is for a real host).
run: engine-pkgs web-deps stack-deps
	$(call build_site_for,$(STACK_PORT),target/web-local)
	@echo "Step Zero: http://127.0.0.1:$(PORT)  (backend http://127.0.0.1:$(STACK_PORT), Ctrl-C stops all)"
	node tests/stack/stack.mjs --port $(STACK_PORT) --data $(STACK_DATA) \
	  --exec "$(call local_env,$(STACK_PORT)) node scripts/serve.mjs --dir target/web-local --host 127.0.0.1 --port $(PORT)"

dev: engine-pkgs web-deps stack-deps
	@echo "Step Zero (dev): http://127.0.0.1:$(PORT)  (backend http://127.0.0.1:$(STACK_PORT), Ctrl-C stops all)"
	node tests/stack/stack.mjs --port $(STACK_PORT) --data $(STACK_DATA) \
	  --exec "$(call local_env,$(STACK_PORT)) $(VITE) $(VITE_CONFIG) --host 127.0.0.1 --port $(PORT) --strictPort"

# The second run: the engine's vectors through its JavaScript translation (no WebAssembly).
test-web: engine-pkgs web-deps web-typecheck
	node_modules/.bin/vitest run $(VITE_CONFIG)
	STEPZERO_NO_WASM=1 node_modules/.bin/vitest run $(VITE_CONFIG) web/src/core/

# A production build pointed at the e2e stack's port; Playwright starts that stack and
# scripts/serve.mjs (the same headers and 404 rules a CDN gets from web/deploy/hosting.mjs).
e2e-build: engine-pkgs web-deps
	$(call build_site_for,$(E2E_STACK_PORT),target/web-e2e)

test-e2e: e2e-build stack-deps
	E2E_PORT=$(E2E_PORT) E2E_STACK_PORT=$(E2E_STACK_PORT) PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 \
	  node_modules/.bin/playwright test
