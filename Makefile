# recview: `make test` runs every test; `make serve` serves the viewer.
# `make serve` (and `make dist`, `make build`) need Go alone, go.mod's
# version or later; `make test` also installs what its tests need on a
# fresh Debian machine (make deps).

SHELL    := /bin/bash
GO       ?= go
GOROOT    = $(shell $(GO) env GOROOT 2>/dev/null)
WASMEXEC  = $(GOROOT)/lib/wasm/go_js_wasm_exec
PORT     ?= 8000

.PHONY: deps go-version test test-native test-wasm test-e2e test-fuzz fuzz fuzz-list lint bench bench-page serve build dist

test: go-version deps lint test-native test-wasm test-fuzz test-e2e
	@echo "make test: all tests passed"

# The Go that go.mod's go line names (GOWANT), or a later one: make stops
# with an error that names it when Go is missing or older. (A Go of 1.21
# or later fetches go.mod's toolchain by itself, when it can.) Read with
# bash alone, as the targets that need only Go must.
GOWANT := $(shell while read -r k v; do [ "$$k" = go ] && echo "$$v" && break; done < go.mod)

go-version:
	@command -v $(GO) >/dev/null 2>&1 || { echo "make: Go $(GOWANT) or later is needed (go.mod's go line), and there is no $(GO) here: https://go.dev/dl/" >&2; exit 1; }; \
	have=$$($(GO) env GOVERSION) || { echo "make: Go $(GOWANT) or later is needed (go.mod's go line); $(GO) here is $$(GOTOOLCHAIN=local $(GO) version 2>&1)" >&2; exit 1; }; \
	v=$${have#go}; v=$${v%%[!0-9.]*}; IFS=. read -r a b c <<<"$$v"; IFS=. read -r x y z <<<"$(GOWANT)"; \
	if [ -n "$$a" ] && (( a*1000000 + $${b:-0}*1000 + $${c:-0} < x*1000000 + $${y:-0}*1000 + $${z:-0} )); then \
		echo "make: Go $(GOWANT) or later is needed (go.mod's go line); $(GO) here is $$have" >&2; exit 1; fi

# Debian's packages for what the tests, the server and the benchmarks
# run: chromium (the browser tests, make bench), node (the core's tests as
# WebAssembly), npm (make bench's JavaScript side), git (recview review
# of two revisions), bash and jq (the GitHub action's script) and
# pre-commit (the test of .pre-commit-hooks.yaml), zsh and fish (the
# completion scripts' test, with bash), shellcheck (make lint), as
# COMMAND:PACKAGE.
# What is missing is installed with one apt-get update and one apt-get
# install, as root or through sudo. A failed install stops make: no test
# is ever skipped for a missing tool.
DEBS := chromium:chromium node:nodejs npm:npm git:git bash:bash zsh:zsh fish:fish jq:jq pre-commit:pre-commit shellcheck:shellcheck

deps:
	@missing=; for d in $(DEBS); do command -v $${d%%:*} >/dev/null 2>&1 || missing="$$missing $${d##*:}"; done; \
	if [ -z "$$missing" ]; then exit 0; fi; \
	sudo=; [ "$$(id -u)" = 0 ] || sudo=sudo; \
	echo "make deps: installing Debian's$$missing"; \
	{ $$sudo apt-get update -q && $$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q $$missing; } >/dev/null || \
		{ echo "make deps: cannot install$$missing (apt-get needs root or sudo, and Debian's archive)" >&2; exit 1; }; \
	for d in $(DEBS); do command -v $${d%%:*} >/dev/null 2>&1 || \
		{ echo "make deps: $${d%%:*} still not found after installing $${d##*:}" >&2; exit 1; }; done

# gofmt and go vet, natively and as WebAssembly; and go vet of the patched
# go-app that app.wasm is built from (build/go-app, see dist below), in
# the workspace that builds app.wasm, for both builds; actionlint, at the
# version pinned here (from the Go module proxy), over the repository's
# workflows and the ones docs/review.md shows (its yaml blocks with an
# `on:`, written out to build/docs-workflows); shellcheck over scripts/.
# (cmd/recview's TestWorkflowsPinned checks that every `uses:` there and
# in action.yml is pinned to a commit.)
ACTIONLINT := github.com/rhysd/actionlint/cmd/actionlint@v1.7.12

lint: deps build/go.work
	@unformatted=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$unformatted" ]; then echo "gofmt needed: $$unformatted"; exit 1; fi
	$(GO) vet ./...
	GOOS=js GOARCH=wasm $(GO) vet ./recordings/... ./internal/base/... ./internal/pageworker/... ./app/... ./wasm/... ./e2e/bench/wasm/
	$(GO) vet -tags 'e2e bench' ./e2e/
	GOWORK=$(WASMWORK) $(GO) vet $(GOAPP)/pkg/app
	GOOS=js GOARCH=wasm GOWORK=$(WASMWORK) $(GO) vet $(GOAPP)/pkg/app
	@rm -rf build/docs-workflows && mkdir -p build/docs-workflows/.github/workflows && \
	awk '/^```yaml/ { f = 1; b = ""; w = 0; next } /^```/ && f { if (w) print b > ("build/docs-workflows/.github/workflows/review" ++n ".yml"); f = 0; next } f { b = b $$0 "\n"; if ($$0 ~ /^on:/) w = 1 }' docs/review.md && \
	ls build/docs-workflows/.github/workflows/*.yml >/dev/null
	$(GO) run $(ACTIONLINT) -no-color .github/workflows/*.yml build/docs-workflows/.github/workflows/*.yml
	shellcheck scripts/*.sh

# Natively every package; the tests of the copy of fastjson recview
# builds with (third_party/fastjson/RECVIEW.md); and the test the second
# go-app patch adds (its UUIDs parse as version 4), in the workspace that
# builds app.wasm.
test-native: build/go.work
	$(GO) test ./...
	cd third_party/fastjson && $(GO) test ./...
	GOWORK=$(WASMWORK) $(GO) test -run TestNewUUID $(GOAPP)/pkg/app

# The core must also work in the browser: run its tests as WebAssembly
# under node, with Go's own go_js_wasm_exec; and internal/base/jsweb's (the
# promise and fetch plumbing of app.wasm and the worker), on node's own
# Promise, fetch and Response; the worker's (wasm/worker: its digests
# by crypto.subtle, sums_js_test.go); and the page and worker's messages
# (internal/pageworker: post_js_test.go, over node's MessageChannel).
test-wasm: deps
	GOOS=js GOARCH=wasm $(GO) test -exec="$(WASMEXEC)" ./recordings/... ./internal/base/jsonx/... ./internal/base/jsweb/... ./internal/base/shasum/... ./wasm/worker/... ./internal/pageworker/...

# Browser tests: the site built by `make dist`, served on loopback, driven
# in Debian's headless Chromium by chromedp. They take about 5 minutes on
# a 2-vCPU machine; go test's default limit of 10 minutes was reached on
# a machine of the same kind that ran the browser two to three times
# slower that day, with no test failing (docs/dev/performance-notes.md).
test-e2e: deps dist
	$(GO) test -tags e2e -count=1 -timeout 30m ./e2e/ -dist=$(CURDIR)/dist

# The core's benchmarks (every package of recordings/ and internal/, so
# that benchmarks follow the code they measure); then, each measured side
# by side in one run:
# recview against openai-go on the 1,399-chunk stream (TestBenchTable),
# and app.wasm's size, raw, gzip and brotli, layer by layer
# (internal/tools/wasmsize); then what a person feels in headless Chromium
# (e2e/bench_test.go: visits, drop, slider, a 3,000-file folder, a 50 MB
# stream). Tables only: nothing fails for a missed budget.
bench: deps dist bench-page
	$(GO) test -run '^$$' -bench . -benchmem ./recordings/... ./internal/... ./cmd/recview/
	set -o pipefail; $(GO) test -count=1 -v -run '^TestBenchTable$$' ./recordings/ | grep -v -e '^=== RUN' -e '^--- PASS' -e '^PASS' -e '^ok'
	$(GO) run ./internal/tools/wasmsize -wasm build/app.wasm -gowork $(WASMWORK)
	set -o pipefail; $(GO) test -tags 'e2e bench' -count=1 -v -timeout 25m -run '^TestBench' ./e2e/ -dist=$(CURDIR)/dist | grep -e '^|' -e '^$$' -e '^Budget' -e FAIL

# The page of the in-browser core comparison (TestBenchCore): recview's
# core as WebAssembly (e2e/bench/wasm) and the openai npm package bundled
# by esbuild (e2e/bench/js, dev-only, exact versions in its lock file).
bench-page: deps
	cd e2e/bench/js && npm ci --no-audit --no-fund --loglevel=error
	mkdir -p build/bench
	e2e/bench/js/node_modules/.bin/esbuild e2e/bench/js/entry.js --bundle --format=iife --log-level=warning --outfile=build/bench/bench.js
	cp $(GOROOT)/lib/wasm/wasm_exec.js build/bench/
	GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags="-s -w" -o build/bench/bench.wasm ./e2e/bench/wasm

# Every fuzz target of the module (the decoders, the assembler, the hash
# canonicalizer, the permalink decoders, the word diff...), found by
# `go test -list '^Fuzz'` in every package and run as PACKAGE:FuzzName,
# seeded from its corpus: FUZZ_SHORT each (20,000 inputs) in `make test`,
# FUZZTIME each with `make fuzz`. A crash leaves its input in the package's
# testdata/fuzz/, where it stays as a regression test. `make fuzz-list`
# prints the list. `make test` counts inputs rather than seconds: Go 1.26's
# fuzz coordinator can report its own -fuzztime deadline as a failure
# ("context deadline exceeded", no failing input; golang/go#75804, fixed in
# Go 1.27), and a count sets no deadline to race.
FUZZ_LIST = $(GO) test -list '^Fuzz' ./... | \
	awk '/^Fuzz/ { n[k++] = $$1; next } /^ok/ { for (i = 0; i < k; i++) print $$2 ":" n[i] } /^(ok|FAIL|\?)/ { k = 0 }'
FUZZTIME ?= 60s

fuzz-list:
	@set -o pipefail; $(FUZZ_LIST)

test-fuzz:
	@set -o pipefail; targets=$$($(FUZZ_LIST)) || { echo "test-fuzz: go test -list failed" >&2; exit 1; }; \
	if [ -z "$$targets" ]; then echo "test-fuzz: no fuzz targets found" >&2; exit 1; fi; \
	log=$$(mktemp); trap 'rm -f "$$log"' EXIT; \
	for t in $$targets; do \
		pkg=$${t%%:*}; fn=$${t##*:}; \
		echo "fuzz $$fn in $$pkg ($(or $(FUZZ_SHORT),20000x))"; \
		if $(GO) test -run '^$$' -fuzz "^$$fn\$$" -fuzztime $(or $(FUZZ_SHORT),20000x) $$pkg >"$$log" 2>&1; then tail -3 "$$log"; \
		else cat "$$log"; echo "test-fuzz: $$fn in $$pkg failed (its whole output above)" >&2; exit 1; fi; \
	done

fuzz:
	$(MAKE) test-fuzz FUZZ_SHORT=$(FUZZTIME)

build: go-version
	mkdir -p bin
	$(GO) build -buildvcs=auto -o bin/recview ./cmd/recview

# app.wasm is built against go-app, at the version go.mod pins, with the
# patches of third_party/go-app, applied in this order: the first leaves
# go-app's HTTP handler (and so net/http) out of the WebAssembly build, the
# second makes its random UUIDs without google/uuid (and so without
# crypto/md5), the third leaves its AES-GCM encryption (which recview
# never uses) out of the WebAssembly build, the fourth draws a lone
# dispatch (a key, a click) at once instead of a frame's time later; its
# README says why and what each saves or changes. The copy is made from the module cache (checked against go.sum)
# and used through a workspace, build/go.work, for app.wasm only: native
# builds and every test use go-app as published. The patches are applied
# by internal/tools/gitpatch (as `git apply` would), so that building the
# site needs nothing but Go.
GOAPP      := github.com/maxence-charriere/go-app/v10
WASMWORK   := $(CURDIR)/build/go.work
GOAPPPATCHES := third_party/go-app/wasm-without-net-http.patch third_party/go-app/without-uuid.patch third_party/go-app/without-encryption.patch \
	third_party/go-app/draw-at-once.patch

build/go.work: go.mod go.sum $(GOAPPPATCHES)
	rm -rf build/go-app build/go.work build/go.work.sum && mkdir -p build
	$(GO) mod download $(GOAPP)
	cp -r "$$($(GO) list -m -f '{{.Dir}}' $(GOAPP))" build/go-app && chmod -R u+w build/go-app
	$(GO) run ./internal/tools/gitpatch -dir build/go-app $(GOAPPPATCHES)
	cd build && $(GO) work init .. && $(GO) work edit -replace=$(GOAPP)=./go-app

# The static site: go-app's pre-rendered page and files, and the assets
# (web/ and app.wasm) under dist/v/VERSION/web, VERSION a digest of them.
# Fails if app.wasm links net/http (the patch above did not take).
# Needs Go alone (and bash and the coreutils): make serve builds it.
# worker.wasm is the page's Web Worker (wasm/worker): the review and
# replay cores run there, off the page's thread and out of app.wasm.
# The viewer's own package (app: components and page plumbing, not the
# core) and go-app are compiled without inlining: go-app's builder and
# dispatch methods inlined at every call site made app.wasm about 45 KB
# larger after brotli, for no speed the page can feel
# (docs/dev/wasm-size.md; make bench's slider and drop rows did not move).
# So are the parts of the core the viewer runs once per view, not per
# chunk or file: the comparison (recordings/diff, with its judgement),
# the permalink codec and the browser plumbing (19 KB after brotli).
# SIZENOINLINE, in APPNOINLINE below, is for app.wasm's size budget
# (docs/dev/wasm-size.md, "Fewer inlined calls"): what the page runs per
# view, per file of a folder or per Markdown text rather than per chunk
# or per pair of a review (goldmark, the request hash's checks) and the
# standard packages they and go-app lean on. Each flag compiles that
# package's own code without inlining; the core's parsing and
# assembling (recordings, fastjson) keep theirs.
SIZENOINLINE := $(foreach p,github.com/yuin/goldmark/... github.com/sergi/go-diff/... \
	github.com/recview/recview/recordings/reqhash \
	github.com/recview/recview/recordings/internal/... encoding/json encoding/base64 regexp/... fmt reflect time \
	net/url compress/... unique syscall/js strconv internal/strconv sort bufio unicode/...,-gcflags=$(p)=-l)
APPNOINLINE := -gcflags=github.com/recview/recview/app=-l -gcflags=$(GOAPP)/pkg/app=-l \
	-gcflags=github.com/recview/recview/recordings/diff=-l -gcflags=github.com/recview/recview/recordings/permalink=-l \
	-gcflags=github.com/recview/recview/app/internal/browser=-l $(SIZENOINLINE)

# VIEWER is the public viewer (like https://OWNER.github.io/) whose
# address the share panel of a page on a loopback address (make serve)
# offers its links on, unless the user set another in the browser;
# .github/workflows/pages.yml sets it to the site it deploys. It is
# written into app.wasm (app.defaultViewer); none by default.
VIEWER ?=

# BASE is the path the site is served under: "/" (the root of its host)
# by default, "/REPO/" for a GitHub project page
# (https://OWNER.github.io/REPO/); every path the page, its scripts, the
# service worker and the manifest name is under it. app.wasm does not
# depend on it (go-app's app.js tells it where its files are).
BASE ?= /

dist: go-version build/go.work
	@[[ -z "$(VIEWER)" || "$(VIEWER)" =~ ^https?://[^/?#[:space:]]+(/[^?#[:space:]]*)?$$ ]] || \
		{ echo "make dist: VIEWER=$(VIEWER) is not an http(s) address like https://OWNER.github.io/" >&2; exit 1; }
	rm -rf dist build/app.wasm && mkdir -p build
	GOOS=js GOARCH=wasm GOWORK=$(WASMWORK) $(GO) build -trimpath -ldflags="-s -w$(if $(VIEWER), -X github.com/recview/recview/app.defaultViewer=$(VIEWER))" $(APPNOINLINE) -o build/app.wasm ./wasm
	@nethttp=$$(GOOS=js GOARCH=wasm GOWORK=$(WASMWORK) $(GO) list -deps -f '{{if eq .ImportPath "net/http"}}linked{{end}}' ./wasm) && \
	if [[ $$nethttp == *linked* ]]; then echo "app.wasm links net/http: the go-app patch (third_party/go-app/wasm-without-net-http.patch) did not take"; exit 1; fi
	GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags="-s -w" -o build/worker.wasm ./wasm/worker
	$(GO) run ./wasm -dist dist -base '$(BASE)' -web web -wasm build/app.wasm -worker-wasm build/worker.wasm

# Go alone: no make deps (the tests' tools). Under BASE, as the site was
# built for (make serve BASE=/REPO/ serves http://127.0.0.1:8000/REPO/).
serve: dist
	$(GO) run ./wasm -serve 127.0.0.1:$(PORT) -dir dist -netlify netlify.toml -base '$(BASE)'
