# Chaek (책): the two front-door commands are `make run` and `make test`.
SHELL := /bin/bash
export PATH := /opt/swift/usr/bin:$(PATH)

SWIFT ?= swift
CHAEK_HOME ?= $(HOME)/.local/share/chaek
BIN := .build/release/chaek

.PHONY: run test e2e deps build release bench format lint clean

## run: install what is missing, build, and try the CLI on the starter catalog
run: deps release
	@echo
	@echo "== chaek search 채식 (offline starter catalog) =="
	@$(BIN) search 채식 --source local
	@echo
	@echo "Chaek is built: $(BIN). Try:"
	@echo "  $(BIN) search 해리포터            # Kakao with KAKAO_REST_API_KEY, else Open Library, else offline"
	@echo "  $(BIN) show ISBN && $(BIN) save ISBN && $(BIN) saved && $(BIN) recent"
	@echo "  $(BIN) help                       # every command"

## test: every test (unit, storage, loopback HTTP, CLI across processes)
test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

## e2e: browser tests (Chromium + Selenium, Tests/e2e) against the debug build; screenshots in .build/screenshots
e2e:
	$(SWIFT) build --product chaek
	python3 -m pytest Tests/e2e

deps:
	@scripts/install-deps

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release --product chaek

## bench: catalog search latency (starter and a generated 100,000-book catalog), library timings
bench: deps
	$(SWIFT) build -c release --product chaek-bench
	.build/release/chaek-bench

format:
	$(SWIFT) format --configuration .swift-format -i -r Package.swift Sources Tests Benchmarks

lint:
	$(SWIFT) format lint --configuration .swift-format -r Package.swift Sources Tests Benchmarks

clean:
	rm -rf .build
