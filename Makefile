# recview: `make test` runs every test; `make serve` serves the viewer.
# Both install what they need on a fresh Debian machine.

GO       ?= go
GOROOT   := $(shell $(GO) env GOROOT)
WASMEXEC := $(GOROOT)/lib/wasm/go_js_wasm_exec
PORT     ?= 8000

.PHONY: test test-native test-wasm lint bench serve build deps-node fuzz

test: lint test-native test-wasm
	@echo "make test: all tests passed"

lint:
	@unformatted=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$unformatted" ]; then echo "gofmt needed: $$unformatted"; exit 1; fi
	$(GO) vet ./...
	GOOS=js GOARCH=wasm $(GO) vet ./recordings/...

test-native:
	$(GO) test ./...

# The core must also work in the browser: run its tests as WebAssembly
# under node, with Go's own go_js_wasm_exec.
test-wasm: deps-node
	GOOS=js GOARCH=wasm $(GO) test -exec="$(WASMEXEC)" ./recordings/...

deps-node:
	@command -v node >/dev/null 2>&1 || { \
		echo "node not found: installing Debian's nodejs"; \
		(apt-get update && apt-get install -y nodejs) >/dev/null || { echo "cannot install nodejs: the WASM tests need node"; exit 1; }; }

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./recordings/

# Short fuzzing runs of the decoder and the assembler.
fuzz:
	$(GO) test -run '^$$' -fuzz FuzzParse -fuzztime 30s ./recordings/
	$(GO) test -run '^$$' -fuzz FuzzAssemble -fuzztime 30s ./recordings/

build:
	mkdir -p bin
	$(GO) build -o bin/recview ./cmd/recview

serve:
	@echo "The web viewer is not built yet (issue #3). Use the CLI meanwhile: make build && bin/recview show FILE"; exit 1
