//go:build e2e

package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestIndexUnreadableFile drops a folder of small files, one of which
// the browser cannot read (gone.json: deleted after the folder was
// listed, as the page's stand-ins for Blob and File.arrayBuffer make
// it, failing the way Chromium does). The index reads small files
// together, in one read of a Blob made of them: that read fails, so each
// file is read alone, and only gone.json's row says it cannot be read;
// the others are read whole (their hash checks out, the tool call's 18
// chunks are counted).
func TestIndexUnreadableFile(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{seedHello, seedToolCall} {
		data, err := os.ReadFile(seed(name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
		if name == seedHello {
			if err := os.WriteFile(filepath.Join(dir, "gone.json"), data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	tb := newTab(t)
	tb.open("/")
	tb.do(chromedp.Evaluate[chromedp.Void](`(() => {
		const gone = () => Promise.reject(new DOMException('A requested file or directory could not be found at the time an operation was processed.', 'NotFoundError'));
		const B = window.Blob;
		window.__jointReads = 0;
		window.Blob = class extends B {
			constructor(parts, opts) {
				super(parts, opts);
				if (Array.isArray(parts) && parts.length > 1) window.__jointReads++;
				if (Array.isArray(parts) && parts.some(p => p instanceof File && p.name === 'gone.json')) this.arrayBuffer = gone;
			}
		};
		const read = File.prototype.arrayBuffer;
		File.prototype.arrayBuffer = function () { return this.name === 'gone.json' ? gone() : read.call(this); };
	})()`))
	tb.dropPaths(dir)
	tb.waitFor("the index to be read", `document.querySelector('[data-testid=index-progress]') === null && document.querySelectorAll('[data-testid=index-row]').length === 3`)
	if n := eval[int](tb, "window.__jointReads"); n != 1 {
		t.Errorf("%d joint reads of the folder's files, want 1 (the three files at once)", n)
	}
	row := func(name string) string {
		return `document.querySelector('[data-testid=index-row][data-file$=` + jsq(name) + `]')`
	}
	if why := eval[string](tb, row("gone.json")+`.title`); !strings.Contains(why, "cannot read the file") || !strings.Contains(why, "could not be found") {
		t.Errorf("gone.json's row says %q, want that it cannot be read and why", why)
	}
	for _, name := range []string{seedHello, seedToolCall} {
		if why := eval[string](tb, row(name)+`.title`); why != "" {
			t.Errorf("%s: its row says %q, want no error", name, why)
		}
		if hash := eval[string](tb, row(name)+`.querySelector('.badge[class*=hash-]').textContent`); !strings.HasPrefix(hash, "ok") {
			t.Errorf("%s: hash %q, want ok (its name is its request's hash: HASHCHECK.tsv says current)", name, hash)
		}
	}
	if chunks := eval[string](tb, row(seedToolCall)+`.querySelector('td.num').textContent`); chunks != "18" {
		t.Errorf("the tool call's row counts %q chunks, want 18", chunks)
	}
}
