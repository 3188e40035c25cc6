package github

import (
	"errors"
	"fmt"
	"strconv"
	"time"
)

// RateLimit is what an API answer says of the caller's rate limit, from
// its x-ratelimit-limit, x-ratelimit-remaining and x-ratelimit-reset
// headers (GitHub exposes them to cross-origin pages).
type RateLimit struct {
	Known     bool // the answer had x-ratelimit-remaining
	Limit     int  // requests per window: 60 an hour without signing in
	Remaining int
	// Reset is when the window ends and Remaining is Limit again (the
	// header is in seconds since 1970, UTC); zero when not said.
	Reset time.Time
}

// ParseRateLimit reads the rate-limit headers through header, which
// returns a header's value or "" (the browser's Headers.get). Headers
// that are absent or not numbers leave their fields zero; Known says
// whether x-ratelimit-remaining was read.
func ParseRateLimit(header func(name string) string) RateLimit {
	var r RateLimit
	if n, err := strconv.Atoi(header("x-ratelimit-remaining")); err == nil && n >= 0 {
		r.Known, r.Remaining = true, n
	}
	if n, err := strconv.Atoi(header("x-ratelimit-limit")); err == nil && n >= 0 {
		r.Limit = n
	}
	if n, err := strconv.ParseInt(header("x-ratelimit-reset"), 10, 64); err == nil && n > 0 {
		r.Reset = time.Unix(n, 0)
	}
	return r
}

// String says how many requests are left: "57 of 60 GitHub API requests
// left", "" when not known.
func (r RateLimit) String() string {
	if !r.Known {
		return ""
	}
	if r.Limit > 0 {
		return fmt.Sprintf("%d of %d GitHub API requests left", r.Remaining, r.Limit)
	}
	return fmt.Sprintf("%d GitHub API requests left", r.Remaining)
}

// ErrRateLimited reports an answer refused because the rate limit is
// spent; the error is a *StatusError that says when it resets.
var ErrRateLimited = errors.New("github: rate limit exceeded")

// ErrNotFound reports a 404: no such repository, pull request or ref, or
// a private repository.
var ErrNotFound = errors.New("github: not found")

// StatusError is an API answer other than 200.
type StatusError struct {
	URL     string
	Status  int
	Message string    // GitHub's message, "" when the body had none
	Limit   RateLimit // the answer's rate limit
	Now     time.Time // when the answer came, to say how long until Reset
}

// CheckStatus returns nil for a 200 answer, else a *StatusError: one that
// wraps ErrRateLimited for a 403 or 429 with x-ratelimit-remaining 0, and
// ErrNotFound for a 404. body is the answer's body (for GitHub's message),
// now the time of the answer.
func CheckStatus(url string, status int, limit RateLimit, body []byte, now time.Time) error {
	if status == 200 {
		return nil
	}
	return &StatusError{URL: url, Status: status, Message: Message(body), Limit: limit, Now: now}
}

// Unwrap says what kind of refusal it is: ErrRateLimited, ErrNotFound or
// none.
func (e *StatusError) Unwrap() error {
	switch {
	case (e.Status == 403 || e.Status == 429) && e.Limit.Known && e.Limit.Remaining == 0:
		return ErrRateLimited
	case e.Status == 404:
		return ErrNotFound
	}
	return nil
}

// Error says what happened and what to do: for a spent rate limit, when
// it resets, in UTC and as a wait ("at 14:05 UTC, in 12 minutes").
func (e *StatusError) Error() string {
	switch e.Unwrap() {
	case ErrRateLimited:
		msg := fmt.Sprintf("GitHub's API limit for this address is spent (%d requests an hour without signing in)", e.Limit.Limit)
		if !e.Limit.Reset.IsZero() {
			wait := max(0, e.Limit.Reset.Sub(e.Now)).Round(time.Minute)
			msg += fmt.Sprintf(": it resets at %s UTC, in %s", e.Limit.Reset.UTC().Format("15:04"), minutes(wait))
		}
		return msg + ". recview does not retry; reload then, or review the two folders from a clone (recview review BASE HEAD)."
	case ErrNotFound:
		return fmt.Sprintf("%s: GitHub answered 404: no such repository, pull request or ref, or the repository is private (recview reads public repositories only)", e.URL)
	}
	msg := fmt.Sprintf("%s: GitHub answered %d", e.URL, e.Status)
	if e.Message != "" {
		msg += ": " + e.Message
	}
	return msg
}

// minutes says a wait in whole minutes: "less than a minute", "1 minute",
// "12 minutes".
func minutes(d time.Duration) string {
	m := int(d / time.Minute)
	switch m {
	case 0:
		return "less than a minute"
	case 1:
		return "1 minute"
	}
	return fmt.Sprintf("%d minutes", m)
}
