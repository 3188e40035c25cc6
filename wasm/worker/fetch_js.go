//go:build js

package main

import (
	"errors"
	"fmt"
	"strconv"
	"syscall/js"

	"github.com/recview/recview/internal/fetchrule"
)

// The viewer's limits on what it downloads (app/limits.go, app/fetch.go):
// the largest recording it opens, and the largest API answer it reads.
const (
	maxOpenSize  = fetchrule.MaxRecording
	maxAPIAnswer = 32 << 20
)

// jsFetch is the worker's fetcher: the browser's fetch in CORS mode,
// without credentials or referrer, with an AbortController that stops
// whatever download it refuses or stops reading. A recording's download
// follows app/fetch.go's fetchRecording: no answer from another origin
// than the URL's through a redirect, only 200, no HTML page, at most
// maxOpenSize bytes (refused from its Content-Length before it is read,
// else as soon as the download passes it).
func jsFetch(src string, recording bool) (*answer, error) {
	ctrl := js.Global().Get("AbortController").New()
	opts := js.Global().Get("Object").New()
	opts.Set("signal", ctrl.Get("signal"))
	opts.Set("mode", "cors")
	opts.Set("credentials", "omit")
	opts.Set("referrerPolicy", "no-referrer")
	res, err := await(js.Global().Call("fetch", src, opts))
	if err != nil {
		return nil, fmt.Errorf("%s: cannot fetch it: the server did not allow this page to read it (no CORS header), or it could not be reached", src)
	}
	a := &answer{status: res.Get("status").Int(), header: func(name string) string {
		v := res.Get("headers").Call("get", name)
		if v.Type() != js.TypeString {
			return ""
		}
		return v.String()
	}}
	limit := maxAPIAnswer
	if recording {
		limit = maxOpenSize
		if err := fetchrule.Refuse(fetchrule.Answer{
			Src: src, URL: res.Get("url").String(), Status: a.status,
			ContentType: a.header("Content-Type"), ContentLength: a.header("Content-Length"),
		}); err != nil {
			ctrl.Call("abort")
			return nil, err
		}
	}
	a.body, err = readBody(res, ctrl, limit)
	if err != nil {
		return nil, fmt.Errorf("%s: the download failed: %v", src, err)
	}
	return a, nil
}

// readBody reads a Response's body chunk by chunk, aborting the download
// as soon as it passes limit bytes, or fails.
func readBody(res, ctrl js.Value, limit int) ([]byte, error) {
	body := res.Get("body")
	if !body.Truthy() {
		return nil, nil
	}
	reader := body.Call("getReader")
	var data []byte
	for {
		c, err := await(reader.Call("read"))
		if err != nil {
			ctrl.Call("abort")
			return nil, err
		}
		if c.Get("done").Bool() {
			return data, nil
		}
		chunk := c.Get("value")
		n := chunk.Get("length").Int()
		if len(data)+n > limit {
			ctrl.Call("abort")
			return nil, errors.New("more than " + strconv.Itoa(limit) + " bytes")
		}
		data = append(data, make([]byte, n)...)
		js.CopyBytesToGo(data[len(data)-n:], chunk)
	}
}
