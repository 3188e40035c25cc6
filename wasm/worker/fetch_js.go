//go:build js

package main

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/recview/recview/internal/base/fetchrule"
	"github.com/recview/recview/internal/base/jsweb"
)

// The viewer's limits on what it downloads (app/limits.go, app/fetch.go):
// the largest recording it opens, and the largest API answer it reads.
const (
	maxOpenSize  = fetchrule.MaxRecording
	maxAPIAnswer = 32 << 20
)

// jsFetch is the worker's fetcher: the browser's fetch in CORS mode,
// without credentials or referrer, following no redirect (jsweb.Fetch),
// whose download stops as soon as it is refused or passes its limit. A
// redirect is refused, from the API as from the raw host: the browser
// asked nothing of the address it named. A recording's download follows
// app/fetch.go's fetchRecording: only 200, no HTML page, at most
// maxOpenSize bytes (refused from its Content-Length before it is read,
// else as soon as the download passes it); a download take refuses
// stops at once (errOverBudget).
func jsFetch(src string, recording bool, take func(n int) bool) (*answer, error) {
	res, err := jsweb.Fetch(src, true)
	if err != nil {
		return nil, fmt.Errorf("%s: cannot fetch it: the server did not allow this page to read it (no CORS header), or it could not be reached", src)
	}
	if res.Redirected() {
		res.Abort()
		if !recording {
			return nil, fmt.Errorf("%w (GitHub's API answers so for a repository renamed or moved: open the pull request under the repository's current name)", fetchrule.Redirect(src))
		}
		return nil, fetchrule.Redirect(src)
	}
	a := &answer{status: res.Status(), header: res.Header}
	limit := maxAPIAnswer
	if recording {
		limit = maxOpenSize
		if err := fetchrule.Refuse(fetchrule.Answer{
			Src: src, URL: res.URL(), Status: a.status,
			ContentType: a.header("Content-Type"), ContentLength: a.header("Content-Length"),
		}); err != nil {
			res.Abort()
			return nil, err
		}
	}
	size, err := strconv.Atoi(a.header("Content-Length"))
	sized := err == nil && size >= 0
	if recording && take != nil && sized {
		if take = reserve(size, take); take == nil {
			res.Abort()
			return nil, fmt.Errorf("%s: %w", src, errOverBudget)
		}
	}
	if recording && sized && size <= limit {
		// Its size known and allowed (fetchrule.Refuse, reserve): read
		// whole, as the browser holds it, and kept to hand the page.
		buf, err := res.ArrayBuffer()
		if err != nil {
			return nil, fmt.Errorf("%s: the download failed: %v", src, err)
		}
		if n := buf.Get("byteLength").Int(); n > limit {
			return nil, fetchrule.TooBig(src, int64(n))
		}
		a.body, a.raw = jsweb.Bytes(buf), buf
		return a, nil
	}
	a.body, err = res.ReadBodyTaking(limit, take)
	var past jsweb.PastLimitError
	switch {
	case errors.Is(err, jsweb.ErrTaken):
		return nil, fmt.Errorf("%s: %w", src, errOverBudget)
	case errors.As(err, &past) && recording:
		return nil, fetchrule.TooBig(src, int64(past))
	case errors.As(err, &past):
		return nil, fmt.Errorf("%s: the answer passed %d MB, the most the review reads of an API answer: GitHub sends no such answer", src, maxAPIAnswer>>20)
	case err != nil:
		return nil, fmt.Errorf("%s: the download failed: %v", src, err)
	}
	return a, nil
}

// reserve takes a recording's whole size (its Content-Length) from take
// before its body is read: downloads under way at once then never share
// the budget out so thinly that none of them finishes. It returns the
// take to read the body with (the reserved bytes first, take for any the
// server sends past its Content-Length), or nil when take refused the
// size.
func reserve(size int, take func(n int) bool) func(n int) bool {
	if !take(size) {
		return nil
	}
	return func(n int) bool {
		if size >= n {
			size -= n
			return true
		}
		n -= size
		size = 0
		return take(n)
	}
}
