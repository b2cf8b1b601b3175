# PropMatch. `make run` runs the product; `make test` runs every test.
GO  ?= go
BIN := bin/propmatch
# The binary embeds the built web app (web/dist) only with this build tag;
# without it the Go tree builds, vets and tests without Node.
WEB_TAG := embedweb
# `make run` always uses SQLite in development mode, whatever the shell exports.
RUN_DATABASE_URL ?= sqlite:data/propmatch.db
# The version GET /api/version and the Settings page show: the commit, or a
# tag on it; `make build VERSION=v1.2.0` names a release. A tree with
# uncommitted changes (-dirty) shows as "development build".
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null)

WEB_SOURCES := $(shell find web/src web/public web/scripts -type f 2>/dev/null) web/index.html web/vite.config.ts web/package.json docs/openapi.yaml
GO_SOURCES  := $(wildcard web/*.go) $(shell find cmd internal -type f 2>/dev/null)

.PHONY: build run test lint lint-go lint-web test-go test-embed test-web e2e lighthouse vet bench clean hero-image

build: $(BIN)

$(BIN): web/dist/index.html $(GO_SOURCES) go.mod go.sum
	$(GO) build -tags $(WEB_TAG) -ldflags "-X propmatch/internal/kit/version.Release=$(VERSION)" -o $(BIN) ./cmd/propmatch

# npm ci installs exactly the lock file (which lists every platform's optional
# packages), so a build never rewrites a tracked file.
web/node_modules/.installed: web/package-lock.json
	cd web && npm ci --no-audit --no-fund
	touch $@

# The web build regenerates web/src/lib/api-types.ts from docs/openapi.yaml;
# a build that changes a tracked file (a stale generated file, a rewritten
# lock) fails, naming the files, so a fresh clone builds with `git status`
# clean. Changes the developer already had are compared before and after.
TRACKED_STATE := git diff HEAD -- web docs 2>/dev/null | git hash-object --stdin 2>/dev/null

web/dist/index.html: web/node_modules/.installed $(WEB_SOURCES)
	@before=$$($(TRACKED_STATE)); \
	(cd web && npm run build) || exit 1; \
	after=$$($(TRACKED_STATE)); \
	if [ "$$before" != "$$after" ]; then \
		echo "make: the web build changed tracked files; commit the regenerated files:" >&2; \
		git diff --stat HEAD -- web docs >&2; rm -f web/dist/index.html; exit 1; \
	fi

e2e/node_modules/.installed: e2e/package-lock.json
	cd e2e && npm ci --no-audit --no-fund
	touch $@

# The landing page's hero picture is the app itself: the demo dashboard, shot in Chromium
# (e2e/scripts/hero-image.mjs) and committed as web/public/hero-dashboard.webp; rebuild after.
hero-image: $(BIN) e2e/node_modules/.installed
	cd e2e && PROPMATCH_BIN=$(CURDIR)/$(BIN) node scripts/hero-image.mjs

run: build
	DATABASE_URL=$(RUN_DATABASE_URL) PROPMATCH_ENV=development ./$(BIN) serve --demo

# golangci-lint at a fixed version, built from the module proxy on first use
# (then cached); its rules, including the layering, are in .golangci.yml.
GOLANGCI_LINT := $(GO) run github.com/golangci/golangci-lint/v2/cmd/golangci-lint@v2.15.0

# Every linter: go.mod tidy, golangci-lint, ESLint, the Prettier check and tsc.
lint: lint-go lint-web

lint-go:
	$(GO) mod tidy -diff
	$(GOLANGCI_LINT) run ./...

lint-web: web/node_modules/.installed
	cd web && npm run lint && npm run format:check && npm run typecheck

# Every linter, then every Go, web and browser test. Go store and API tests run on SQLite, and
# on PostgreSQL too when TEST_DATABASE_URL is set (.ci/run sets it).
# vet and test-go need no Node: they build without the web app.
test: lint vet test-go test-embed test-web e2e

vet:
	$(GO) vet ./...

test-go:
	$(GO) test ./...

# The files only the embedweb build compiles.
test-embed: web/dist/index.html
	$(GO) vet -tags $(WEB_TAG) ./web ./cmd/propmatch
	$(GO) test -tags $(WEB_TAG) ./web

test-web: web/node_modules/.installed
	cd web && npm test

e2e: $(BIN) e2e/node_modules/.installed
	cd e2e && PROPMATCH_BIN=$(CURDIR)/$(BIN) npm test

# Lighthouse's mobile preset on / and /auth of a served build with the demo
# data; fails below performance 95, accessibility 100, best practices 100, SEO
# 95. About 80 s, so it runs beside `make test`, not in it. LIGHTHOUSE_RUNS=3
# judges the median of three runs (docs/performance.md#landing-page).
lighthouse: $(BIN) e2e/node_modules/.installed
	cd e2e && PROPMATCH_BIN=$(CURDIR)/$(BIN) node lighthouse.mjs

# Benchmarks: listing and requirement creation against 10k, 100k and 1M
# active requirements, and list reads under load (docs/performance.md).
# PostgreSQL runs too when BENCH_DATABASE_URL names a server (the benchmark
# creates and drops its own databases there). BENCH_FLAGS passes options,
# e.g. BENCH_FLAGS="-sizes 10000".
bench: $(BIN)
	$(GO) run ./cmd/propmatch-bench -bin $(BIN) $(BENCH_FLAGS)

clean:
	rm -rf bin web/dist
