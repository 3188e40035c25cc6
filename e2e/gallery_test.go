//go:build e2e

package e2e

import (
	"fmt"
	"os"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/recview/recview/recordings"
	"github.com/recview/recview/recordings/reqhash"
)

// gallery opens the landing page and returns the data-file of each
// sample, checking there are 15 distinct ones.
func gallery(t *testing.T, tb *tab) []string {
	t.Helper()
	tb.open("/")
	tb.visible(sel("sample"))
	files := eval[[]string](tb, `Array.from(document.querySelectorAll('[data-testid=sample]'), a => a.dataset.file || "")`)
	if len(files) != 15 {
		t.Fatalf("the gallery has %d samples, want 15: %q", len(files), files)
	}
	seen := map[string]bool{}
	for _, f := range files {
		if f == "" || seen[f] {
			t.Fatalf("sample data-file values must be distinct and non-empty: %q", files)
		}
		seen[f] = true
	}
	return files
}

// checkSample waits for sample file to be open and checks it against the
// core: its name, its hash status, the whole stream (N / N) when it is
// one, and the URL fragment #sample=<file>.
func checkSample(t *testing.T, tb *tab, file string) {
	t.Helper()
	data, err := os.ReadFile(asset(t, "samples", file))
	if err != nil {
		t.Fatalf("sample %s: %v", file, err)
	}
	rec, err := recordings.Parse(file, data)
	if err != nil {
		t.Fatalf("sample %s does not parse in the core: %v", file, err)
	}

	tb.waitTitle(file)
	tb.visible(sel("hash-status"))
	status := eval[string](tb, q(sel("hash-status"))+".dataset.status || ''")
	switch status {
	case "ok", "stale", "mismatch", "unknown":
	default:
		t.Errorf("%s: hash-status data-status=%q, want ok, stale, mismatch or unknown", file, status)
	}
	if want := reqhash.Verify(file, rec.Doc).Status.String(); status != want {
		t.Errorf("%s: hash-status is %q, the core's VerifyHash says %q", file, status, want)
	}
	if st, err := recordings.NewStepper(rec); err == nil {
		tb.waitStep(st.Len(), st.Len())
	}
	if hash := eval[string](tb, "location.hash"); hash != "#v=2&sample="+file {
		t.Errorf("%s: URL fragment %q, want %q", file, hash, "#v=2&sample="+file)
	}
	if msg, ok := tb.text(sel("error")); ok {
		t.Errorf("%s: an error is shown: %q", file, msg)
	}
}

// backToGallery clicks the brand link and waits for the gallery.
func backToGallery(t *testing.T, tb *tab, samples int) {
	t.Helper()
	tb.do(chromedp.Click(chromedp.CSS("a.brand")))
	tb.visible(sel("sample"))
	tb.waitFor("the recording to close", "!"+q(sel("recording-title")))
	if n := eval[int](tb, `document.querySelectorAll('[data-testid=sample]').length`); n != samples {
		t.Fatalf("back on the gallery there are %d samples, want %d", n, samples)
	}
}

// TestGallerySamples clicks every gallery sample on the landing page in
// turn, going back with the brand link between.
func TestGallerySamples(t *testing.T) {
	tb := newTab(t)
	files := gallery(t, tb)
	for _, file := range files {
		link := fmt.Sprintf("%s[data-file=%s]", sel("sample"), jsq(file))
		tb.visible(link)
		tb.do(chromedp.Click(chromedp.CSS(link)))
		checkSample(t, tb, file)
		backToGallery(t, tb, len(files))
	}
	if hash := eval[string](tb, "location.hash"); hash != "" && hash != "#" {
		t.Errorf("URL fragment on the gallery is %q, want none", hash)
	}
}

// TestSampleLinks opens every sample by its link, #sample=<file>, set on
// the landing page (the hashchange a followed link or a pasted URL makes).
func TestSampleLinks(t *testing.T) {
	tb := newTab(t)
	files := gallery(t, tb)
	for _, file := range files {
		tb.do(chromedp.Evaluate[chromedp.Void]("location.hash = " + jsq("#sample="+file)))
		checkSample(t, tb, file)
		backToGallery(t, tb, len(files))
	}
}
