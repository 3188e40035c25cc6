//go:build e2e

package e2e

import (
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/recview/recview/internal/tools/corpustest"
	"github.com/recview/recview/recordings/replay"
	"github.com/recview/recview/recordings/reqhash"
)

// replayTree writes the corpus as an ogx tests/integration tree (with its
// JSON files that are not recordings, and an agents test file that
// defines one test of the many the recordings name) under a new folder,
// and returns the
// folder and the core's replay.Tree of it, its paths as the page gives
// them: relative to the folder's parent (a drop's paths start with the
// dropped folder's name).
func replayTree(t *testing.T) (string, *replay.Tree) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "ogx")
	corpustest.WriteTree(t, dir)
	py := filepath.Join(dir, "tests", "integration", "agents", "test_agents.py")
	if err := os.WriteFile(py, []byte("def test_agent_simple(llama_stack_client, agent_config):\n    pass\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var files []replay.File
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".json") && !strings.HasSuffix(p, ".py") {
			return err
		}
		data, err := os.ReadFile(p)
		rel, _ := filepath.Rel(filepath.Dir(dir), p)
		files = append(files, replay.File{Path: filepath.ToSlash(rel), Data: data})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return dir, replay.Analyze(files)
}

// viewportShot writes what the window shows, scrolled to the top, to
// e2e/screenshots/<test>/<name>.png (the index below runs for pages).
func (tb *tab) viewportShot(name string) {
	tb.t.Helper()
	tb.do(chromedp.Evaluate[chromedp.Void]("window.scrollTo(0, 0)"))
	png := run(tb, chromedp.CaptureScreenshot())
	if err := os.WriteFile(filepath.Join(screenshotDir(tb.t, tb.t.Name()), name+".png"), png, 0o644); err != nil {
		tb.t.Fatal(err)
	}
}

