package app

import (
	"errors"
	"fmt"
	"strings"

	"github.com/recview/recview/app/internal/browser"
	"github.com/recview/recview/internal/base/fetchrule"
)

// fetchRecording GETs a recording with the browser's fetch (CORS mode, no
// credentials, no referrer: the site's Referrer-Policy is no-referrer),
// following no redirect. It refuses a redirect (the page reads only what
// the link names, and the browser asked nothing of the address the
// redirect named), answers that are not 200, HTML pages, and bodies
// larger than maxOpenSize: before reading
// them when Content-Length tells the size, else as soon as the download
// passes it. Whatever it refuses, it stops downloading. Errors name src
// and say why. It blocks: call it from a goroutine (ctx.Async).
func fetchRecording(src string) ([]byte, error) {
	res, err := browser.Fetch(src, true)
	if err != nil {
		return nil, fmt.Errorf("%s: cannot fetch it: the server did not allow this page to read it (no CORS header), or it could not be reached", src)
	}
	if err := checkAnswer(src, res); err != nil {
		res.Abort()
		return nil, err
	}
	data, err := res.ReadBody(maxOpenSize)
	if err != nil {
		var past browser.PastLimitError
		if errors.As(err, &past) {
			return nil, tooBig(src, int64(past))
		}
		return nil, fmt.Errorf("%s: the download failed: %v", src, err)
	}
	return data, nil
}

// checkAnswer is fetchRecording's verdict on an answer before its body is
// read: nil, or why it is refused (fetchrule.Refuse).
func checkAnswer(src string, res *browser.Response) error {
	return fetchrule.Refuse(fetchrule.Answer{
		Src: src, Redirected: res.Redirected(), URL: res.URL(), Page: browser.PageLocation().Href,
		Status: res.Status(), StatusText: res.StatusText(),
		ContentType: res.Header("Content-Type"), ContentLength: res.Header("Content-Length"),
	})
}

// fetchStatic GETs one of the site's own files (a gallery sample), up to
// maxOpenSize bytes. Errors name path. It blocks: call it from a
// goroutine (ctx.Async).
func fetchStatic(path string) ([]byte, error) {
	res, err := browser.Fetch(path, false)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if st := res.Status(); st != 200 {
		res.Abort()
		return nil, fmt.Errorf("%s: %d %s", path, st, res.StatusText())
	}
	data, err := res.ReadBody(maxOpenSize)
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
