// Package browser is the viewer's plumbing to the page's JavaScript
// (through go-app's syscall/js wrapper, app.Value; promises and fetch
// through internal/base/jsweb, which the page's worker shares): promises,
// fetch, reading File objects and dropped or picked folders (the folder
// picker), the page's worker (Worker, in internal/pageworker's protocol),
// what was picked or dropped before the app ran (web/early.js's queue),
// the clipboard and downloads, SubtleCrypto's SHA-256, and handing the
// thread back to the page; and the page itself: its history and address
// (PushState, ReplaceState, OnPopState, PageLocation), the window's
// events (Listen, Event) and its elements (Element). The viewer's other
// packages call JavaScript only through this one (and go-app's own
// idioms: ctx.JSSrc(), a component's JSValue(), ctx.LocalStorage()).
//
// A WebAssembly page runs Go and the page's own work (input, layout,
// painting) on one thread: Go code that does not return or block on a
// promise freezes the page. The functions that wait (Await and all that
// call it) block their goroutine and must run in one of the viewer's
// background goroutines (ctx.Async), never on go-app's UI goroutine,
// except where a doc comment says otherwise. Long work calls a Breather
// between its pieces so the page keeps drawing: see BreathEvery.
//
// The implementation is behind the js build tag (the *_js.go files).
// Built natively (the static site generator, go test), the package has the
// same API with no page behind it (native.go): nothing yields, Await and
// what fetches or reads fail with ErrNoPage, SHA256 hashes in Go. (So go
// doc shows the stand-ins' comments unless run with GOOS=js GOARCH=wasm.)
// What uses go-app's Values only (history.go, listen.go, element.go,
// files.go, settled.go) is built alike in both: outside a page go-app's
// Values are inert, so listeners are never called, elements never exist
// and the page's address is empty.
package browser

import (
	"errors"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/recordings/fixturepath"
)

// BreathEvery is how long work may run before a Breather hands the thread
// back to the page: a frame is about 16 ms at 60 Hz, and the rest of it
// is left for the browser to handle input and draw.
const BreathEvery = 10 * time.Millisecond

// ErrNoPage is the error of the functions that need a page (Await, Fetch,
// ReadBody, reading files) when the program is not running in one.
var ErrNoPage = errors.New("browser: not running in a browser page")

// File is a File object of the page with the path it has in a dropped or
// picked folder.
type File struct {
	JS   app.Value // the File object
	Name string    // File.name, the file's own name
	Path string    // folder/relative/name.json within the dropped or picked folder, else Name
	Size int       // File.size, in bytes
	// Modified is File.lastModified: the file's last change, in
	// milliseconds since the Unix epoch (0 when the browser gives none).
	Modified int64
	// Err is why the browser gave no File object for a file its folder's
	// walk listed (JS is then null); nil for every file it gave.
	Err error
}

// NewFile describes the File object f, found at path within a folder (""
// for a loose file: the path is then its name).
func NewFile(f app.Value, path string) File {
	name := f.Get("name").String()
	if path == "" {
		path = name
	}
	f2 := File{JS: f, Name: name, Path: path, Size: f.Get("size").Int()}
	if m := f.Get("lastModified"); m.Type() == app.TypeNumber {
		f2.Modified = int64(m.Float())
	}
	return f2
}

// Listed reports whether a folder's walk keeps the file of that name: a
// .json file (any case: a recording or a cassette) or one only another
// recorder's fixture can be (fixturepath.CassetteOnly: YAML, .har,
// .httprr, .httprr.gz, .chunks.txt; together, ListedSuffixes) and, with
// tests, a Python test file as pytest finds them (test_*.py or
// *_test.py), which tells replay's report which tests still exist.
// web/walkworker.js's keeps is its twin.
func Listed(name string, tests bool) bool {
	if strings.HasSuffix(strings.ToLower(name), ".json") || fixturepath.CassetteOnly(name) {
		return true
	}
	return tests && strings.HasSuffix(name, ".py") && (strings.HasPrefix(name, "test_") || strings.HasSuffix(name, "_test.py"))
}

// ListedSuffixes are the lowercase name endings of the fixtures Listed
// keeps: ".json", then fixturepath.CassetteOnlySuffixes.
func ListedSuffixes() []string {
	return append([]string{".json"}, fixturepath.CassetteOnlySuffixes()...)
}
