//go:build e2e

package e2e

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestFolderAgain picks a folder of 12 recordings, changes it as a
// re-recording would (one file rewritten broken, one deleted, one
// added) and picks it again in the same page: the status says the 10
// unchanged files were not read again, the rewritten file is an error
// row, the deleted one is gone, the new one is a row, and an unchanged
// row still opens its file; the replay report is made of all 12. A
// third pick reads none.
func TestFolderAgain(t *testing.T) {
	dir := folderOf(t, 12)
	names, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil || len(names) != 12 {
		t.Fatalf("the folder holds %d files (%v)", len(names), err)
	}
	rewritten, deleted, kept := names[0], names[1], names[2]
	tb := newTab(t)
	tb.open("/")
	pick := func(shown string) string {
		tb.do(chromedp.SetUploadFiles(chromedp.CSS(sel("folder-input")), []string{dir}))
		tb.waitFor("the folder read", q(sel("index-status"))+`?.textContent.includes('read in') && `+q(`[data-testid=index-row][data-file$=`+jsq(filepath.Base(shown))+`]`)+` !== null`)
		s, _ := tb.text(sel("index-status"))
		return s
	}
	if s := pick(deleted); strings.Contains(s, "unchanged") {
		t.Errorf("the first pick says %q: nothing was read before", s)
	}
	if tb.hasRow(rewritten, `:has(.badge.hash-error:not([data-testid]))`) {
		t.Fatalf("%s is an error row before it is rewritten", filepath.Base(rewritten))
	}

	if err := os.WriteFile(rewritten, []byte(`{"request": {"method": "POST"`), 0o644); err != nil {
		t.Fatal(err)
	}
	later := time.Now().Add(time.Minute)
	if err := os.Chtimes(rewritten, later, later); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(deleted); err != nil {
		t.Fatal(err)
	}
	added := filepath.Join(dir, "9999-"+seedHello)
	if err := os.WriteFile(added, mustRead(t, seed(seedHello)), 0o644); err != nil {
		t.Fatal(err)
	}
	if s := pick(added); !strings.Contains(s, "12 files") || !strings.Contains(s, "(10 files unchanged since the last read)") {
		t.Errorf("the second pick says %q, want 12 files, 10 of them unchanged", s)
	}
	if !tb.hasRow(rewritten, `:has(.badge.hash-error:not([data-testid]))`) {
		t.Errorf("the rewritten %s is no error row", filepath.Base(rewritten))
	}
	if tb.hasRow(deleted, "") {
		t.Errorf("the deleted %s is still a row", filepath.Base(deleted))
	}
	if !tb.hasRow(added, "") {
		t.Errorf("the added %s is no row", filepath.Base(added))
	}
	// The folder's worker has every file's part of the replay report,
	// the unchanged files' from the first read.
	tb.waitFor("the replay report", q(sel("replay-report"))+` !== null && !`+q(sel("replay-report"))+`.textContent.includes('comparing their requests')`)
	if msg, _ := tb.text(sel("replay-report")); strings.Contains(msg, "could not be made") {
		t.Errorf("the replay report failed after the second pick: %s", msg)
	}
	tb.click(`[data-testid=index-row][data-file$=` + jsq(filepath.Base(kept)) + `] td.file button`)
	tb.waitTitle(filepath.Base(kept))

	// A third pick, nothing changed: every file comes from the second
	// read, those it took from the first included.
	tb.do(chromedp.SetUploadFiles(chromedp.CSS(sel("folder-input")), []string{dir}))
	tb.waitFor("the third read", q(sel("index-status"))+`?.textContent.includes('(12 files unchanged since the last read)')`)
}

// hasRow reports whether the index shows a row of the file at path (by
// its base name), matching the CSS filter more when not "".
func (tb *tab) hasRow(path, more string) bool {
	tb.t.Helper()
	return eval[bool](tb, `document.querySelector('[data-testid=index-row][data-file$=`+jsq(filepath.Base(path))+`]`+more+`') !== null`)
}

