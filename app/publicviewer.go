package app

import (
	"errors"
	"net/url"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/app/internal/browser"
	"github.com/recview/recview/recordings/permalink"
)

// defaultViewer is the public viewer the build names (make dist
// VIEWER=https://…, written here by -ldflags -X): where the share panel
// of a page on a loopback address offers the same link, unless the user
// set another (viewerKey). "" for none.
var defaultViewer string

// viewerKey is the localStorage key of the public viewer the user set in
// the share panel.
const viewerKey = "recview.viewer"

// actionSetViewer is the share panel's public viewer address, as typed:
// kept in localStorage ("" forgets it: the build's default again).
const actionSetViewer action[string] = "recview/set-viewer"

// isLoopback reports whether host (a URL's Hostname) names this computer:
// localhost, 127.0.0.0/8, ::1.
func isLoopback(host string) bool {
	host = strings.ToLower(host)
	if host == "localhost" || strings.HasSuffix(host, ".localhost") || host == "::1" {
		return true
	}
	rest, ok := strings.CutPrefix(host, "127.")
	return ok && rest != "" && strings.Trim(rest, "0123456789.") == ""
}

// viewerBase checks the address of a public viewer: an http(s) URL whose
// host is not this computer's. It returns it without query or fragment,
// and with a path ending in "/".
func viewerBase(s string) (string, error) {
	u, err := url.Parse(strings.TrimSpace(s))
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || u.User != nil {
		return "", errors.New("a public viewer's address is an https:// URL, like https://OWNER.github.io/")
	}
	if isLoopback(u.Hostname()) {
		return "", errors.New("that address opens only on this computer too: give the public viewer's")
	}
	u.RawQuery, u.Fragment, u.RawFragment = "", "", ""
	if !strings.HasSuffix(u.Path, "/") {
		u.Path += "/"
		u.RawPath = ""
	}
	return u.String(), nil
}

// onViewer is the link of fragment f on the public viewer at base, or ""
// and why not: a recording loaded from this computer (src= on a
// loopback address, or on the page's own) is out of others' reach.
func onViewer(f permalink.Fragment, base string) (link, why string) {
	for _, s := range f.Sources {
		if s.Kind != permalink.SourceURL {
			continue
		}
		if u, err := url.Parse(s.Value); err != nil || u.Host == "" || isLoopback(u.Hostname()) {
			return "", "This view loads its recording from " + s.Value + ", which opens only on this computer: no public viewer can load it. Put the file at a URL anyone can open (a GitHub file, a gist), open that, and share again."
		}
	}
	return base + "#" + f.String(), ""
}

// localHost is the page's host ("127.0.0.1:8000") when it runs on a
// loopback address, where its links open only on this computer; else "".
func localHost() string {
	if u, err := url.Parse(browser.PageLocation().Origin); err == nil && isLoopback(u.Hostname()) {
		return u.Host
	}
	return ""
}

// publicViewer is the public viewer's address: the user's, else the
// build's; "" for none.
func publicViewer(ctx app.Context) string {
	var s string
	ctx.LocalStorage().Get(viewerKey, &s)
	if base, err := viewerBase(s); err == nil {
		return base
	}
	if base, err := viewerBase(defaultViewer); err == nil {
		return base
	}
	return ""
}

// setViewer keeps the public viewer address the user gave (forgets it for
// ""), and shows the share panel's link on it.
func (v *Viewer) setViewer(s string) {
	st := v.sharing
	if st == nil {
		return
	}
	st.err = ""
	if strings.TrimSpace(s) == "" {
		v.ctx.LocalStorage().Del(viewerKey)
	} else {
		base, err := viewerBase(s)
		if err != nil {
			st.err = "The public viewer: " + err.Error()
			return
		}
		v.ctx.LocalStorage().Set(viewerKey, base)
	}
	v.public(st)
}

// public fills in the share panel's state for a page on a loopback
// address: the public viewer and the link on it, or why there is none.
func (v *Viewer) public(st *shareState) {
	st.local = localHost()
	if st.local == "" || st.frag == nil {
		return
	}
	st.viewer = publicViewer(v.ctx)
	st.public, st.why = onViewer(*st.frag, st.viewer)
	if st.viewer == "" {
		st.public = ""
	}
}
