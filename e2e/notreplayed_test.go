//go:build e2e

package e2e

import (
	"strings"
	"testing"
)

// TestNotReplayedBadge opens a file processor's recording: its badge says
// replay never looks it up, never "mismatch" (reqhash.NotReplayed).
func TestNotReplayedBadge(t *testing.T) {
	tb := newTab(t)
	tb.open("/")
	tb.upload(corpus("tests__integration__responses__recordings__268e65efffed6ba43c3c66d97dddf134f48456bf3a9ac1ba5ecf38fe50c39044.json"))
	tb.visible(sel("hash-status"))
	text, _ := tb.text(sel("hash-status"))
	status := eval[string](tb, q(sel("hash-status"))+".dataset.status")
	title := eval[string](tb, q(sel("hash-status"))+".title")
	if text != "not replayed" || status != "not-replayed" || !strings.HasPrefix(title, "file processors are not replayed: today's recorder makes the real call") {
		t.Errorf("badge %q, data-status %q, title %q", text, status, title)
	}
}
