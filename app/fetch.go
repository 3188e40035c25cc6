package app

import (
	"errors"
	"fmt"
	"mime"
	"slices"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The viewer downloads with the browser's fetch through syscall/js, not
// net/http: net/http's client in WebAssembly is a wrapper around the same
// fetch, and linking it (its transport, HTTP/2 and TLS code) made app.wasm
// about 40% larger (internal/wasmsize measures it).

// fetchRecording GETs a recording with the browser's fetch (CORS mode, no
// credentials, no referrer: the site's Referrer-Policy is no-referrer). It
// refuses answers that are not 200, HTML pages, and bodies larger than
// maxOpenSize: before reading them when Content-Length tells the size,
// else as soon as the download passes it. Errors name src and say why.
func fetchRecording(src string) ([]byte, error) {
	res, err := fetch(src, true)
	if err != nil {
		return nil, fmt.Errorf("%s: cannot fetch it: the server did not allow this page to read it (no CORS header), or it could not be reached", src)
	}
	if st := res.Get("status").Int(); st != 200 {
		return nil, fmt.Errorf("%s: the server answered %d %s", src, st, res.Get("statusText").String())
	}
	if mt, _, _ := mime.ParseMediaType(header(res, "Content-Type")); mt == "text/html" {
		return nil, fmt.Errorf("%s: the server answered with an HTML page, not a recording (on GitHub, use the file's Raw link)", src)
	}
	if n, err := strconv.ParseInt(header(res, "Content-Length"), 10, 64); err == nil && n > maxOpenSize {
		return nil, tooBig(src, n)
	}
	data, err := readBody(res, maxOpenSize)
	if err != nil {
		var past errPastLimit
		if errors.As(err, &past) {
			return nil, tooBig(src, int64(past))
		}
		return nil, fmt.Errorf("%s: the download failed: %v", src, err)
	}
	return data, nil
}

// fetchStatic GETs one of the site's own files (a gallery sample), up to
// maxOpenSize bytes.
func fetchStatic(path string) ([]byte, error) {
	res, err := fetch(path, false)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if st := res.Get("status").Int(); st != 200 {
		return nil, fmt.Errorf("%s: %d %s", path, st, res.Get("statusText").String())
	}
	data, err := readBody(res, maxOpenSize)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return data, nil
}

// fetch calls window.fetch(url) and waits for the Response; crossOrigin
// asks for CORS mode without credentials or referrer. It blocks: call it
// from a goroutine (ctx.Async), not the UI goroutine.
func fetch(url string, crossOrigin bool) (app.Value, error) {
	opts := app.Window().Get("Object").New()
	if crossOrigin {
		opts.Set("mode", "cors")
		opts.Set("credentials", "omit")
		opts.Set("referrerPolicy", "no-referrer")
	}
	return await(app.Window().Call("fetch", url, opts))
}

// header is a Response's header value, "" when absent.
func header(res app.Value, name string) string {
	v := res.Get("headers").Call("get", name)
	if !v.Truthy() {
		return ""
	}
	return v.String()
}

// errPastLimit is readBody's error for a body longer than its limit: the
// bytes read when it stopped.
type errPastLimit int64

// Error implements error: "more than N bytes".
func (e errPastLimit) Error() string { return fmt.Sprintf("more than %d bytes", int64(e)) }

// readBody reads a Response's body chunk by chunk (its ReadableStream) and
// cancels the download as soon as it passes limit bytes, so an endless
// answer costs no more than limit bytes of memory.
func readBody(res app.Value, limit int) ([]byte, error) {
	body := res.Get("body")
	if !body.Truthy() {
		return nil, nil
	}
	reader := body.Call("getReader")
	var data []byte
	for {
		r, err := await(reader.Call("read"))
		if err != nil {
			return nil, err
		}
		if r.Get("done").Bool() {
			return data, nil
		}
		chunk := r.Get("value")
		n := chunk.Get("length").Int()
		if len(data)+n > limit {
			reader.Call("cancel")
			return nil, errPastLimit(len(data) + n)
		}
		data = slices.Grow(data, n)
		app.CopyBytesToGo(data[len(data):len(data)+n], chunk)
		data = data[:len(data)+n]
	}
}

// fileName is the last path element of a URL, the name a recording fetched
// from it is shown under.
func fileName(src string) string {
	name := src
	if i := strings.IndexAny(name, "?#"); i >= 0 {
		name = name[:i]
	}
	if i := strings.LastIndexByte(name, '/'); i >= 0 && i < len(name)-1 {
		name = name[i+1:]
	}
	return name
}
