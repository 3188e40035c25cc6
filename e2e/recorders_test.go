//go:build e2e

package e2e

import (
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp/kb"
	"github.com/recview/recview/recordings"
	fixture "github.com/recview/recview/recordings/cassette"
)

// recordersDir is recordings/testdata/recorders: real fixtures of seven
// recorders, a folder per format, with MANIFEST.tsv.
var recordersDir = filepath.Join("..", "recordings", "testdata", "recorders")

// recorderFiles reads MANIFEST.tsv: each file (its path under
// recordersDir), its format, and its interactions and streamed ones.
func recorderFiles(t *testing.T) (files []struct {
	path, format        string
	interactions, multi int
	streamed            int
}) {
	t.Helper()
	f, err := os.Open(filepath.Join(recordersDir, "MANIFEST.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := csv.NewReader(f)
	r.Comma, r.LazyQuotes, r.FieldsPerRecord = '\t', true, -1
	rows, err := r.ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	for _, row := range rows[1:] {
		n, _ := strconv.Atoi(row[5])
		s, _ := strconv.Atoi(row[6])
		files = append(files, struct {
			path, format        string
			interactions, multi int
			streamed            int
		}{row[0], row[1], n, 0, s})
	}
	return files
}

// TestRecorderFormats opens one file of each of the seven formats as a
// reviewer would: dropped on the page, its streamed interaction opens
// (picked in the interaction list when it is not the first), steps to
// its first and last chunk, and its address (the file inline, i=K)
// opens the same interaction in a fresh tab. The file of each format is
// the smallest with a streamed interaction; the interaction and its
// chunk count are read here with the core (recordings/cassette).
func TestRecorderFormats(t *testing.T) {
	// The smallest file of each format with a stream recview folds: a
	// streamed interaction of two chunks or more, of a known family,
	// that assembles whole.
	type pick struct {
		path      string
		size      int64
		k, chunks int
	}
	chosen := map[string]pick{}
	for _, f := range recorderFiles(t) {
		if f.streamed == 0 {
			continue
		}
		path := filepath.Join(recordersDir, f.path)
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if old, ok := chosen[f.format]; ok && int64(len(data)) >= old.size {
			continue
		}
		c, err := fixture.Parse(filepath.Base(path), data)
		if err != nil {
			t.Fatal(err)
		}
		for i, it := range c.Interactions {
			r, err := recordings.Parse("x", it.Recording())
			if err != nil || !r.Streaming || len(r.Chunks) < 2 || r.Family == recordings.FamilyUnknown {
				continue
			}
			if _, err := recordings.Assemble(r); err == nil {
				chosen[f.format] = pick{f.path, int64(len(data)), i + 1, len(r.Chunks)}
				break
			}
		}
	}
	if len(chosen) != 7 {
		t.Fatalf("%d formats with a streamed interaction, want 7: %v", len(chosen), chosen)
	}
	for _, format := range slices.Sorted(func(yield func(string) bool) {
		for k := range chosen {
			if !yield(k) {
				return
			}
		}
	}) {
		p := chosen[format]
		path, k, chunks := filepath.Join(recordersDir, p.path), p.k, p.chunks
		t.Run(format, func(t *testing.T) {
			name := filepath.Base(path)
			tb := newTab(t)
			tb.open("/")
			tb.dropPaths(path)
			tb.waitTitle(fmt.Sprintf("%s#1", name))
			if k > 1 {
				tb.click(fmt.Sprintf(`[data-testid=interaction]:nth-child(%d)`, k))
				tb.waitTitle(fmt.Sprintf("%s#%d", name, k))
			}
			tb.key(kb.End)
			tb.waitStep(chunks, chunks)
			tb.key(kb.Home)
			tb.waitStep(0, chunks)
			tb.key(kb.ArrowRight)
			tb.waitStep(1, chunks)
			tb.key(kb.End)
			tb.waitStep(chunks, chunks)
			tb.waitFor("an assembled answer", `(a => a !== '' && a !== 'null')(document.querySelector('[data-testid=assembled]')?.innerText.trim() ?? '')`)
			tb.key(kb.Home)
			tb.key(kb.ArrowRight)
			tb.waitStep(1, chunks)
			// The step is written once stepping pauses.
			tb.waitFor("the interaction and the step in the address", fmt.Sprintf(`(location.hash.includes('&i=%d') || %d === 1) && /[#&]step=1(&|$)/.test(location.hash)`, k, k))
			hash := eval[string](tb, "location.hash")
			t.Logf("wrote %s", tb.screenshot(format))
			fresh := newTab(t)
			fresh.open("/" + hash)
			fresh.waitTitle(fmt.Sprintf("%s#%d", name, k))
			fresh.waitStep(1, chunks)
		})
	}
}

// TestRecordersIndexed drops the folder of all seven formats: one row
// per interaction (MANIFEST.tsv's count), none an error.
func TestRecordersIndexed(t *testing.T) {
	want := 0
	for _, f := range recorderFiles(t) {
		want += f.interactions
	}
	dir, err := filepath.Abs(recordersDir)
	if err != nil {
		t.Fatal(err)
	}
	tb := newTab(t)
	tb.open("/")
	tb.dropPaths(dir)
	tb.visible(sel("index-table"))
	tb.waitForWithin(60*time.Second, "the folder read", `document.querySelector('[data-testid=index-progress]') === null && document.querySelectorAll('[data-testid=index-row]').length > 0`)
	files := len(recorderFiles(t))
	if status, _ := tb.text(sel("index-status")); !strings.HasPrefix(status, fmt.Sprintf("%d files (%d rows)", files, want)) {
		t.Errorf("the index reads %q, want %d files and a row per interaction, %d", status, files, want)
	}
	// A file that does not read is a row of the hash facet's "error".
	if n := eval[int](tb, `document.querySelectorAll('.facet[aria-label=hash] [data-facet=error]').length`); n != 0 {
		tb.click(`.facet[aria-label=hash] [data-facet=error]`)
		bad := eval[[]string](tb, `[...document.querySelectorAll('[data-testid=index-row]')].map(r => r.dataset.file + ': ' + r.title)`)
		t.Errorf("%d error rows: %q", len(bad), bad[:min(5, len(bad))])
	}
	t.Logf("wrote %s", tb.screenshot("index"))
}

// TestReviewRubyVCRFolders reviews two folders of Ruby VCR cassettes
// (ruby-openai's) on the review page: in head, the chat's answer
// reworded ("Hi there! How can I assist you today?" → "Hello! What can I
// do for you?", its finish reason "stop" → "length"), a cassette added,
// one deleted, one the same. The summary and every row are what
// `recview review` says of the same folders.
func TestReviewRubyVCRFolders(t *testing.T) {
	read := func(name string) []byte {
		data, err := os.ReadFile(filepath.Join(recordersDir, "ruby-vcr", "alexrudall__ruby-openai__spec__fixtures__cassettes__"+name+".yml"))
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	const dir = "spec/fixtures/cassettes/"
	chat := read("gpt-3_5-turbo_chat")
	changed := strings.Replace(strings.Replace(string(chat), `"content": "Hi there! How can I assist you today?"`, `"content": "Hello! What can I do for you?"`, 1),
		`"finish_reason": "stop"`, `"finish_reason": "length"`, 1)
	if changed == string(chat) {
		t.Fatal("the chat cassette's answer was not found to change")
	}
	base := map[string][]byte{
		dir + "gpt-3_5-turbo_chat.yml":          chat,
		dir + "gpt-3_5-turbo_streamed_chat.yml": read("gpt-3_5-turbo_streamed_chat"),
		dir + "responses_delete.yml":            read("responses_delete"),
	}
	head := map[string][]byte{
		dir + "gpt-3_5-turbo_chat.yml":                 []byte(changed),
		dir + "gpt-3_5-turbo_streamed_chat.yml":        read("gpt-3_5-turbo_streamed_chat"),
		dir + "gpt-3_5-turbo_valid_tool_call_chat.yml": read("gpt-3_5-turbo_valid_tool_call_chat"),
	}
	root := t.TempDir()
	for side, tree := range map[string]map[string][]byte{"base": base, "head": head} {
		for p, data := range tree {
			full := filepath.Join(root, side, filepath.FromSlash(p))
			os.MkdirAll(filepath.Dir(full), 0o755)
			if err := os.WriteFile(full, data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	res, lines := cliReview(t, base, head, false)
	var chatPair bool
	for _, p := range res.Pairs {
		if p.Head == dir+"gpt-3_5-turbo_chat.yml#1" && p.Severity == "high" && strings.Contains(p.Why, "finish reason stop → length") {
			chatPair = true
		}
	}
	if !chatPair {
		t.Fatalf("recview review does not say the chat's finish reason changed: %+v", res.Pairs)
	}
	tb := newTab(t)
	tb.open("/")
	tb.dropOn(sel("review-drop-base"), filepath.Join(root, "base"))
	tb.waitFor("the base folder", `document.body.textContent.includes('base: 3 files (3 cassettes)')`)
	tb.pickHeadAndCheck(filepath.Join(root, "head"), res, lines)
	t.Logf("wrote %s", tb.screenshot("table"))
}
