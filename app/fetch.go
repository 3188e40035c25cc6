package app

import (
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/app/internal/browser"
)

// fetchRecording GETs a recording with the browser's fetch (CORS mode, no
// credentials, no referrer: the site's Referrer-Policy is no-referrer). It
// refuses an answer that came from another origin than src's through a
// redirect (the page reads only what the link names), answers that are
// not 200, HTML pages, and bodies larger than maxOpenSize: before reading
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
// read: nil, or why it is refused.
func checkAnswer(src string, res *browser.Response) error {
	if to := res.URL(); to != "" && !sameOrigin(src, to) {
		return fmt.Errorf("%s: the server redirected to %s, another site; recview reads only the address a link names (open that address yourself if you trust it)", src, to)
	}
	if st := res.Status(); st != 200 {
		return fmt.Errorf("%s: the server answered %d %s", src, st, res.StatusText())
	}
	if mt, _, _ := strings.Cut(res.Header("Content-Type"), ";"); strings.EqualFold(strings.TrimSpace(mt), "text/html") {
		return fmt.Errorf("%s: the server answered with an HTML page, not a recording (on GitHub, use the file's Raw link)", src)
	}
	if n, err := strconv.ParseInt(res.Header("Content-Length"), 10, 64); err == nil && n > maxOpenSize {
		return tooBig(src, n)
	}
	return nil
}

// sameOrigin reports whether the URL to has the origin (scheme, host and
// port) of from, which may be relative to the page (a src= link to the
// site's own files).
func sameOrigin(from, to string) bool {
	page, _ := url.Parse(app.Window().URL().String())
	f, err1 := url.Parse(from)
	t, err2 := url.Parse(to)
	if err1 != nil || err2 != nil {
		return false
	}
	if page != nil {
		f = page.ResolveReference(f)
	}
	return strings.EqualFold(f.Scheme, t.Scheme) && strings.EqualFold(hostPort(f), hostPort(t))
}

// hostPort is u's host with its port, the scheme's default port written
// out, so that https://h and https://h:443 compare equal.
func hostPort(u *url.URL) string {
	if u.Port() != "" {
		return u.Host
	}
	switch strings.ToLower(u.Scheme) {
	case "https":
		return u.Host + ":443"
	case "http":
		return u.Host + ":80"
	}
	return u.Host
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