// TestFolderOpenAgain drops a folder of 12 recordings (read through its
// handle), changes two files and clicks Open again: only those two are
// read. After a reload Open again is still there (its handle kept in
// IndexedDB), and a new drop of the folder reads none of its unchanged
// files (the index kept too); then Open again reads the folder.
func TestFolderOpenAgain(t *testing.T) {
	dir := folderOf(t, 12)
	names, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil || len(names) != 12 {
		t.Fatalf("the folder holds %d files (%v)", len(names), err)
	}
	tb := newTab(t)
	tb.open("/")
	status := func(want string) string {
		tb.waitFor("the index status "+want, q(sel("index-status"))+`?.textContent.includes(`+jsq(want)+`)`)
		s, _ := tb.text(sel("index-status"))
		return s
	}
	tb.dropPaths(dir)
	status("read in")
	tb.visible(sel("folder-again"))
	if label, _ := tb.text(sel("folder-again")); !strings.Contains(label, filepath.Base(dir)) {
		t.Errorf("Open again reads %q, want the folder's name %s", label, filepath.Base(dir))
	}

	touchFiles(t, dir, 2)
	tb.click(sel("folder-again"))
	defer tb.screenshotView("open-again")
	status("(10 files unchanged since the last read)")
	tb.waitKept(names[0])

	tb.reload()
	tb.visible(sel("folder-again"))
	touchFiles(t, dir, 1) // one more change
	tb.dropPaths(dir)
	status("(11 files unchanged since the last read)")
	tb.waitKept(names[0])

	tb.reload()
	tb.visible(sel("folder-again"))
	tb.click(sel("folder-again"))
	tb.waitFor("the folder read, or an error", q(sel("index-status"))+`?.textContent.includes('read in') || `+q(sel("error"))+` !== null`)
	if msg, _ := tb.text(sel("error")); msg != "" {
		t.Errorf("Open again after a reload: %s", msg)
	} else if s, _ := tb.text(sel("index-status")); !strings.Contains(s, "(12 files unchanged since the last read)") {
		t.Errorf("Open again after a reload says %q, want all 12 unchanged", s)
	}
}

// touchFiles changes n files of dir as a re-recording would: each gets a
// line more (still the same JSON), so its size and last change differ.
func touchFiles(t *testing.T, dir string, n int) {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil || len(names) < n {
		t.Fatalf("%s holds %d .json files (%v), want %d to change", dir, len(names), err, n)
	}
	for _, p := range names[:n] {
		f, err := os.OpenFile(p, os.O_APPEND|os.O_WRONLY, 0)
		if err == nil {
			_, err = f.WriteString("\n")
			err = errors.Join(err, f.Close())
		}
		if err != nil {
			t.Fatal(err)
		}
	}
}

// waitKept waits until the index the page keeps in IndexedDB (database
// "recview", store "kept", key "index") holds the file at path with its
// size now (JSON bytes in an ArrayBuffer): the page writes it once a
// folder is read, after the status.
func (tb *tab) waitKept(path string) {
	tb.t.Helper()
	info, err := os.Stat(path)
	if err != nil {
		tb.t.Fatal(err)
	}
	want := jsq(filepath.Base(path) + "\x00" + fmt.Sprint(info.Size()) + "\x00")
	tb.do(chromedp.Evaluate[chromedp.Void](`window.__kept = false; (function poll() {
		const open = indexedDB.open("recview");
		open.onsuccess = () => {
			const get = open.result.transaction("kept").objectStore("kept").get("index");
			get.onsuccess = () => { open.result.close(); if (get.result instanceof ArrayBuffer && JSON.parse(new TextDecoder().decode(get.result)).entries.some(e => e.k.includes(` + want + `))) window.__kept = true; else setTimeout(poll, 50); };
		};
	})()`))
	tb.waitFor("the index kept in IndexedDB", "window.__kept")
}
