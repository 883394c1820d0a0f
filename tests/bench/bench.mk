# Speed benchmarks of the site, included by the top-level Makefile.
#   make bench-web   the production build (web/dist), then Lighthouse (mobile preset, median
#                    of RUNS runs) on /, /about, /privacy and /survey/question/1, served by
#                    scripts/serve.mjs with the real headers. `make bench` then prints the budget.

.PHONY: bench-web

# Measuring needs no services: without web/.env the build is a preview (make build would refuse).
bench-web: export STEPZERO_PREVIEW_BUILD := 1
bench-web: build
	CHROME_PATH=/usr/bin/chromium node tests/bench/lighthouse.mjs --dir web/dist --port $(BENCH_PORT)
