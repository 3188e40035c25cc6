//go:build js

package browser

import "github.com/recview/recview/internal/base/jsweb"

// Response is the answer to a Fetch whose body has not been read
// (jsweb.Response): Status, StatusText, URL, Header, Abort and ReadBody.
type Response = jsweb.Response

// PastLimitError is ReadBody's error for a body longer than its limit:
// the number of bytes it had when it stopped, more than the limit.
type PastLimitError = jsweb.PastLimitError

// Fetch calls window.fetch(url) with an AbortController of its own and
// waits for the Response, which it returns whatever its status;
// crossOrigin asks for CORS mode without credentials or referrer
// (jsweb.Fetch). The error is the rejection's text. It blocks: call it
// from a goroutine (ctx.Async).
func Fetch(url string, crossOrigin bool) (*Response, error) { return jsweb.Fetch(url, crossOrigin) }
