# The TypeScript and JavaScript linters, included by the top-level Makefile; part of `make test`.
#   make lint         ESLint (eslint.config.js: typescript-eslint, react-hooks) and Prettier
#                     (.prettierrc.json) over web/, tests/ and scripts/
#   make format       prettier --write over the same files

LINT_FILES := '{web,tests,scripts}/**/*.{ts,tsx,js,mjs}' '*.{ts,js}'

.PHONY: lint format

lint: web-deps
	node_modules/.bin/eslint web tests scripts eslint.config.js playwright.config.ts
	node_modules/.bin/prettier --check $(LINT_FILES)

format: web-deps
	node_modules/.bin/prettier --write $(LINT_FILES)
