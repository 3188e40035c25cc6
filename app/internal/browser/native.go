//go:build !js

package browser

import (
	"crypto/sha256"
	"fmt"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/internal/base/gchold"
)

// Outside a browser (the static site generator, go test) there is no page
// to wait for, yield to or read from: these are the *_js.go functions'
// stand-ins, documented there.

// Await returns ErrNoPage: no promise settles outside a page.
func Await(p app.Value) (app.Value, error) { return nil, ErrNoPage }

// NewPromise returns null: there is no Promise outside a page.
func NewPromise(start func(resolve, reject app.Value)) app.Value { return app.Null() }

// Yield returns at once: there is no page to yield to.
func Yield() {}

// NextFrame returns at once: there is no page to draw.
func NextFrame() {}

// Idle returns at once.
func Idle(timeout time.Duration) {}

// Breather returns a pause that lets a held collector collect
// (gchold.Collect) and never yields.
func Breather() func() { return gchold.Collect }

// Response is a fetch answer; outside a page there is none.
type Response struct{}

// Fetch returns ErrNoPage.
func Fetch(url string, crossOrigin bool) (*Response, error) { return nil, ErrNoPage }

// Status returns 0.
func (r *Response) Status() int { return 0 }

// StatusText returns "".
func (r *Response) StatusText() string { return "" }

// URL returns "".
func (r *Response) URL() string { return "" }

// Redirected returns false.
func (r *Response) Redirected() bool { return false }

// Header returns "".
func (r *Response) Header(name string) string { return "" }

// Abort does nothing.
func (r *Response) Abort() {}

// PastLimitError is ReadBody's error for a body longer than its limit:
// the number of bytes it had when it stopped, more than the limit.
type PastLimitError int64

// Error implements error: "more than N bytes".
func (e PastLimitError) Error() string { return fmt.Sprintf("more than %d bytes", int64(e)) }

// ReadBody returns ErrNoPage.
func (r *Response) ReadBody(limit int) ([]byte, error) { return nil, ErrNoPage }

// SHA256 is crypto/sha256's digest of b.
func SHA256(b []byte) [32]byte { return sha256.Sum256(b) }

// StartRead returns null, which Await refuses.
func (f File) StartRead() app.Value { return app.Null() }

// BufferBytes returns nothing: there is no buffer to copy.
func BufferBytes(buf app.Value) []byte { return nil }

// NewBuffer returns null: there is no page to hold a buffer.
func NewBuffer(data []byte) app.Value { return app.Null() }

// CopyBuffer returns dst emptied: there is no buffer to copy.
func CopyBuffer(dst []byte, buf app.Value) []byte { return dst[:0] }

// StartReadAll returns null, which Await refuses.
func StartReadAll(files []File) app.Value { return app.Null() }

// CopyRange returns dst emptied: there is no buffer to copy.
func CopyRange(dst []byte, buf app.Value, off, n int) []byte { return dst[:0] }

// Release does nothing: there is no buffer.
func Release(buf app.Value) {}

// ArrayFrom returns list as it is.
func ArrayFrom(list app.Value) app.Value { return list }

// DroppedEntries returns nothing: there is no drop outside a page.
func DroppedEntries(dt app.Value) ([]app.Value, bool) { return nil, false }

// DroppedHandles returns nil.
func DroppedHandles(dt app.Value) []app.Value { return nil }

// Walking is a folder walk StartListing asked for; outside a page there
// is none.
type Walking struct{}

// StartListing asks for nothing.
func StartListing(promises []app.Value, tests bool) Walking { return Walking{} }

// Asked returns at once.
func (Walking) Asked() {}

// Wait returns ok false, for the caller to try WalkEntries.
func (Walking) Wait() (*Listing, bool, error) { return nil, false, nil }

// WaitAll returns ok false, for the caller to try WalkEntries.
func (Walking) WaitAll() ([]File, bool, error) { return nil, false, nil }

// WalkEntries returns ErrNoPage.
func WalkEntries(entries []app.Value, tests bool) ([]File, error) { return nil, ErrNoPage }

// Download does nothing.
func Download(name, text string) {}

// WriteClipboard returns null: there is no clipboard.
func WriteClipboard(text string) app.Value { return app.Null() }

// HasFolderPicker returns false: there is no page.
func HasFolderPicker() bool { return false }

// PickFolder returns null.
func PickFolder() app.Value { return app.Null() }

// IsAbort reports whether err names an AbortError, as the js build does.
func IsAbort(err error) bool { return err != nil && strings.HasPrefix(err.Error(), "AbortError") }

// Early is a pick or drop before the app ran; outside a page there is none.
type Early struct {
	Kind             string
	Files            app.Value
	Entries, Handles []app.Value
}

// TakeEarly returns nil.
func TakeEarly() []Early { return nil }

// OnLatePick does nothing.
func OnLatePick(func(Early)) {}

// KeptGet returns ErrNoPage: nothing is kept outside a page.
func KeptGet(key string) (app.Value, error) { return nil, ErrNoPage }

// KeptPut returns ErrNoPage.
func KeptPut(key string, v any) error { return ErrNoPage }

// ReadPermission returns null.
func ReadPermission(handle app.Value) app.Value { return app.Null() }

// Resolved returns v.
func Resolved(v app.Value) app.Value { return v }

// FilesOf returns ErrNoPage: there are no File objects outside a page.
func FilesOf(list app.Value, folder bool) ([]File, error) { return nil, ErrNoPage }

// Inputs is 0: outside a page no reader acts on it.
func Inputs() int { return 0 }
