package permalink

import (
	"errors"
	"fmt"
	"net/url"
	"path"
	"strings"
)

// ErrBadURL reports a recording URL that cannot be fetched: not an
// absolute http or https URL.
var ErrBadURL = errors.New("recordings: not an http(s) URL")

// RawURL returns the URL to fetch a recording from, given a URL a reviewer
// copied from a browser:
//
//	https://github.com/OWNER/REPO/blob/REF/PATH  -> https://raw.githubusercontent.com/OWNER/REPO/REF/PATH
//	https://github.com/OWNER/REPO/raw/REF/PATH   -> the same
//	https://raw.githubusercontent.com/...        unchanged
//	https://gist.github.com/USER/ID              -> https://gist.githubusercontent.com/USER/ID/raw
//	https://gist.github.com/USER/ID/raw/...      -> https://gist.githubusercontent.com/USER/ID/raw/...
//	https://gist.githubusercontent.com/USER/ID/raw/... (a gist's "Raw" link) unchanged
//	any other http(s) URL                        unchanged
//
// github.com and gist.github.com pages serve HTML and send no CORS
// headers, and their /raw/ addresses answer with a redirect to the raw
// hosts, which the viewer does not follow; raw.githubusercontent.com and
// gist.githubusercontent.com serve the file itself with
// Access-Control-Allow-Origin: *. So the viewer asks the raw hosts
// directly. The error wraps ErrBadURL for anything but an absolute
// http(s) URL (javascript:, data:, file:, relative paths).
func RawURL(s string) (string, error) {
	s = strings.TrimSpace(s)
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return "", fmt.Errorf("%w: %q", ErrBadURL, s)
	}
	if strings.EqualFold(u.Hostname(), "github.com") || strings.EqualFold(u.Hostname(), "www.github.com") {
		// /OWNER/REPO/blob/REF/PATH...
		parts := strings.SplitN(strings.TrimPrefix(u.EscapedPath(), "/"), "/", 5)
		if len(parts) == 5 && (parts[2] == "blob" || parts[2] == "raw") && parts[4] != "" {
			raw := "https://raw.githubusercontent.com/" + path.Join(parts[0], parts[1], parts[3]) + "/" + parts[4]
			return raw, nil
		}
	}
	if strings.EqualFold(u.Hostname(), "gist.github.com") {
		// /USER/ID, or /USER/ID/raw/...
		parts := strings.SplitN(strings.TrimPrefix(u.EscapedPath(), "/"), "/", 3)
		if len(parts) == 2 {
			parts = append(parts, "")
		}
		if len(parts) == 3 && parts[0] != "" && parts[1] != "" && (parts[2] == "" || parts[2] == "raw" || strings.HasPrefix(parts[2], "raw/")) {
			rest := strings.TrimPrefix(parts[2], "raw") // "" or "/SHA/FILE"
			return "https://gist.githubusercontent.com/" + parts[0] + "/" + parts[1] + "/raw" + rest, nil
		}
	}
	u.Fragment = ""
	return u.String(), nil
}
