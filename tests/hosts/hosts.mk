# The hosting rules as a CDN reads them, included by the top-level Makefile:
#   make test-hosts   the production build served by Cloudflare's `wrangler pages dev`: every
#                     route, the real 404, the headers, the .wasm type, and a survey through it
# Vercel has no offline local server (`vercel dev` needs an account and the network): its
# vercel.json is checked by reading only (README, "Hosting rules").

HOSTS_PORT ?= 4397
HOSTS_STACK_PORT ?= 64397

.PHONY: test-hosts

test-hosts: pkg web-deps stack-deps
	$(call local_env,$(HOSTS_STACK_PORT)) $(VITE) build $(VITE_CONFIG) --outDir ../target/web-hosts --emptyOutDir
	HOSTS_PORT=$(HOSTS_PORT) E2E_STACK_PORT=$(HOSTS_STACK_PORT) PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 \
	  node_modules/.bin/playwright test --config tests/hosts/playwright.config.ts
