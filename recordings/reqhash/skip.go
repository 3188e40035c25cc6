package reqhash

import (
	"errors"
	"strings"

	"github.com/recview/recview/recordings"
)

// The reasons Skip gives.
const (
	// SkipNotRecording is JSON that is not a recording: not an object
	// with the "request" and "response" objects the recorder writes
	// (recordings.ErrNotRecording), or one whose fields have types the
	// recorder never writes (recordings.ErrBadField).
	SkipNotRecording = "not a recording"
	// SkipNotJSON is a file that does not parse as JSON: JSON with
	// comments, another format.
	SkipNotJSON = "not JSON"
)

// Skip says why a file at path p (slash-separated), which
// recordings.Parse refused with err, is taken as some other file rather
// than a broken recording: SkipNotRecording or SkipNotJSON. Such a file
// (ogx's tests/integration/ci_matrix.json, its test_cases/**.json, a
// tsconfig.json) is listed apart with the reason, never dropped. Skip is
// "" for a file that must be shown as a broken recording: one where
// recordings are kept (a name that holds a request hash, FromName, which
// replay looks files up by; or a folder named "recordings", at any depth,
// where ogx's recorder writes), or one Parse did not read at all
// (recordings.ErrTooLarge), whatever it holds.
//
// It is the one rule of `recview review` (its Result.Skipped) and of the
// viewer's folder index (which lists these files above its table), so
// that the two agree; app.wasm links this package and not the review's.
func Skip(p string, err error) string {
	switch {
	case err == nil || kept(p) || errors.Is(err, recordings.ErrTooLarge):
		return ""
	case errors.Is(err, recordings.ErrNotRecording) || errors.Is(err, recordings.ErrBadField):
		return SkipNotRecording
	}
	return SkipNotJSON
}

// kept reports a path where a recording is kept: a name that holds a
// request hash, or a folder named "recordings".
func kept(p string) bool {
	if _, ok := FromName(p); ok {
		return true
	}
	return strings.HasPrefix(p, "recordings/") || strings.Contains(p, "/recordings/")
}
