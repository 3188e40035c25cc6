// Package htmlw writes HTML by hand, for the pages the viewer draws as one
// piece of markup (the review page, the replay panels): markup as it is,
// text escaped.
package htmlw

import (
	"html"
	"strconv"
	"strings"
)

// Writer is HTML being written; String returns it.
type Writer struct{ strings.Builder }

// Raw writes markup as it is. The writers are not inlined: inlined at
// each of their hundreds of calls, they made app.wasm far larger.
//
//go:noinline
func (w *Writer) Raw(s ...string) {
	for _, x := range s {
		w.WriteString(x)
	}
}

// Text writes s escaped (html.EscapeString), for text or a quoted
// attribute value.
//
//go:noinline
func (w *Writer) Text(s string) { w.WriteString(html.EscapeString(s)) }

// Num writes n in decimal.
//
//go:noinline
func (w *Writer) Num(n int) { w.WriteString(strconv.Itoa(n)) }
