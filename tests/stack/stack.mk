# The local backend and the database tests. Included by the top-level Makefile:
#   include tests/stack/stack.mk
#
#   make stack       the local backend in the foreground (Ctrl-C stops it); data in $(STACK_DATA)
#   make test-sql    pgTAP tests (supabase/tests) with pg_prove on a throwaway cluster
#   make test-stack  integration tests of the stack with supabase-js and @emailjs/browser
#   make test-mutations  every rule the migrations leave, removed or weakened one at a time on a
#                    copy of the database: a SQL test must fail on each (tests/stack/mutate.mjs)
#   make stack-deps  installs PostgreSQL, pgTAP, pg_cron, pg_prove, setpriv and node_modules when missing
#
# For `make run`: $(STACK_LAUNCH) starts the same stack; it prints
#   stack ready http://127.0.0.1:<port> anon=<key>
# on stdout when ready and stops on SIGINT/SIGTERM or when its parent exits.

STACK_LAUNCH = node tests/stack/stack.mjs --port $(STACK_PORT) --data $(STACK_DATA)

.PHONY: stack stack-deps test-sql test-stack test-mutations

stack-deps:
	@tests/stack/deps.sh

stack: stack-deps
	@$(STACK_LAUNCH)

test-sql: stack-deps
	node tests/stack/stack.mjs --throwaway --db-only --exec 'pg_prove --failures supabase/tests/database/*.test.sql'

# Without Node's own Web Storage (on by default since Node 25): @emailjs/browser looks for
# localStorage when it loads, which without --localstorage-file prints an ExperimentalWarning.
# The files run at once: each starts its own throwaway stack (its own data directory, sockets
# and port), and cron.test.mjs spends most of its time waiting for pg_cron's next minute
# (figures: commit ee8c40f).
test-stack: stack-deps
	node --no-experimental-webstorage --test --test-concurrency=5 tests/stack/test/*.test.mjs

# Every rule the migrations leave in the database (read from the catalog), removed or weakened one
# at a time on a copy of the migrated database: the SQL tests must fail on each.
test-mutations: stack-deps
	node tests/stack/mutate.mjs
