# Security checks, included by the top-level Makefile.
#   make test-security  the scanner's own tests and the EmailJS template checks (node:test), then a
#                       scan of the production build the e2e suite used (target/web-e2e): it fails
#                       if the bundle carries any key but the anon key (service-role, secret, private).
.PHONY: test-security

test-security: web-deps
	node --test tests/security/*.test.mjs
	@test -d target/web-e2e || { echo "test-security: target/web-e2e is missing; run make test-e2e first" >&2; exit 1; }
	node tests/security/bundle-scan.mjs target/web-e2e
