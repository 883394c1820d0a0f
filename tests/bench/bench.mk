# Speed benchmarks of the site, included by the top-level Makefile.
#   make bench-web   the production build (web/dist), then Lighthouse (mobile preset, median
#                    of RUNS runs, default 7, interleaved across routes) on /, /about,
#                    /privacy and /survey/question/1, served by scripts/serve.mjs with the
#                    real headers. `make bench` then prints the budget. COMPARE=<dir>
#                    measures another build in the same rounds, run by run (a before/after);
#                    LANTERN=1 prints what each simulated LCP was made of (docs/performance.md).
#   make bench-next  `next-step:` the production build, then for every step the Event Timing
#                    duration of a click on Next and on Back at 4x CPU slowdown (median and
#                    worst of 5 runs; tests/bench/next-step.mjs), and each click's floor (the
#                    next step's HTML swapped in with no script behind the click); COMPARE=<dir>
#                    clicks another build in the same runs
#   make bench-first-next  `first-next:` question 1 loaded fresh on Lighthouse's slow 4G (4x CPU),
#                    an answer typed and Next clicked: the time until question 2's heading is
#                    painted, median of RUNS runs (default 5), the engine being fetched meanwhile
#   make bench-bucket  `flood-bucket:` what one script can store per hour in the bucket under the
#                    default unclaimed-upload budget, against a throwaway local backend (the hour
#                    compressed into short windows; tests/bench/flood-bucket.mjs says how)

.PHONY: bench-web bench-next bench-bucket

bench-bucket: stack-deps
	node tests/bench/flood-bucket.mjs

# Measuring needs no services: without web/.env the build is a preview (make build would refuse).
bench-web: export STEPZERO_PREVIEW_BUILD := 1
bench-web: build
	CHROME_PATH=/usr/bin/chromium node tests/bench/lighthouse.mjs --dir web/dist --port $(BENCH_PORT) $(if $(COMPARE),--compare $(COMPARE))

bench-next: export STEPZERO_PREVIEW_BUILD := 1
bench-next: build
	node tests/bench/next-step.mjs --dir web/dist --port $(BENCH_PORT) $(if $(COMPARE),--compare $(COMPARE))

# `first-next:` what the engine costs a first visitor: question 1 loaded fresh on Lighthouse's
# slow 4G at 4x CPU, an answer typed, Next clicked, until question 2's heading is painted
# (median of RUNS runs, default 5; tests/bench/first-next.mjs). Part of `make bench`.
.PHONY: bench-first-next
bench: bench-first-next
bench-first-next: export STEPZERO_PREVIEW_BUILD := 1
bench-first-next: build
	node tests/bench/first-next.mjs --dir web/dist --port $(BENCH_PORT)
