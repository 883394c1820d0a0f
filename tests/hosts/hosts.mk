# The hosting rules as a CDN reads them, included by the top-level Makefile:
#   make test-hosts   the production build served by Cloudflare's `wrangler pages dev`: every
#                     route, the real 404, the headers, the .wasm type, and a survey through it
# Vercel has no offline local server (`vercel dev` needs an account and the network): its
# vercel.json is checked by reading only (docs/deploy.md, "Hosting rules").

.PHONY: test-hosts

test-hosts: engine-pkgs web-deps stack-deps
	$(call build_site_for,$(HOSTS_STACK_PORT),target/web-hosts)
	HOSTS_PORT=$(HOSTS_PORT) E2E_STACK_PORT=$(HOSTS_STACK_PORT) PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 \
	  node_modules/.bin/playwright test --config tests/hosts/playwright.config.ts
