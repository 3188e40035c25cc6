//go:build e2e

package e2e

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/accessibility"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/recview/recview/recordings"
	"github.com/recview/recview/recordings/diff"
	"github.com/recview/recview/recordings/reqhash"
)

// indexHeads are the index table's column heads: the tick's, then
// file, test_id, API family, model, chunks and hash.
var indexHeads = []string{"compare", "file", "test_id", "API family", "model", "chunks", "hash"}

// corpusFiles lists the corpus recordings (not the seeds folder).
func corpusFiles(t *testing.T) []string {
	t.Helper()
	paths, err := filepath.Glob(corpus("*.json"))
	if err != nil || len(paths) < 200 {
		t.Fatalf("corpus: %d files, %v", len(paths), err)
	}
	return paths
}

// folderOf writes n recordings into a new folder: the corpus files again
// and again, under new names.
func folderOf(t *testing.T, n int) string {
	t.Helper()
	files := corpusFiles(t)
	dir := t.TempDir()
	for i := range n {
		src := files[i%len(files)]
		data, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("%04d-%s", i, filepath.Base(src))), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// dropPaths drags files or folders from the desktop onto the page and
// drops them, as the browser does for a real drag (Input.dispatchDragEvent).
func (tb *tab) dropPaths(paths ...string) {
	tb.t.Helper()
	for i, p := range paths {
		abs, err := filepath.Abs(p)
		if err != nil {
			tb.t.Fatal(err)
		}
		paths[i] = abs
	}
	for _, typ := range []input.DispatchDragEventType{input.DispatchDragEventTypeDragEnter, input.DispatchDragEventTypeDragOver, input.DispatchDragEventTypeDrop} {
		tb.dragEvent(typ, paths)
	}
}

// dragX and dragY are where in the page dragEvent drags, in CSS pixels.
const dragX, dragY = 600, 400

// dragEvent has the browser dispatch one event of a drag of the files
// or folders at the absolute paths, at (dragX, dragY) in the page
// (dragEventAt).
func (tb *tab) dragEvent(typ input.DispatchDragEventType, paths []string) {
	tb.t.Helper()
	tb.dragEventAt(typ, paths, dragX, dragY)
}

// dragEventAt has the browser dispatch one event of a drag of the files
// or folders at the absolute paths, at (x, y) in the page's viewport, in
// CSS pixels (the DevTools protocol's Input.dispatchDragEvent).
func (tb *tab) dragEventAt(typ input.DispatchDragEventType, paths []string, x, y float64) {
	tb.t.Helper()
	tb.do(chromedp.Func(func(ctx context.Context, target *chromedp.Target) error {
		_, err := cdp.Call(ctx, target, input.DispatchDragEvent, input.DispatchDragEventParams{
			Type: typ, X: x, Y: y,
			Data: &input.DragData{Items: []*input.DragDataItem{}, Files: paths, DragOperationsMask: 1},
		})
		return err
	}))
}

// axCount is how many nodes of the accessible role (as the browser
// computes it, explicit or implicit) the element of css holds, itself
// included, those ignored for accessibility left out.
func (tb *tab) axCount(css, role string) int {
	tb.t.Helper()
	n := 0
	tb.do(chromedp.Func(func(ctx context.Context, target *chromedp.Target) error {
		el, err := cdp.Call(ctx, target, runtime.Evaluate, runtime.EvaluateParams{Expression: q(css)})
		if err != nil {
			return err
		}
		if el.Result == nil || el.Result.ObjectID == "" {
			return fmt.Errorf("no element %s", css)
		}
		ax, err := cdp.Call(ctx, target, accessibility.QueryAXTree, accessibility.QueryAXTreeParams{ObjectID: el.Result.ObjectID, Role: role})
		if err != nil {
			return err
		}
		for _, nd := range ax.Nodes {
			if !nd.Ignored {
				n++
			}
		}
		return nil
	}))
	return n
}

// tickRows ticks the index rows of files. Each tick redraws the table
// (one piece of HTML), so a box is clicked in one script, never through
// a node found earlier, and the next waits until the viewer has drawn the
// tick (the checked attribute, not just the box's own state).
func (tb *tab) tickRows(files ...string) {
	tb.t.Helper()
	for _, f := range files {
		box := sel("index-row") + `[data-file="` + strings.ReplaceAll(f, `"`, `\"`) + `"] input[type=checkbox]`
		tb.waitFor(f+"'s row", q(box)+" !== null") // the rows are drawn after the table
		tb.do(chromedp.Evaluate[chromedp.Void](q(box) + ".click()"))
		tb.waitFor(f+" to be ticked", q(box)+".hasAttribute('checked')")
	}
}

// compareRows ticks the index rows of files (tickRows), then clicks
// Compare, enabled only when both are in, and waits for the verdict.
func (tb *tab) compareRows(files ...string) {
	tb.t.Helper()
	tb.tickRows(files...)
	tb.waitFor("the compare button to be enabled", q(sel("index-compare"))+".disabled === false")
	tb.do(chromedp.Evaluate[chromedp.Void](q(sel("index-compare")) + ".click()"))
	tb.visible(sel("diff-verdict"))
}

// TestIndex drops the whole corpus folder on the page: the index lists
// every file with the hash status the core gives it; the filter and the
// facets narrow it; a row opens its recording and the index stays a click
// away. The folder picker gives the same index.
func TestIndex(t *testing.T) {
	paths := corpusFiles(t)
	mismatches := 0
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		r, err := recordings.Parse(filepath.Base(p), data)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if reqhash.Verify(filepath.Base(p), r.Doc).Status == reqhash.Mismatch {
			mismatches++
		}
	}
	dir, err := filepath.Abs(corpus(""))
	if err != nil {
		t.Fatal(err)
	}
	tb := newTab(t)
	tb.open("/")
	tb.dropPaths(dir)
	tb.visible(sel("index-table"))
	// The folder holds seeds/ too: every .json file under it is listed.
	all := len(paths)
	seeds, _ := filepath.Glob(filepath.Join(dir, "seeds", "*.json"))
	asCaptured, _ := filepath.Glob(filepath.Join(dir, "seeds", "*", "*.json"))
	all += len(seeds) + len(asCaptured)
	tb.waitFor("the index to be read", `document.querySelector('[data-testid=index-progress]') === null && document.querySelectorAll('[data-testid=index-row]').length === `+strconv.Itoa(all))
	// Laid out as a grid of rows, the table is still one to a screen
	// reader: a table of a head row and a row per file, seven cells each,
	// the rows off screen included.
	if got := tb.axCount(sel("index-table"), "table"); got != 1 {
		t.Errorf("the index is %d tables to a screen reader, want 1", got)
	}
	if got := tb.axCount(sel("index-table"), "row"); got != all+1 {
		t.Errorf("the index table has %d rows to a screen reader, want %d (a head row and a row per file)", got, all+1)
	}
	if got := tb.axCount(sel("index-table"), "columnheader"); got != len(indexHeads) {
		t.Errorf("the index table has %d column headers to a screen reader, want %d", got, len(indexHeads))
	}
	if got := tb.axCount(sel("index-table"), "cell"); got != all*len(indexHeads) {
		t.Errorf("the index table has %d cells to a screen reader, want %d", got, all*len(indexHeads))
	}

	// The hash facet counts what the core counts (the seeds included).
	for _, p := range append(seeds, asCaptured...) {
		data, _ := os.ReadFile(p)
		if r, err := recordings.Parse(filepath.Base(p), data); err == nil && reqhash.Verify(filepath.Base(p), r.Doc).Status == reqhash.Mismatch {
			mismatches++
		}
	}
	if got, _ := tb.text(`.facet[aria-label=hash] [data-facet="mismatch"]`); got != "mismatch "+strconv.Itoa(mismatches) {
		t.Errorf("hash facet %q, want mismatch %d", got, mismatches)
	}
	// Clicked as the element it is (tb.click), not at where it was drawn:
	// the Replay panel, which comes from the worker after the rows, can
	// push the chips down between the two (a mouse click there then lands
	// on the panel).
	tb.click(`.facet[aria-label=hash] [data-facet="mismatch"]`)
	tb.waitFor("the mismatch rows", `document.querySelectorAll('[data-testid=index-row]').length === `+strconv.Itoa(mismatches))
	tb.click(`.facet[aria-label=hash] [data-facet="mismatch"]`)

	// Filter as you type: words of a test_id.
	want := 0
	for _, p := range paths {
		if strings.Contains(filepath.Base(p), "__messages__") {
			want++
		}
	}
	tb.do(chromedp.SendKeys(chromedp.CSS(sel("index-filter")), "__messages__ recordings"))
	tb.waitFor("the filtered rows", `document.querySelectorAll('[data-testid=index-row]').length === `+strconv.Itoa(want))

	// A row opens; the index tab brings the index back, filter kept.
	first := eval[string](tb, q(sel("index-row"))+".dataset.file")
	tb.do(chromedp.Click(chromedp.CSS(sel("index-row") + " td.file button")))
	tb.waitTitle(filepath.Base(first))
	tb.do(chromedp.Click(chromedp.CSS(sel("index-tab"))))
	tb.visible(sel("index-table"))

	// The folder picker reads the same folder.
	tb.open("/")
	tb.do(chromedp.SetUploadFiles(chromedp.CSS(sel("folder-input")), []string{dir}))
	tb.waitFor("the picked folder's index", `document.querySelector('[data-testid=index-progress]') === null && document.querySelectorAll('[data-testid=index-row]').length === `+strconv.Itoa(all))
}

