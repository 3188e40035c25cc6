package app

import (
	"errors"
	"fmt"
	"mime"
	"strconv"
	"strings"

	"github.com/recview/recview/app/internal/browser"
)

// fetchRecording GETs a recording with the browser's fetch (CORS mode, no
// credentials, no referrer: the site's Referrer-Policy is no-referrer). It
// refuses answers that are not 200, HTML pages, and bodies larger than
// maxOpenSize: before reading them when Content-Length tells the size,
// else as soon as the download passes it. Errors name src and say why.
// It blocks: call it from a goroutine (ctx.Async).
func fetchRecording(src string) ([]byte, error) {
	res, err := browser.Fetch(src, true)
	if err != nil {
		return nil, fmt.Errorf("%s: cannot fetch it: the server did not allow this page to read it (no CORS header), or it could not be reached", src)
	}
	if st := res.Get("status").Int(); st != 200 {
		return nil, fmt.Errorf("%s: the server answered %d %s", src, st, res.Get("statusText").String())
	}
	if mt, _, _ := mime.ParseMediaType(browser.Header(res, "Content-Type")); mt == "text/html" {
		return nil, fmt.Errorf("%s: the server answered with an HTML page, not a recording (on GitHub, use the file's Raw link)", src)
	}
	if n, err := strconv.ParseInt(browser.Header(res, "Content-Length"), 10, 64); err == nil && n > maxOpenSize {
		return nil, tooBig(src, n)
	}
	data, err := browser.ReadBody(res, maxOpenSize)
	if err != nil {
		var past browser.PastLimitError
		if errors.As(err, &past) {
			return nil, tooBig(src, int64(past))
		}
		return nil, fmt.Errorf("%s: the download failed: %v", src, err)
	}
	return data, nil
}

// fetchStatic GETs one of the site's own files (a gallery sample), up to
// maxOpenSize bytes. Errors name path. It blocks: call it from a
// goroutine (ctx.Async).
func fetchStatic(path string) ([]byte, error) {
	res, err := browser.Fetch(path, false)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if st := res.Get("status").Int(); st != 200 {
		return nil, fmt.Errorf("%s: %d %s", path, st, res.Get("statusText").String())
	}
	data, err := browser.ReadBody(res, maxOpenSize)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return data, nil
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
