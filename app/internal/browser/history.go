package browser

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// HistoryState is the state object of one of the browser's history
// entries, read field by field: the page writes its own entries' (with
// PushState and ReplaceState); the user's entries have none (the zero
// HistoryState, whose fields all read as zero).
type HistoryState struct{ v app.Value }

// field is the state's field key, nil when there is no state.
func (s HistoryState) field(key string) app.Value {
	if s.v == nil || !s.v.Truthy() {
		return nil
	}
	return s.v.Get(key)
}

// String is the text in the field key, "" when the state has no such
// field.
func (s HistoryState) String(key string) string {
	f := s.field(key)
	if f == nil || !f.Truthy() {
		return ""
	}
	return f.String()
}

// Int is the number in the field key, 0 when the state has no such field;
// the field must not hold anything else.
func (s HistoryState) Int(key string) int {
	f := s.field(key)
	if f == nil || !f.Truthy() {
		return 0
	}
	return f.Int()
}

// Bool reports whether the field key is true (truthy).
func (s HistoryState) Bool(key string) bool {
	f := s.field(key)
	return f != nil && f.Truthy()
}

// history is the page's History object, nil outside a page.
func history() app.Value {
	if h := app.Window().Get("history"); h.Truthy() {
		return h
	}
	return nil
}

// CurrentState is the state of the current history entry (history.state).
func CurrentState() HistoryState {
	if h := history(); h != nil {
		return HistoryState{h.Get("state")}
	}
	return HistoryState{}
}

// PushState makes a new history entry at url (a URL relative to the
// page's, or absolute on its origin) with state, whose values are
// strings, numbers and booleans (history.pushState): the entries after
// the current one are dropped, as for any new entry.
func PushState(state map[string]any, url string) {
	if h := history(); h != nil {
		h.Call("pushState", state, "", url)
	}
}

// ReplaceState writes state (as PushState's) and url into the current
// history entry (history.replaceState); url "" keeps the entry's URL.
func ReplaceState(state map[string]any, url string) {
	h := history()
	switch {
	case h == nil:
	case url == "":
		h.Call("replaceState", state, "")
	default:
		h.Call("replaceState", state, "", url)
	}
}

// OnPopState calls f, on the page's event loop, with the state of each
// history entry Back or Forward brings back (popstate): while f runs the
// URL is already the entry's.
func OnPopState(f func(HistoryState)) {
	Listen("popstate", false, func(e Event) { f(HistoryState{e.v.Get("state")}) })
}

// Location is the page's address (window.location) in the parts the
// viewer uses.
type Location struct {
	Href   string // the whole address
	Origin string // scheme, host and port: "https://example.com"
	Path   string // the path and the query: "/v/?a=1"
	Hash   string // the fragment with its "#", "" when there is none
}

// PageLocation is the page's address now.
func PageLocation() Location {
	loc := app.Window().Get("location")
	return Location{
		Href: loc.Get("href").String(), Origin: loc.Get("origin").String(),
		Path: loc.Get("pathname").String() + loc.Get("search").String(), Hash: loc.Get("hash").String(),
	}
}
