//go:build e2e

package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// smallFolder writes n small files into a new folder, as a recordings
// tree holds them: three in four a recording (the hello seed, under a
// new name), the rest Python files, spread over 30 subfolders. It
// returns the folder and how many recordings it holds.
func smallFolder(t *testing.T, n int) (string, int) {
	t.Helper()
	data, err := os.ReadFile(seed(seedHello))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	json := 0
	for i := range n {
		sub := filepath.Join(dir, fmt.Sprintf("suite%02d", i%30), "recordings")
		if err := os.MkdirAll(sub, 0o755); err != nil {
			t.Fatal(err)
		}
		name, body := fmt.Sprintf("%05d-%s", i, seedHello), data
		if i%4 == 3 {
			name, body = fmt.Sprintf("test_%05d.py", i), []byte("def test():\n    pass\n")
		} else {
			json++
		}
		if err := os.WriteFile(filepath.Join(sub, name), body, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir, json
}

// grabFolder is the picker a test gives the page: a capture listener
// takes the next drag and drop away from the app and keeps the dropped
// folder's FileSystemDirectoryHandle (the promise of it), and
// window.showDirectoryPicker answers with it. Headless Chromium cannot
// answer the real picker; a dropped folder's handle is the same kind of
// handle the picker gives.
const grabFolder = `(() => {
	for (const type of ['dragenter', 'dragover', 'drop']) {
		window.addEventListener(type, e => {
			if (!window.__grab) return;
			e.preventDefault();
			e.stopImmediatePropagation();
			if (type === 'drop') {
				window.__picked = e.dataTransfer.items[0].getAsFileSystemHandle();
				window.__grab = false;
			}
		}, true);
	}
	window.showDirectoryPicker = () => window.__picked;
})();
`

// pickFolderOf has the page's folder picker give dir (grabFolder must be
// installed): dropped from the desktop, grabbed before the app hears of
// it.
func (tb *tab) pickFolderOf(dir string) {
	tb.t.Helper()
	tb.do(chromedp.Evaluate[chromedp.Void](`window.__grab = true; window.__picked = null`))
	tb.dropPaths(dir)
	tb.waitFor("the folder's handle", `window.__picked !== null && !window.__grab`)
}

// TestPickFolderFreeze picks a folder of 3,000 small files with Folder…:
// it comes through the browser's folder picker (handed a real folder's
// handle, grabFolder), is walked by its handle, and its recordings are
// indexed; the folder input never fires. The page's longest freeze (the
// longest gap between animation frames) from the click until the index is
// read is logged, not judged: speed is make bench's (TestBenchPickFolder).
// Through the input, the browser made a File of each of the 3,000 files
// before the page heard of the pick, a freeze of most of a second (0.8 s
// here) the page could do nothing about.
func TestPickFolderFreeze(t *testing.T) {
	dir, n := smallFolder(t, 3000)
	tb := newTab(t)
	tb.beforePage(frameHooks + grabFolder)
	tb.open("/")
	tb.do(chromedp.Evaluate[chromedp.Void](`window.__changed = 0; document.addEventListener('change', e => { if (e.target.dataset.testid === 'folder-input') window.__changed++; }, true)`))
	tb.pickFolderOf(dir)
	tb.do(chromedp.Evaluate[chromedp.Void](`window.__resetGaps()`))
	tb.do(chromedp.Click(chromedp.CSS(`label:has(` + sel("folder-input") + `)`)))
	tb.waitForWithin(60*time.Second, "the picked folder's index", `document.querySelector('[data-testid=index-progress]') === null && document.querySelectorAll('[data-testid=index-row]').length === `+strconv.Itoa(min(n, 500)))
	if got, _ := tb.text(sel("index-status")); !strings.HasPrefix(got, strconv.Itoa(n)+" files,") {
		t.Errorf("index status %q, want %d files", got, n)
	}
	if got := eval[int](tb, "window.__changed"); got != 0 {
		t.Errorf("the folder input fired %d change events: the folder came through it, not the picker", got)
	}
	t.Logf("longest gap between frames from the click to the index: %.0f ms", eval[float64](tb, "window.__maxGap"))
}