// TestDiff compares two recordings of the same request from different
// years (July 2025 and 2026) through the index: the page lists exactly the
// changes the core's diff finds, by kind, and says what `recview diff`
// says: "changed result", of medium severity (the poem reworded).
func TestDiff(t *testing.T) {
	const (
		old = "tests__integration__inference__recordings__responses__84cab42e1f5c.json"
		neu = "tests__integration__inference__recordings__8567635651a5e7104394951bbbba040e5c7f3ba11084fb6e81328f4905100a65.json"
	)
	ra, rb := readRecording(t, corpus(old)), readRecording(t, corpus(neu))
	res := diff.Compare(ra, rb)
	kinds := map[string]int{}
	for _, c := range res.Changes {
		kinds[string(c.Kind)]++
	}
	// By hand (see cmd/recview/testdata/diff-roses-2025-2026.golden): the
	// 2026 file adds a test_id, moves from the v0 to the current hash
	// scheme, sent to 0.0.0.0 instead of localhost, and the poem differs.
	if res.SameResult || kinds["metadata"] == 0 || kinds["request"] == 0 || kinds["response"] == 0 {
		t.Fatalf("the core's diff of the pair: %+v", kinds)
	}

	tb := newTab(t)
	tb.open("/")
	tb.upload(corpus(old), corpus(neu))
	tb.waitFor("2 index rows", `document.querySelectorAll('[data-testid=index-row]').length === 2`)
	tb.compareRows(old, neu)
	for kind, n := range kinds {
		if got := eval[int](tb, `document.querySelectorAll('[data-testid=diff-change][data-kind=`+kind+`]').length`); got != n {
			t.Errorf("%d %s changes shown, the core finds %d", got, kind, n)
		}
	}
	if v, _ := tb.text(sel("diff-verdict")); v != "changed result" || v != string(res.Judgement.Verdict) {
		t.Errorf("verdict %q, want changed result", v)
	}
	if s, _ := tb.text(sel("diff-severity")); s != "medium" || s != string(res.Judgement.Severity) {
		t.Errorf("severity %q, want medium", s)
	}
	if w, _ := tb.text(sel("diff-why")); !strings.HasPrefix(w, "answer reworded: -31 +33 words") {
		t.Errorf("why %q, want the rewording first", w)
	}
	// The poem's word diff marks what changed.
	if n := eval[int](tb, `document.querySelectorAll('[data-testid=diff-change][data-kind=response] ins, [data-testid=diff-change][data-kind=response] del').length`); n == 0 {
		t.Errorf("the response text change shows no word diff")
	}
	tb.screenshot("diff")
}