// TestReplayReport drops a whole tests/integration tree: the index's
// replay panel gives the stale and mismatch counts and the duplicates the
// core finds in the same files, its stale chip narrows the table to the
// stale files, and a duplicate opens.
func TestReplayReport(t *testing.T) {
	dir, tree := replayTree(t)
	rep := tree.Report(replay.ReportOptions{})
	stale, mismatch := rep.Statuses[reqhash.Stale], rep.Statuses[reqhash.Mismatch]
	if stale == 0 || mismatch == 0 || len(rep.Duplicates) == 0 {
		t.Fatalf("the corpus tree has %d stale, %d mismatch, %d duplicates: the test needs some of each", stale, mismatch, len(rep.Duplicates))
	}

	tb := newTab(t)
	tb.open("/")
	tb.dropPaths(dir)
	tb.visible(sel("replay-report"))
	tb.waitText(sel("replay-stale"), strconv.Itoa(stale)+" stale")
	tb.waitText(sel("replay-mismatch"), strconv.Itoa(mismatch)+" mismatch")
	never, _ := tb.text(sel("replay-never"))
	if want := strconv.Itoa(len(rep.Never)) + " of " + strconv.Itoa(rep.Recordings) + " recordings replay never finds"; !strings.HasPrefix(never, want) {
		t.Errorf("replay-never %q, want %q…", never, want)
	}
	// The table keeps its rows when the panel comes (go-app once rebuilt it).
	// The files that are not recordings are no rows: the line above the
	// table counts them.
	if n := eval[int](tb, `document.querySelectorAll('[data-testid=index-row]').length`); n != rep.Recordings+rep.Broken {
		t.Errorf("%d index rows under the replay panel, want %d", n, rep.Recordings+rep.Broken)
	}
	if line, _ := tb.text(sel("index-not-recordings") + " > summary"); line != strconv.Itoa(rep.Skipped)+" JSON files are not recordings" {
		t.Errorf("the line above the table reads %q, want the core's %d skipped", line, rep.Skipped)
	}
	// Every duplicate group the core finds, keep and copies by path.
	// The fold stays open, the same <details>, when the report comes
	// again with the heavy tests' requests compared.
	tb.click(sel("replay-report") + ` details:has([data-testid=replay-duplicates]) > summary`)
	tb.do(chromedp.Evaluate[chromedp.Void](`window.dupFold = ` + q(sel("replay-report")+` details:has([data-testid=replay-duplicates])`)))
	got := eval[[]string](tb, `[...document.querySelectorAll('[data-testid=replay-duplicate]')].map(li => li.innerText.replace(/\s+/g, ' ').trim())`)
	if len(got) != len(rep.Duplicates) {
		t.Errorf("%d duplicate groups shown, the core finds %d", len(got), len(rep.Duplicates))
	}
	for i, d := range rep.Duplicates[:min(len(got), len(rep.Duplicates))] {
		want := "keep " + d.Keep.Path
		for _, c := range d.Drop {
			want += " copy " + c.Path
		}
		if got[i] != want {
			t.Errorf("duplicate group %d:\n got %q\nwant %q", i, got[i], want)
		}
	}
	if n := eval[int](tb, `document.querySelectorAll('[data-testid=replay-heavy] > li').length`); n != len(rep.Heavy) || n == 0 {
		t.Errorf("%d tests with many recordings listed, the core gives %d", n, len(rep.Heavy))
	}
	// The recordings of agents tests the test file no longer defines.
	if len(rep.Orphans) == 0 {
		t.Fatal("the core finds no recording of a test that no longer exists")
	}
	orphans := eval[string](tb, q(sel("replay-orphans"))+`.closest('details').querySelector('summary').textContent`)
	if want := "Recordings of tests that no longer exist: " + strconv.Itoa(len(rep.Orphans)); orphans != want {
		t.Errorf("orphans %q, want %q", orphans, want)
	}
	tb.waitFor("the heavy tests' requests compared", `!`+q(sel("replay-report"))+`.textContent.includes('comparing their requests')`)
	if !eval[bool](tb, `window.dupFold.isConnected && window.dupFold.open`) {
		t.Error("the duplicates fold opened before the compared report came was closed or replaced by it")
	}
	tb.viewportShot("replay-report")
	tb.do(colorScheme("dark"), chromedp.Evaluate[chromedp.Void](`document.querySelectorAll('[data-testid=replay-report] details').forEach(d => d.open = !d.querySelector('[data-testid=replay-duplicates]'))`))
	tb.viewportShot("replay-report-dark")
	tb.do(colorScheme("light"))

	// The stale chip shows the stale files in the table.
	tb.click(sel("replay-stale"))
	tb.waitFor("the stale rows", `document.querySelectorAll('[data-testid=index-row]').length === `+strconv.Itoa(stale))
	tb.click(sel("replay-stale"))

	// A duplicate's copy opens its file.
	copyPath := rep.Duplicates[0].Drop[0].Path
	tb.click(sel("replay-duplicate") + ` ul button[data-act=open]`)
	tb.waitTitle(path.Base(copyPath))
}

