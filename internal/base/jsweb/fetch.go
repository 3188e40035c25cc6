//go:build js

package jsweb

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"syscall/js"
)

// The programs download with the browser's fetch through syscall/js, not
// net/http: net/http's client in WebAssembly is a wrapper around the same
// fetch, and linking it (its transport, HTTP/2 and TLS code) makes a
// program much larger.

// Response is the answer to a Fetch whose body has not been read: its
// status and headers, and the means to read the body or stop it. A
// Response that is not read to the end must be aborted (Abort), or the
// browser goes on downloading it.
type Response struct {
	res   js.Value // the Response
	abort js.Value // its AbortController
}

// Fetch calls fetch(url) with an AbortController of its own and waits for
// the Response, which it returns whatever its status; crossOrigin asks
// for CORS mode without credentials or referrer. It follows no redirect
// (redirect: "manual"): the browser does not ask the address a redirect
// names, and the Response is then Redirected, its status 0. The error is
// the rejection's text: the server could not be reached, or
// (crossOrigin) did not allow this program to read the answer. It blocks
// (see Await).
func Fetch(url string, crossOrigin bool) (*Response, error) {
	global := js.Global()
	ctrl := global.Get("AbortController").New()
	opts := global.Get("Object").New()
	opts.Set("signal", ctrl.Get("signal"))
	opts.Set("redirect", "manual")
	if crossOrigin {
		opts.Set("mode", "cors")
		opts.Set("credentials", "omit")
		opts.Set("referrerPolicy", "no-referrer")
	}
	res, err := Await(global.Call("fetch", url, opts))
	if err != nil {
		return nil, err
	}
	return &Response{res: res, abort: ctrl}, nil
}

// Status is the HTTP status, like 200.
func (r *Response) Status() int { return r.res.Get("status").Int() }

// StatusText is the status line's text, like "Not Found" ("" over HTTP/2).
func (r *Response) StatusText() string { return r.res.Get("statusText").String() }

// URL is the URL the answer came from: the one asked for, as no
// redirect is followed.
func (r *Response) URL() string { return r.res.Get("url").String() }

// Redirected reports whether the answer is a redirect, not followed (an
// "opaqueredirect" Response: its status, headers and target are hidden).
func (r *Response) Redirected() bool { return r.res.Get("type").String() == "opaqueredirect" }

// Header is the value of the header name, "" when absent (or not exposed
// to the program by CORS).
func (r *Response) Header(name string) string {
	v := r.res.Get("headers").Call("get", name)
	if !v.Truthy() {
		return ""
	}
	return v.String()
}

// Abort stops the download: the browser closes the request and drops
// what it has not delivered. Reading the body after it fails.
func (r *Response) Abort() { r.abort.Call("abort") }

// PastLimitError is ReadBody's error for a body longer than its limit:
// the number of bytes it had when it stopped, more than the limit.
type PastLimitError int64

// Error implements error: "more than N bytes".
func (e PastLimitError) Error() string { return fmt.Sprintf("more than %d bytes", int64(e)) }

// ReadBody reads the body chunk by chunk (its ReadableStream), and aborts
// the download as soon as it passes limit bytes, returning a
// PastLimitError: an endless answer costs no more than limit bytes of
// memory, and its connection is closed. A Response without a body reads
// as nil. Other errors are the stream's, the download aborted too. It
// blocks (see Await).
func (r *Response) ReadBody(limit int) ([]byte, error) { return r.ReadBodyTaking(limit, nil) }

// ArrayBuffer reads the whole body as the browser holds it (an
// ArrayBuffer), in one piece and with no copy on the way: for a body
// whose size is known and allowed already (its Content-Length checked).
// The error is the read's. It blocks (see Await).
func (r *Response) ArrayBuffer() (js.Value, error) {
	buf, err := Await(r.res.Call("arrayBuffer"))
	if err != nil {
		r.Abort()
	}
	return buf, err
}

// ErrTaken is ReadBodyTaking's error when its take refused a chunk.
var ErrTaken = errors.New("the download's share of memory is spent")

// ReadBodyTaking is ReadBody that also asks take, before it keeps each
// chunk, for the chunk's n bytes out of a share that several downloads
// spend together: when take returns false, the download is aborted and
// the error is ErrTaken. A nil take takes everything.
func (r *Response) ReadBodyTaking(limit int, take func(n int) bool) ([]byte, error) {
	body := r.res.Get("body")
	if !body.Truthy() {
		return nil, nil
	}
	reader := body.Call("getReader")
	var data []byte
	// A body of a Content-Length within the limit is read into one buffer
	// of that size: grown chunk by chunk, a large body's buffer was copied
	// again and again, and the garbage of it counted in the program's
	// memory, which a WebAssembly program never gives back.
	if n, err := strconv.Atoi(r.Header("Content-Length")); err == nil && n > 0 && n <= limit {
		data = make([]byte, 0, n)
	}
	for {
		c, err := Await(reader.Call("read"))
		if err != nil {
			r.Abort()
			return nil, err
		}
		if c.Get("done").Bool() {
			return data, nil
		}
		chunk := c.Get("value")
		n := chunk.Get("length").Int()
		if len(data)+n > limit {
			r.Abort()
			return nil, PastLimitError(len(data) + n)
		}
		if take != nil && !take(n) {
			r.Abort()
			return nil, ErrTaken
		}
		data = slices.Grow(data, n)
		js.CopyBytesToGo(data[len(data):len(data)+n], chunk)
		data = data[:len(data)+n]
	}
}
