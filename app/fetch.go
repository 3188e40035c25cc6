package app

import (
	"fmt"
	"io"
	"mime"
	"net/http"
	"strings"
)

// fetchRecording GETs a recording with the browser's fetch (CORS mode, no
// credentials, no referrer: the site's Referrer-Policy is no-referrer). It
// refuses answers that are not 200, HTML pages, and bodies larger than
// maxOpenSize, before reading them when the headers tell the size.
func fetchRecording(src string) ([]byte, error) {
	res, err := http.Get(src)
	if err != nil {
		return nil, fmt.Errorf("%s: cannot fetch it: the server did not allow this page to read it (no CORS header), or it could not be reached", src)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("%s: the server answered %s", src, res.Status)
	}
	if mt, _, _ := mime.ParseMediaType(res.Header.Get("Content-Type")); mt == "text/html" {
		return nil, fmt.Errorf("%s: the server answered with an HTML page, not a recording (on GitHub, use the file's Raw link)", src)
	}
	if res.ContentLength > maxOpenSize {
		return nil, tooBig(src, res.ContentLength)
	}
	data, err := io.ReadAll(io.LimitReader(res.Body, maxOpenSize+1))
	if err != nil {
		return nil, fmt.Errorf("%s: the download failed: %v", src, err)
	}
	if len(data) > maxOpenSize {
		return nil, tooBig(src, int64(len(data)))
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
