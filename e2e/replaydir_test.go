//go:build e2e

package e2e

import (
	"strconv"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/recview/recview/recordings/replay"
)

// TestReplayRecordingDir sets the replay panel's recorder's folder to
// tests/integration/openresponses, as ogx's openresponses-conformance.yml
// sets OGX_TEST_RECORDING_DIR: the panel's "OK name, wrong folder" count
// becomes the core's for that folder (the model list made outside a test
// is found there, the session recordings of common/ no longer are), and
// the default's again when the input is emptied.
func TestReplayRecordingDir(t *testing.T) {
	dir, tree := replayTree(t)
	misplaced := func() string {
		return "OK name, wrong folder: " + strconv.Itoa(len(tree.Report(replay.ReportOptions{}).Misplaced))
	}
	before := misplaced()
	tree.SetRecordingDir("tests/integration/openresponses")
	after := misplaced()
	if after == before {
		t.Fatalf("the folder moves no file in or out of replay's folders (%s)", before)
	}
	summary := q(sel("replay-report")+` details[data-fold=misplaced] > summary`) + `.textContent`

	tb := newTab(t)
	tb.open("/")
	tb.dropPaths(dir)
	tb.visible(sel("replay-recording-dir"))
	tb.waitFor(before, summary+` === `+jsq(before))
	set := func(value string) {
		tb.do(chromedp.Evaluate[chromedp.Void](`(() => { const i = ` + q(sel("replay-recording-dir")) + `; i.focus(); i.select(); })()`))
		tb.do(chromedp.SendKeys(chromedp.CSS(sel("replay-recording-dir")), value+kb.Enter))
	}
	set("tests/integration/openresponses")
	tb.waitFor(after, summary+` === `+jsq(after)+` && `+q(sel("replay-recording-dir"))+`.value === 'tests/integration/openresponses'`)
	tb.click(sel("replay-report") + ` details[data-fold=misplaced] > summary`)
	tb.viewportShot("recording-dir")
	set(kb.Delete)
	tb.waitFor(before+" again", summary+` === `+jsq(before))
}
