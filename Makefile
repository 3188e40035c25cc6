# recview: `make test` runs every test; `make serve` serves the viewer.
# Both install what they need on a fresh Debian machine.

SHELL    := /bin/bash
GO       ?= go
GOROOT   := $(shell $(GO) env GOROOT)
WASMEXEC := $(GOROOT)/lib/wasm/go_js_wasm_exec
PORT     ?= 8000

.PHONY: test-fuzz test test-native test-wasm lint bench bench-page serve build deps-node deps-npm fuzz dist test-e2e deps-chromium

test: lint test-native test-wasm test-fuzz test-e2e
	@echo "make test: all tests passed"

lint:
	@unformatted=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$unformatted" ]; then echo "gofmt needed: $$unformatted"; exit 1; fi
	$(GO) vet ./...
	GOOS=js GOARCH=wasm $(GO) vet ./recordings/... ./app/... ./wasm/... ./e2e/bench/wasm/
	$(GO) vet -tags 'e2e bench' ./e2e/

test-native:
	$(GO) test ./...

# The core must also work in the browser: run its tests as WebAssembly
# under node, with Go's own go_js_wasm_exec.
test-wasm: deps-node
	GOOS=js GOARCH=wasm $(GO) test -exec="$(WASMEXEC)" ./recordings/...

# Browser tests: the site built by `make dist`, served on loopback, driven
# in Debian's headless Chromium by chromedp.
test-e2e: dist deps-chromium
	$(GO) test -tags e2e -count=1 ./e2e/ -dist=$(CURDIR)/dist

deps-chromium:
	@command -v chromium >/dev/null 2>&1 || { \
		echo "chromium not found: installing Debian's chromium"; \
		(apt-get update && apt-get install -y chromium) >/dev/null || { echo "cannot install chromium: the browser tests need it"; exit 1; }; }

deps-node:
	@command -v node >/dev/null 2>&1 || { \
		echo "node not found: installing Debian's nodejs"; \
		(apt-get update && apt-get install -y nodejs) >/dev/null || { echo "cannot install nodejs: the WASM tests need node"; exit 1; }; }

# The core's benchmarks; then, each measured side by side in one run:
# recview against openai-go on the 1,399-chunk stream (TestBenchTable),
# and app.wasm's size, raw, gzip and brotli, layer by layer
# (internal/wasmsize); then what a person feels in headless Chromium
# (e2e/bench_test.go: visits, drop, slider, a 3,000-file folder, a 50 MB
# stream). Tables only: nothing fails for a missed budget.
bench: dist deps-chromium bench-page
	$(GO) test -run '^$$' -bench . -benchmem ./recordings/ ./recordings/review/
	set -o pipefail; $(GO) test -count=1 -v -run '^TestBenchTable$$' ./recordings/ | grep -v -e '^=== RUN' -e '^--- PASS' -e '^PASS' -e '^ok'
	$(GO) run ./internal/wasmsize -wasm build/app.wasm -gowork $(WASMWORK)
	set -o pipefail; $(GO) test -tags 'e2e bench' -count=1 -v -timeout 20m -run '^TestBench' ./e2e/ -dist=$(CURDIR)/dist | grep -e '^|' -e '^$$' -e '^Budget' -e FAIL

# The page of the in-browser core comparison (TestBenchCore): recview's
# core as WebAssembly (e2e/bench/wasm) and the openai npm package bundled
# by esbuild (e2e/bench/js, dev-only, exact versions in its lock file).
bench-page: deps-npm
	cd e2e/bench/js && npm ci --no-audit --no-fund --loglevel=error
	mkdir -p build/bench
	e2e/bench/js/node_modules/.bin/esbuild e2e/bench/js/entry.js --bundle --format=iife --log-level=warning --outfile=build/bench/bench.js
	cp $(GOROOT)/lib/wasm/wasm_exec.js build/bench/
	GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags="-s -w" -o build/bench/bench.wasm ./e2e/bench/wasm

deps-npm: deps-node
	@command -v npm >/dev/null 2>&1 || { \
		echo "npm not found: installing Debian's npm"; \
		(apt-get update && apt-get install -y npm) >/dev/null || { echo "cannot install npm: make bench needs it"; exit 1; }; }

# Every fuzz target (the decoder, the assembler, the hash canonicalizer,
# the permalink decoders and number packing, the word diff), seeded from the corpus: a few
# seconds each in `make test`, FUZZTIME each with `make fuzz`. A crash
# leaves its input in testdata/fuzz/, where it stays as a regression test.
FUZZ_TARGETS := ./recordings/:FuzzParse ./recordings/:FuzzParseInSlices ./recordings/:FuzzAssemble ./recordings/:FuzzPyJSON ./recordings/:FuzzStrictJSON \
	./recordings/:FuzzParseFragment ./recordings/:FuzzDecodeData ./recordings/:FuzzPackNumbers ./recordings/diff/:FuzzWords
FUZZTIME ?= 60s

test-fuzz:
	@for t in $(FUZZ_TARGETS); do \
		pkg=$${t%%:*}; fn=$${t##*:}; \
		echo "fuzz $$fn ($(or $(FUZZ_SHORT),3s))"; \
		$(GO) test -run '^$$' -fuzz "^$$fn\$$" -fuzztime $(or $(FUZZ_SHORT),3s) $$pkg 2>&1 | tail -3; \
		test $${PIPESTATUS[0]} -eq 0 || exit 1; \
	done

fuzz:
	$(MAKE) test-fuzz FUZZ_SHORT=$(FUZZTIME)

build:
	mkdir -p bin
	$(GO) build -o bin/recview ./cmd/recview

# app.wasm is built against go-app, at the version go.mod pins, with the
# patch of third_party/go-app, which leaves go-app's HTTP handler (and so
# net/http) out of the WebAssembly build: its README says why and what it
# saves. The copy is made from the module cache (checked against go.sum)
# and used through a workspace, build/go.work, for app.wasm only: native
# builds and every test use go-app as published.
GOAPP      := github.com/maxence-charriere/go-app/v10
WASMWORK   := $(CURDIR)/build/go.work
GOAPPPATCH := third_party/go-app/wasm-without-net-http.patch

build/go.work: go.mod go.sum $(GOAPPPATCH)
	rm -rf build/go-app build/go.work build/go.work.sum && mkdir -p build
	$(GO) mod download $(GOAPP)
	cp -r "$$($(GO) list -m -f '{{.Dir}}' $(GOAPP))" build/go-app && chmod -R u+w build/go-app
	git apply --directory=build/go-app $(GOAPPPATCH)
	cd build && $(GO) work init .. && $(GO) work edit -replace=$(GOAPP)=./go-app

# The static site: go-app's pre-rendered page and files, and the assets
# (web/ and app.wasm) under dist/v/VERSION/web, VERSION a digest of them.
# Fails if app.wasm links net/http (the patch above did not take).
dist: build/go.work
	rm -rf dist build/app.wasm && mkdir -p build
	GOOS=js GOARCH=wasm GOWORK=$(WASMWORK) $(GO) build -trimpath -ldflags="-s -w" -o build/app.wasm ./wasm
	@deps=$$(GOOS=js GOARCH=wasm GOWORK=$(WASMWORK) $(GO) list -deps ./wasm) && \
	if grep -qx net/http <<<"$$deps"; then echo "app.wasm links net/http: the go-app patch ($(GOAPPPATCH)) did not take"; exit 1; fi
	$(GO) run ./wasm -dist dist -web web -wasm build/app.wasm

serve: dist
	$(GO) run ./wasm -serve 127.0.0.1:$(PORT) -dir dist -netlify netlify.toml
