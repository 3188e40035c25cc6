// Package fetchrule says whether the viewer reads a recording a server
// answered, before it reads the body: the rules app.wasm's fetch and the
// page's worker's (wasm/worker) share. The page reads only what a link
// names and asks no other address: its fetches follow no redirect
// (fetch's redirect: "manual", so the browser never asks the address a
// redirect names), and a redirect is refused; so are answers other than
// 200, HTML pages (a GitHub file page rather than its raw file) and
// bodies past MaxRecording. Whoever gets a refusal must stop the download
// (abort the request).
package fetchrule

import (
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
)

// MaxRecording is the largest recording the viewer opens, in bytes: a
// decoded recording takes several times its size in the page's memory,
// and a WebAssembly page has 4 GB at most. The CLI reads up to
// recordings.MaxSize.
const MaxRecording = 64 << 20

// Answer is what a fetch of a recording answered, before its body is
// read.
type Answer struct {
	// Src is the URL asked for, as the link gave it (it may be relative
	// to Page).
	Src string
	// Redirected is true when the answer is a redirect the browser did
	// not follow (an "opaqueredirect" Response: its status and target
	// are hidden from the page).
	Redirected bool
	// URL is the URL the answer came from, "" when unknown: Src's unless
	// a browser followed a redirect despite being asked not to.
	URL string
	// Page is the page's own URL, which a relative Src is resolved
	// against; "" in a worker given absolute URLs only.
	Page string
	// Status and StatusText are the HTTP status, like 200 and "OK".
	Status     int
	StatusText string
	// ContentType and ContentLength are those headers' values, "" when
	// absent.
	ContentType, ContentLength string
}

// Refuse returns why a is not read, naming a.Src, or nil: a redirect
// (ErrRedirect), an answer from another origin than Src's (scheme, host
// and port), a status other than 200, an HTML page, or a Content-Length
// past MaxRecording.
func Refuse(a Answer) error {
	if a.Redirected {
		return Redirect(a.Src)
	}
	if a.URL != "" && !SameOrigin(a.Page, a.Src, a.URL) {
		return fmt.Errorf("%s: the server redirected to %s, another site; recview reads only the address a link names (open that address yourself if you trust it)", a.Src, a.URL)
	}
	if a.Status != 200 {
		return errors.New(strings.TrimSpace(fmt.Sprintf("%s: the server answered %d %s", a.Src, a.Status, a.StatusText)))
	}
	if mt, _, _ := strings.Cut(a.ContentType, ";"); strings.EqualFold(strings.TrimSpace(mt), "text/html") {
		return fmt.Errorf("%s: the server answered with an HTML page, not a recording (on GitHub, use the file's Raw link)", a.Src)
	}
	if n, err := strconv.ParseInt(a.ContentLength, 10, 64); err == nil && n > MaxRecording {
		return TooBig(a.Src, n)
	}
	return nil
}

// ErrRedirect is wrapped by the error for an answer that is a redirect.
var ErrRedirect = errors.New("the server answered with a redirect")

// Redirect is the error for src's answer when it is a redirect, which the
// viewer does not follow: the browser asked nothing of the address it
// names. It wraps ErrRedirect.
func Redirect(src string) error {
	return fmt.Errorf("%s: %w; recview follows none and reads only the address a link names (open the link in a tab to see where it leads, and give that address if you trust it)", src, ErrRedirect)
}

// TooBig is the error for a file or download of size bytes, past
// MaxRecording, named what.
func TooBig(what string, size int64) error {
	return fmt.Errorf("%s: %.1f MB is more than the viewer opens (%d MB); the recview CLI reads it (recview show FILE)",
		what, float64(size)/(1<<20), MaxRecording>>20)
}

// SameOrigin reports whether the URL to has the origin (scheme, host and
// port, a default port written or not) of from, which may be relative to
// page. A URL that does not parse has no origin.
func SameOrigin(page, from, to string) bool {
	f, err1 := url.Parse(from)
	t, err2 := url.Parse(to)
	if err1 != nil || err2 != nil {
		return false
	}
	if p, err := url.Parse(page); page != "" && err == nil {
		f = p.ResolveReference(f)
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