// TestIndexAppends opens two files, then drops a folder of 1,000
// recordings, and checks that the folder's rows replace the two and that the
// rows read while the first ones are shown are appended to the table, not
// drawn again with it: the first row is still the node it was while the
// folder was being read (replacing the whole table every 250 ms made the
// browser restyle and lay out hundreds of rows each time, 120 ms frames).
func TestIndexAppends(t *testing.T) {
	const n = 1000
	dir := folderOf(t, n)
	tb := newTab(t)
	tb.open("/")
	// First an index of two files, which the folder's index replaces.
	two := corpusFiles(t)[:2]
	tb.upload(two...)
	tb.waitFor("2 index rows", `document.querySelectorAll('[data-testid=index-row]').length === 2`)
	tb.dropPaths(dir)
	tb.waitForWithin(60*time.Second, "a row of the folder while it is read", `(() => {
		const row = document.querySelector('[data-testid=index-row]');
		if (!row || !row.dataset.file.includes('/') || !document.querySelector('[data-testid=index-progress]')) return false;
		row.__seenWhileReading = true;
		return true;
	})()`)
	tb.waitForWithin(60*time.Second, "the whole folder", `document.querySelector('[data-testid=index-progress]') === null && document.querySelectorAll('[data-testid=index-row]').length === 500`)
	if !eval[bool](tb, `document.querySelector('[data-testid=index-row]').__seenWhileReading === true`) {
		t.Errorf("the first row was drawn again as the folder was read: the table was replaced, not appended to")
	}
	// The filter still redraws: one file of the 1,000.
	tb.do(chromedp.SendKeys(chromedp.CSS(sel("index-filter")), "0999-"))
	tb.waitFor("the filtered row", `document.querySelectorAll('[data-testid=index-row]').length === 1 && document.querySelector('[data-testid=index-row]').dataset.file.includes('/0999-')`)
	tb.do(chromedp.SendKeys(chromedp.CSS(sel("index-filter")), strings.Repeat(kb.Backspace, len("0999-"))))
	tb.waitFor("the unfiltered rows", `document.querySelectorAll('[data-testid=index-row]').length === 500`)

	// The two files again: their rows only.
	tb.upload(two...)
	tb.waitFor("the new index's 2 rows", `document.querySelectorAll('[data-testid=index-row]').length === 2`)
	for i, f := range two {
		if got := eval[string](tb, `document.querySelectorAll('[data-testid=index-row]')[`+strconv.Itoa(i)+`].dataset.file`); got != filepath.Base(f) {
			t.Errorf("row %d is %q, want %q", i, got, filepath.Base(f))
		}
	}
}

