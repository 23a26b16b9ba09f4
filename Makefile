# Chaek (책): the two front-door commands are `make run` and `make test`.
SHELL := /bin/bash
export PATH := /opt/swift/usr/bin:$(PATH)

SWIFT ?= swift
CHAEK_HOME ?= $(HOME)/.local/share/chaek
BIN := .build/release/chaek

.PHONY: run test test-postgres e2e deps test-deps build release bench bench-shared soak format lint clean

PORT ?= 8080
SCREENSHOTS := .build/screenshots

## run: install what is missing, build, and serve the app on http://127.0.0.1:$(PORT)
run: deps release
	@echo "The command line is $(BIN) (try: $(BIN) help)."
	$(BIN) serve --port $(PORT)

## test: the layer check (each target imports only what it declares), then every test: Swift (the
## library's and the application's suites once more on PostgreSQL), then the browser
test: test-deps
	scripts/check-layers
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	$(MAKE) --no-print-directory test-postgres
	$(MAKE) --no-print-directory e2e

## test-postgres: the library's and the application's suites with every library kept in PostgreSQL
## (a throwaway cluster the tests start); skipped without PostgreSQL 15 unless CHAEK_REQUIRE_POSTGRES=1
POSTGRES_BIN ?= $(or $(CHAEK_POSTGRES_BIN),/usr/lib/postgresql/15/bin)
test-postgres:
	@if [ -x $(POSTGRES_BIN)/initdb ] || [ "$(CHAEK_REQUIRE_POSTGRES)" = 1 ]; then \
	  CHAEK_TEST_ENGINE=postgresql $(SWIFT) test --skip-build --filter 'UserLibraryTests|ChaekAppTests'; \
	else echo "test-postgres: skipped (no PostgreSQL 15 in $(POSTGRES_BIN): apt-get install postgresql)"; fi

## e2e: browser tests (Chromium + Selenium, Tests/e2e) against the debug build, with screenshots
e2e: test-deps
	$(SWIFT) build --product chaek
	CHAEK_BIN=.build/debug/chaek CHAEK_SCREENSHOTS=$(SCREENSHOTS) python3 -m pytest -q Tests/e2e
	@echo "Screenshots of every screen: $(SCREENSHOTS)/"

deps:
	@scripts/install-deps

test-deps:
	@scripts/install-deps test

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release --product chaek

## bench: search latency (starter catalog; 1,000,000 generated books next to tantivy), relevance,
## library timings, and HTTP throughput with wrk against chaek serve and nginx
bench: deps release
	@scripts/install-deps bench
	$(SWIFT) build -c release --product chaek-bench
	.build/release/chaek-bench
	Benchmarks/http-bench

## bench-shared: simulated readers (search, open, save, journal writes) against 1 server on SQLite
## and 1, 2 and 4 servers on one PostgreSQL, in one run: req/s and p50/p99 per kind
SHARED_SECONDS ?= 15
bench-shared: deps release
	@scripts/install-deps soak
	Benchmarks/shared-bench $(SHARED_SECONDS)

## soak: the fault and load suite against the release build (not part of `make test`: minutes):
## provider faults, 256 connections with a writer, kill -9 during saves, event streams at their
## cap, hostile requests, and two servers on PostgreSQL stopped, killed and failed over.
## SOAK="--quick" or SOAK="--only hang,hostile" to run less.
SOAK ?=
soak: deps release
	@scripts/install-deps soak
	python3 Tests/soak/soak.py --bin $(BIN) $(SOAK)

format:
	$(SWIFT) format --configuration .swift-format -i -r Package.swift Sources Tests Benchmarks

lint:
	$(SWIFT) format lint --configuration .swift-format -r Package.swift Sources Tests Benchmarks
	scripts/check-layers

clean:
	rm -rf .build
