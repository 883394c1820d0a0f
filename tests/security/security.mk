# Security checks, included by the top-level Makefile.
#   make test-security  the scanner's own tests and the EmailJS template checks (node:test), then a
#                       scan of the production build the e2e suite uses (target/web-e2e, built by
#                       e2e-build): it fails if the bundle carries any key but the anon key
#                       (service-role, secret, private); then the attacks a script can make with
#                       that key against a throwaway local backend (tests/security/attacks.mjs:
#                       arrays of rows, missing or borrowed work).
.PHONY: test-security

test-security: web-deps stack-deps e2e-build
	node --test tests/security/*.test.mjs
	node tests/security/bundle-scan.mjs target/web-e2e
	SECURITY_BUNDLE=target/web-e2e node --test tests/security/attacks.mjs