// TestIndexDropWalks drops the corpus folder (with its subfolders) twice:
// once as Chromium gives it, listed through File System Access handles,
// once with DataTransferItem.getAsFileSystemHandle removed, as in
// browsers without it, listed through FileSystemEntry objects. Both list
// every .json file under it, by the same paths.
func TestIndexDropWalks(t *testing.T) {
	dir, err := filepath.Abs(corpus(""))
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	err = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".json") {
			rel, _ := filepath.Rel(filepath.Dir(dir), p)
			want = append(want, filepath.ToSlash(rel))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(want)
	for _, handles := range []bool{true, false} {
		tb := newTab(t)
		tb.open("/")
		if has := eval[bool](tb, "'getAsFileSystemHandle' in DataTransferItem.prototype"); !has {
			t.Fatal("this Chromium has no DataTransferItem.getAsFileSystemHandle")
		}
		if !handles {
			tb.do(chromedp.Evaluate[chromedp.Void]("delete DataTransferItem.prototype.getAsFileSystemHandle"))
		}
		tb.dropPaths(dir)
		tb.waitFor("the index to be read", `document.querySelector('[data-testid=index-progress]') === null && document.querySelectorAll('[data-testid=index-row]').length === `+strconv.Itoa(len(want)))
		got := eval[[]string](tb, `[...document.querySelectorAll('[data-testid=index-row]')].map(r => r.dataset.file)`)
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("handles %v: the index lists %d files:\n%s\nwant %d:\n%s", handles, len(got), strings.Join(got[:min(5, len(got))], "\n"), len(want), strings.Join(want[:5], "\n"))
		}
	}
}

