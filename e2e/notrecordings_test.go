//go:build e2e

package e2e

import (
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/recview/recview/recordings"
	"github.com/recview/recview/recordings/replay"
	"github.com/recview/recview/recordings/reqhash"
)

// brokenRecording is the truncated recording TestNotRecordingsApart adds
// to ogx's tests/integration: a hashed name in a recordings folder, which
// the index must show as a broken recording.
const brokenRecording = "integration/agents/recordings/" + "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff.json"

// ogxIntegration copies testdata/ogx-integration/integration (a real
// subset of ogx's tests/integration, see its NOTICE) under a new folder,
// with brokenRecording (the first half of its agents recording) added, and
// returns the copy's path and its files by the paths the page names them
// with ("integration/…").
func ogxIntegration(t *testing.T) (string, map[string][]byte) {
	t.Helper()
	src := filepath.Join("testdata", "ogx-integration")
	dst := t.TempDir()
	files := map[string][]byte{}
	err := filepath.WalkDir(filepath.Join(src, "integration"), func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		data, err := os.ReadFile(p)
		files[filepath.ToSlash(rel)] = data
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	agents := files["integration/agents/recordings/bd978bcd8997356a248151bfdf1ea2ba4d937215e922091fcba43b3eec385883.json"]
	if agents == nil {
		t.Fatal("the agents recording is not in testdata")
	}
	files[brokenRecording] = agents[:len(agents)/2]
	for p, data := range files {
		full := filepath.Join(dst, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return filepath.Join(dst, "integration"), files
}

// TestNotRecordingsApart picks ogx's tests/integration itself (a real
// subset, with a truncated recording added) with Folder…: its JSON files
// that are not recordings (ci_matrix.json, a test_cases file,
// client-typescript's configs) are no rows of the table but one line
// above it, "5 JSON files are not recordings", that opens on each path
// and why: the files and reasons the core's rule (reqhash.Skip, the
// review's) gives. The truncated recording, in a recordings folder, is
// the table's one error row. The replay panel knows where replay looks
// (the folder is tests/integration): no "not known", and the ok
// recording made outside a test in openresponses/recordings is "OK name,
// wrong folder" as the core says, replay looking in
// integration/common/recordings; its link opens it. The panel counts the
// files that are not recordings and the broken one as the index does.
func TestNotRecordingsApart(t *testing.T) {
	dir, files := ogxIntegration(t)
	want := map[string]string{} // the files the core skips, and why
	var recs []string           // the table's rows
	var tree []replay.File
	for p, data := range files {
		tree = append(tree, replay.File{Path: p, Data: data})
		if _, err := recordings.Parse(path.Base(p), data); err != nil {
			if why := reqhash.Skip(p, err); why != "" {
				want[p] = why
				continue
			}
		}
		recs = append(recs, p)
	}
	slices.Sort(recs)
	if len(want) != 5 || len(recs) != 5 {
		t.Fatalf("the core skips %d files (%q) and keeps %d: want 5 and 5", len(want), slices.Sorted(maps.Keys(want)), len(recs))
	}
	rep := replay.Analyze(tree).Report(replay.ReportOptions{})
	if len(rep.Misplaced) != 1 {
		t.Fatalf("the core finds %d misplaced recordings, want the one of openresponses", len(rep.Misplaced))
	}
	misplaced := rep.Misplaced[0]

	tb := newTab(t)
	tb.beforePage(grabFolder)
	tb.open("/")
	tb.pickFolderOf(dir)
	tb.do(chromedp.Click(chromedp.CSS(`label:has(` + sel("folder-input") + `)`)))
	tb.waitForWithin(30*time.Second, "the index", `document.querySelector('[data-testid=index-progress]') === null && (`+q(sel("index-status"))+` || {textContent: ''}).textContent.includes('read in')`)

	if s, _ := tb.text(sel("index-status")); !strings.HasPrefix(s, strconv.Itoa(len(files))+" files, read in") {
		t.Errorf("index status %q, want %d files and no row count", s, len(files))
	}
	rows := eval[[]string](tb, `[...document.querySelectorAll('[data-testid=index-row]')].map(r => r.dataset.file).sort()`)
	if !slices.Equal(rows, recs) {
		t.Errorf("rows %q, want the recordings %q", rows, recs)
	}
	errs := eval[[]string](tb, `[...document.querySelectorAll('[data-testid=index-row]')].filter(r => r.querySelector('.badge.hash-error:not([data-testid])')).map(r => r.dataset.file)`)
	if !slices.Equal(errs, []string{brokenRecording}) {
		t.Errorf("error rows %q, want the truncated recording alone", errs)
	}

	line := sel("index-not-recordings")
	if got, _ := tb.text(line + " > summary"); got != "5 JSON files are not recordings" {
		t.Errorf("the line reads %q", got)
	}
	if eval[bool](tb, q(line)+`.open`) {
		t.Error("the list is open before it is asked for")
	}
	tb.click(line + " > summary")
	tb.visible(line + " li")
	listed := eval[map[string]string](tb, `Object.fromEntries([...document.querySelectorAll('[data-testid=index-not-recordings] li')].map(li => [li.querySelector('code').textContent, li.querySelector('.muted').textContent]))`)
	if !slices.Equal(slices.Sorted(maps.Keys(listed)), slices.Sorted(maps.Keys(want))) {
		t.Errorf("listed %q, want %q", slices.Sorted(maps.Keys(listed)), slices.Sorted(maps.Keys(want)))
	}
	for p, why := range listed {
		if w, ok := want[p]; ok && !strings.HasPrefix(why, w+": ") {
			t.Errorf("%s: %q, want the core's %q and what the parse said", p, why, w)
		}
	}
	if why := listed["integration/ci_matrix.json"]; why != `not a recording: no "request" and "response" keys` {
		t.Errorf("ci_matrix.json: %q", why)
	}

	tb.visible(sel("replay-report"))
	note, _ := tb.text(sel("replay-report"))
	if strings.Contains(note, "not known") {
		t.Errorf("the replay panel does not know where replay looks: %q", note)
	}
	if !strings.Contains(note, "5 .json files are not recordings · 1 recording does not parse") {
		t.Errorf("the replay panel's note does not count the index's 5 and 1: %q", note)
	}
	summary := q(sel("replay-report")+` details[data-fold=misplaced] > summary`) + `.textContent`
	tb.waitFor("the misplaced count", summary+` === 'OK name, wrong folder: 1'`)
	tb.click(sel("replay-report") + ` details[data-fold=misplaced] > summary`)
	item := sel("replay-misplaced") + " li"
	tb.visible(item)
	if got, _ := tb.text(item); got != misplaced.Path+" replay looks in integration/common/recordings" {
		t.Errorf("misplaced: %q, want %s in integration/common/recordings", got, misplaced.Path)
	}
	tb.screenshot("index")
	tb.click(item + " button")
	tb.waitTitle(path.Base(misplaced.Path))
}
