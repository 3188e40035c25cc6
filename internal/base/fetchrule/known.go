package fetchrule

import (
	"net/url"
	"strings"
)

// KnownHosts are the hosts whose recordings a link opens at once, over
// https: GitHub's raw file and gist hosts (a link to a GitHub file or
// gist page is read from them: permalink.RawURL). A link's src= on any
// other host, but the page's own origin, waits for the reader's consent
// (Known): fetching it tells that server the reader's address, and can
// aim the reader's browser at an address of their own network.
var KnownHosts = []string{"raw.githubusercontent.com", "gist.githubusercontent.com"}

// Known reports whether the viewer reads src (an absolute URL, as
// permalink.RawURL gives it) without asking: https on one of
// KnownHosts, or the origin of page (the viewer's own URL: its scheme,
// host and port). A URL that does not parse is not known.
func Known(page, src string) bool {
	u, err := url.Parse(src)
	if err != nil || u.Host == "" {
		return false
	}
	if page != "" && SameOrigin(page, page, src) {
		return true
	}
	if !strings.EqualFold(u.Scheme, "https") || u.Port() != "" && u.Port() != "443" {
		return false
	}
	for _, h := range KnownHosts {
		if strings.EqualFold(u.Hostname(), h) {
			return true
		}
	}
	return false
}