// TestIndexTooBig drops a folder holding a file larger than the viewer
// opens, both ways the page lists a dropped folder (File System Access
// handles and entries): its row says why, without reading it, and
// opening the row says so too.
func TestIndexTooBig(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.json")
	if err := os.WriteFile(big, make([]byte, 65<<20), 0o644); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(seed(seedHello))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, seedHello), data, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, handles := range []bool{true, false} {
		tb := newTab(t)
		tb.open("/")
		if !handles {
			tb.do(chromedp.Evaluate[chromedp.Void]("delete DataTransferItem.prototype.getAsFileSystemHandle"))
		}
		tb.dropPaths(dir)
		tb.waitFor("the index to be read", `document.querySelector('[data-testid=index-progress]') === null && document.querySelectorAll('[data-testid=index-row]').length === 2`)
		row := `document.querySelector('[data-testid=index-row][data-file$="big.json"]')`
		if why := eval[string](tb, row+`.title`); !strings.Contains(why, "65.0 MB is more than the viewer opens") {
			t.Errorf("handles %v: the big file's row says %q", handles, why)
		}
		tb.do(chromedp.Evaluate[chromedp.Void](row + `.querySelector('td.file button').click()`))
		tb.waitFor("the error", `document.querySelector('[data-testid=error]') !== null`)
		if msg, _ := tb.text(sel("error")); !strings.Contains(msg, "more than the viewer opens") {
			t.Errorf("handles %v: opening the big file says %q", handles, msg)
		}
	}
}

