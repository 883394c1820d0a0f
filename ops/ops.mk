# The operators' tool (ops/, stepzero-ops). Included by the top-level Makefile:
#   include ops/ops.mk
#
#   make test-ops   the tool against a throwaway local backend: import, export, report, errors
#
# Built first, so the stack is up only while the tests run; the tests share one stack and
# empty it between them, so they run one at a time.

.PHONY: test-ops

test-ops: stack-deps
	cargo build -p stepzero-ops --tests
	node tests/stack/stack.mjs --throwaway --port 0 \
	  --exec 'STEPZERO_OPS_REQUIRE_STACK=1 cargo test -p stepzero-ops -- --test-threads=1'