// TestReplayWithYAML drops the tree of TestReplayReport with a YAML file
// that is no cassette (a configuration: no index row, nothing for
// replay) in each of its folders: the replay panel still reads each
// recording and the test file from its own File (the page hands the
// worker the File objects of the files it hands items for, and of the
// test files, in that order), so its counts are the core's.
func TestReplayWithYAML(t *testing.T) {
	dir, tree := replayTree(t)
	rep := tree.Report(replay.ReportOptions{})
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		return os.WriteFile(filepath.Join(p, "config.yaml"), []byte("setting: 1\n"), 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	tb := newTab(t)
	tb.open("/")
	tb.dropPaths(dir)
	tb.visible(sel("replay-report"))
	tb.waitText(sel("replay-stale"), strconv.Itoa(rep.Statuses[reqhash.Stale])+" stale")
	orphans := eval[string](tb, q(sel("replay-orphans"))+`.closest('details').querySelector('summary').textContent`)
	if want := "Recordings of tests that no longer exist: " + strconv.Itoa(len(rep.Orphans)); orphans != want {
		t.Errorf("orphans %q, want %q", orphans, want)
	}
	tb.waitFor("the heavy tests' requests compared", `!`+q(sel("replay-report"))+`.textContent.includes('comparing their requests')`)
	if n := eval[int](tb, `document.querySelectorAll('[data-testid=replay-duplicate]').length`); n != len(rep.Duplicates) {
		t.Errorf("%d duplicate groups shown, the core finds %d", n, len(rep.Duplicates))
	}
}

// The corpus seed 5d00fd96…, named by the recorder under today's scheme
// (recordings/replay's TestDiffRequest checks its body hashes to its
// name), and its request.
const (
	replaySeed   = "5d00fd96a13e0fd9786eaa02261b0c38eb5b6d02ce0a0f3c8d2aaa5aa1b7d5af"
	replayTestID = "tests/integration/agents/test_agents.py::test_agent_simple[ollama/llama3.2:3b-instruct-fp16]"
	replayBody   = `{"model": "llama3.2:3b-instruct-fp16", "messages": [{"role": "system", "content": "You are a helpful assistant"}, {"role": "user", "content": [{"type": "text", "text": "Give me a sentence that contains the word: hello"}]}], "stream": true, "stream_options": {"include_usage": true}}`
)

// TestReplayNotFound pastes replay's real error texts while a folder is
// open: a stale file's request (today's name missing) names the stale
// file that holds it; the error pasted into the URL box (one line) gives
// the same; in the playground, with the request body that missed (a
// temperature added to the seed's), the seed is the nearest recording and
// the request diff names body.temperature.
func TestReplayNotFound(t *testing.T) {
	dir, tree := replayTree(t)
	// The seed in its test's folder.
	seedData, err := os.ReadFile(seed(replaySeed + ".json"))
	if err != nil {
		t.Fatal(err)
	}
	seedAt := filepath.Join(dir, "tests", "integration", "agents", "recordings", replaySeed+".json")
	if err := os.WriteFile(seedAt, seedData, 0o644); err != nil {
		t.Fatal(err)
	}

	// A stale chat completion whose request no file holds under today's
	// name (the corpus's stale files were recorded before test ids:
	// replay looks for them in the fallback folder).
	var stale *replay.Entry
	for _, e := range tree.Entries() {
		if e.Check.Status == reqhash.Stale && !e.Leftover && e.Model != "" && e.Endpoint == "/v1/chat/completions" {
			stale = &e
			break
		}
	}
	if stale == nil {
		t.Fatal("the corpus tree has no stale recording of a test with its request missing")
	}
	errText := "E   RuntimeError: Recording not found for request hash: " + stale.Check.ReplayHash + "\n" +
		"E   Model: " + stale.Model + " | Request: POST http://0.0.0.0:11434" + stale.Endpoint + "\n" +
		"E   \nE   Run './scripts/integration-tests.sh --inference-mode record-if-missing' with required API keys to generate.\n"

	tb := newTab(t)
	tb.open("/")
	tb.dropPaths(dir)
	tb.visible(sel("replay-report"))
	// A fold the reviewer opened stays open when the panel is drawn again.
	tb.waitFor("the heavy tests' requests compared", `!`+q(sel("replay-report"))+`.textContent.includes('comparing their requests')`)
	tb.click(`details[data-fold=never] > summary`)
	tb.waitFor("the fold open", q(`details[data-fold=never]`)+`.open`)

	candidates := func() []string {
		return eval[[]string](tb, `[...document.querySelectorAll('[data-testid=notfound-candidate] [data-act=open]')].map(b => b.textContent)`)
	}
	// Pasted on the page.
	tb.do(chromedp.Evaluate[chromedp.Void](`(() => {
		const dt = new DataTransfer();
		dt.setData('text/plain', ` + jsq(errText) + `);
		document.body.dispatchEvent(new ClipboardEvent('paste', {clipboardData: dt, bubbles: true, cancelable: true}));
	})()`))
	tb.waitFor("the lookup", q(sel("notfound-panel"))+` && `+q(sel("notfound-panel"))+`.getAttribute('aria-busy') === null`)
	if got := candidates(); len(got) == 0 || got[0] != stale.Path {
		t.Errorf("candidates %q, want the stale file %s first (it holds the request)", got, stale.Path)
	}
	panel, _ := tb.text(sel("notfound-panel"))
	if !strings.Contains(panel, stale.Check.ReplayName) || !strings.Contains(panel, stale.Model) {
		t.Errorf("the panel does not say where replay looks (%s) for which model:\n%s", stale.Check.ReplayName, panel)
	}
	if !eval[bool](tb, q(`details[data-fold=never]`)+`.open`) {
		t.Error("the fold of the files replay never finds closed when the lookup came")
	}
	tb.viewportShot("notfound-page")
	tb.click(sel("notfound-panel") + ` [data-act=close-notfound]`)
	tb.waitFor("the panel to close", q(sel("notfound-panel"))+` === null`)

	// Typed into the URL box, which keeps no line breaks.
	// (Not enterURL: chromedp.SetValue reads the value back, and the box
	// has dropped the line breaks.)
	tb.do(chromedp.Evaluate[chromedp.Void](`(() => { const b = ` + q(sel("url-input")) + `; b.focus(); b.value = ` + jsq(errText) + `; })()`))
	tb.key(kb.Enter)
	tb.waitFor("the lookup from the URL box", q(sel("notfound-panel"))+` && `+q(sel("notfound-panel"))+`.getAttribute('aria-busy') === null`)
	if got := candidates(); len(got) == 0 || got[0] != stale.Path {
		t.Errorf("URL box: candidates %q, want %s first", got, stale.Path)
	}

	// In the playground, with the request body that missed.
	seedPath := "ogx/tests/integration/agents/recordings/" + replaySeed + ".json"
	tb.do(chromedp.Evaluate[chromedp.Void](`(() => { const b = ` + q(sel("index-filter")) + `; b.focus(); b.value = ` + jsq(replaySeed) + `; b.dispatchEvent(new Event('input', {bubbles: true})); })()`))
	tb.waitFor("the seed's row", `document.querySelectorAll('[data-testid=index-row]').length === 1`)
	tb.click(sel("index-row") + " td.file button")
	tb.waitTitle(replaySeed + ".json")
	tb.do(chromedp.Click(chromedp.CSS(`button[role=tab]:nth-child(3)`)))
	tb.visible(sel("editor"))
	tb.editorText()
	body := strings.Replace(replayBody, `"stream": true`, `"stream": true, "temperature": 0.7`, 1)
	d, err := replay.DiffRequest(seedData, "POST", "/v1/v1/chat/completions", replayTestID, []byte(body))
	if err != nil {
		t.Fatal(err)
	}
	pasted := "FAILED " + replayTestID + " - RuntimeError\n" +
		"E   RuntimeError: Recording not found for request hash: " + d.Hash + "\n" +
		"E   Model: llama3.2:3b-instruct-fp16 | Request: POST http://0.0.0.0:11434/v1/v1/chat/completions\n\n" + body + "\n"
	tb.setEditor(pasted)
	tb.waitFor("the request diff", q(sel("notfound-diff")))
	diff, _ := tb.text(sel("notfound-diff"))
	if !strings.Contains(diff, seedPath) || !strings.Contains(diff, "body.temperature") || !strings.Contains(diff, "0.7") {
		t.Errorf("notfound-diff does not compare with the seed (%s) and name body.temperature:\n%s", seedPath, diff)
	}
	if n := eval[int](tb, `document.querySelectorAll('[data-testid=notfound-diff] tbody tr').length`); n != 1 {
		t.Errorf("%d fields differ in the diff, want 1 (body.temperature)", n)
	}
	tb.viewportShot("notfound-playground")
}