// TestIndexFolderWithoutRecordings drops a folder that holds no
// recording (a text file and a Python test file), first on the gallery,
// then on an open index: the error names the folder's want, and the view
// the drop replaced while the folder was listed (an empty index) comes
// back as it was: the gallery, then the index with its rows.
func TestIndexFolderWithoutRecordings(t *testing.T) {
	empty := t.TempDir()
	for name, text := range map[string]string{"notes.txt": "not a recording", "test_chat.py": "def test_chat(): pass\n"} {
		if err := os.WriteFile(filepath.Join(empty, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tb := newTab(t)
	tb.open("/")
	tb.waitFor("the gallery", q(sel("sample")))
	tb.dropPaths(empty)
	tb.waitFor("the error", `((`+q(sel("error"))+` || {}).textContent || '').includes('holds no .json files')`)
	if !eval[bool](tb, q(sel("sample"))+` !== null && `+q(sel("index-tab"))+` === null`) {
		t.Errorf("after a folder without recordings on the gallery, the page shows %s, not the gallery", eval[string](tb, `document.querySelector('main, .gallery').outerHTML.slice(0, 160)`))
	}

	folder := folderOf(t, 5)
	tb.dropPaths(folder)
	tb.waitFor("the index read", q(sel("index-progress"))+` === null && document.querySelectorAll('[data-testid=index-row]').length === 5`)
	tb.dropPaths(empty)
	tb.waitFor("the error", `((`+q(sel("error"))+` || {}).textContent || '').includes('holds no .json files')`)
	if got := eval[float64](tb, `document.querySelectorAll('[data-testid=index-row]').length`); got != 5 {
		t.Errorf("after a folder without recordings on an open index, it shows %.0f rows, want its 5", got)
	}
	if status, _ := tb.text(sel("index-status")); !strings.Contains(status, "5 files") || !strings.Contains(status, "read in") {
		t.Errorf("the index's status after the empty folder: %q, want its 5 files read", status)
	}
}

// TestDropWhilePageRedraws drops a folder, through the browser's own
// drag events (the DevTools protocol's Input.dispatchDragEvent), on the
// gallery, then on an open index, then on a review's base folder
// target, while the page redraws what lies under the pointer between the
// last dragover and the drop, as it does while an index draws its rows,
// its replay panel comes in or a review draws a folder's listing: each
// drop still reaches the page. (The browser then fires dragenter at the
// new element, and dropped nothing while the page did not cancel it: the
// folder was lost.)
func TestDropWhilePageRedraws(t *testing.T) {
	folder, err := filepath.Abs(folderOf(t, 5))
	if err != nil {
		t.Fatal(err)
	}
	other, err := filepath.Abs(folderOf(t, 3))
	if err != nil {
		t.Fatal(err)
	}
	// A new element comes under the pointer between the last dragover and
	// the drop, as when the page redraws there: an element of the test's
	// own, over the page, in parent (JavaScript). Not a copy of one of the
	// app's elements in its place: the copy stayed in the page as the app
	// went on updating the element it replaced, and the index drawn after
	// the drop was not seen (a whole section was copied when the replay
	// panel had pushed the rows down by then).
	cover := func(tb *tab, parent string, x, y float64) {
		tb.t.Helper()
		eval[bool](tb, fmt.Sprintf(`(() => {
			const e = document.createElement('div');
			e.id = 'test-cover';
			e.style.cssText = 'position:fixed;left:%[1]gpx;top:%[2]gpx;width:40px;height:40px;transform:translate(-50%%,-50%%);z-index:2147483647';
			%[3]s.append(e);
			return true;
		})()`, x, y, parent))
	}
	uncover := func(tb *tab) {
		tb.t.Helper()
		eval[bool](tb, `(() => { document.getElementById('test-cover').remove(); return true; })()`)
	}
	tb := newTab(t)
	tb.open("/")
	tb.waitFor("the gallery", q(sel("sample")))
	for _, f := range []struct {
		dir  string
		rows int
	}{{folder, 5}, {other, 3}} {
		// Over the page, outside the app's tree: a child of <html>.
		tb.dragEvent(input.DispatchDragEventTypeDragEnter, []string{f.dir})
		tb.dragEvent(input.DispatchDragEventTypeDragOver, []string{f.dir})
		cover(tb, "document.documentElement", dragX, dragY)
		tb.dragEvent(input.DispatchDragEventTypeDrop, []string{f.dir})
		uncover(tb)
		tb.waitFor(fmt.Sprintf("the index of the %d files dropped", f.rows), q(sel("index-progress"))+` === null && document.querySelectorAll('[data-testid=index-row]').length === `+strconv.Itoa(f.rows)+` && document.querySelector('.page.dragging') === null`)
	}

	// A review's base folder: the new element inside its target (which
	// side a drop is for is the target's), whose HTML the app writes whole.
	const set = "instructions-param-3741"
	base, _ := readSet(t, set)
	dir, err := filepath.Abs(filepath.Join(changeSetAbs(t, set), "base"))
	if err != nil {
		t.Fatal(err)
	}
	tb = newTab(t)
	tb.open("/")
	tb.waitFor("the gallery", q(sel("sample")))
	at := tb.middleOf(sel("review-drop-base"))
	tb.dragEventAt(input.DispatchDragEventTypeDragEnter, []string{dir}, at[0], at[1])
	tb.dragEventAt(input.DispatchDragEventTypeDragOver, []string{dir}, at[0], at[1])
	cover(tb, q(sel("review-drop-base")), at[0], at[1])
	tb.dragEventAt(input.DispatchDragEventTypeDrop, []string{dir}, at[0], at[1])
	tb.waitFor("the base folder", q(sel("review-drop-base"))+`.textContent.includes('base: `+strconv.Itoa(len(base))+` .json files')`)
}
