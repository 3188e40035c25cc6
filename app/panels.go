package app

import (
	"fmt"

	"github.com/recview/recview/recordings"
	"github.com/recview/recview/recordings/permalink"
)

// The panels a permalink can open (panel=, permalink.Fragment.Panel).
// `recview link --panel` knows the same three names.
const (
	panelRequest  = "request"  // what was sent
	panelResponse = "response" // the assembled response
	panelRaw      = "raw"      // the file's JSON
)

// checkPanel reports a fragment whose panel is not one of the viewer's, as
// the link error the page shows: a *recordings.ParseError wrapping
// permalink.ErrBadLink.
func checkPanel(f permalink.Fragment) error {
	switch f.Panel {
	case "", panelRequest, panelResponse, panelRaw:
		return nil
	}
	return &recordings.ParseError{Path: "panel", Err: fmt.Errorf("%w: unknown panel %q (want request, response or raw)", permalink.ErrBadLink, f.Panel)}
}
