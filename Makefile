# recview: `make test` runs every test; `make serve` serves the viewer.
# Both install what they need on a fresh Debian machine.

GO       ?= go
GOROOT   := $(shell $(GO) env GOROOT)
WASMEXEC := $(GOROOT)/lib/wasm/go_js_wasm_exec
PORT     ?= 8000

.PHONY: test test-native test-wasm lint bench serve build deps-node fuzz dist test-e2e deps-chromium

test: lint test-native test-wasm test-e2e
	@echo "make test: all tests passed"

lint:
	@unformatted=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$unformatted" ]; then echo "gofmt needed: $$unformatted"; exit 1; fi
	$(GO) vet ./...
	GOOS=js GOARCH=wasm $(GO) vet ./recordings/... ./app/... ./wasm/...

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

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./recordings/

# Short fuzzing runs of the decoder, the assembler and the permalink codec.
fuzz:
	$(GO) test -run '^$$' -fuzz 'FuzzParse$$' -fuzztime 30s ./recordings/
	$(GO) test -run '^$$' -fuzz FuzzAssemble -fuzztime 30s ./recordings/
	$(GO) test -run '^$$' -fuzz FuzzParseFragment -fuzztime 30s ./recordings/
	$(GO) test -run '^$$' -fuzz FuzzDecodeData -fuzztime 30s ./recordings/

build:
	mkdir -p bin
	$(GO) build -o bin/recview ./cmd/recview

# The static site: go-app's pre-rendered page and files, and the assets
# (web/ and app.wasm) under dist/v/VERSION/web, VERSION a digest of them.
dist:
	rm -rf dist build/app.wasm && mkdir -p build
	GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags="-s -w" -o build/app.wasm ./wasm
	$(GO) run ./wasm -dist dist -web web -wasm build/app.wasm

serve: dist
	$(GO) run ./wasm -serve 127.0.0.1:$(PORT) -dir dist -netlify netlify.toml
