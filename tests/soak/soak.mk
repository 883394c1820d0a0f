# The soak of issue #21, included by the top-level Makefile; part of `make test`.
#   make test-soak   200 simulated visitors through the real outbox code and a throwaway local
#                    backend, with random faults and closed tabs; prints
#                    `soak: 200 visitors, <n> delivered, 0 lost, 0 duplicated` (SOAK_SEED=<n> repeats a plan)

.PHONY: test-soak

test-soak: engine-pkgs web-deps stack-deps
	node_modules/.bin/tsc -p tests/soak/tsconfig.json
	node_modules/.bin/vitest run --config tests/soak/vitest.config.ts
