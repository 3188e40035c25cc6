package main

import (
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/recview/recview/internal/pageworker"
	"github.com/recview/recview/internal/pageworker/github"
	"github.com/recview/recview/internal/tools/fakegithub"
	"github.com/recview/recview/recordings/permalink"
	"github.com/recview/recview/recordings/review"
)

// fakeFetch answers with srv, applying the recording rules jsFetch
// applies to a recording's download (status 200 only) and asking take
// for the whole body at once.
func fakeFetch(srv http.Handler) fetcher {
	return func(u string, recording bool, take func(int) bool) (*answer, error) {
		req := httptest.NewRequest("GET", u, nil)
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, req)
		if recording && rec.Code != 200 {
			return nil, errors.New(u + ": the server answered " + http.StatusText(rec.Code))
		}
		if take != nil && !take(rec.Body.Len()) {
			return nil, fmt.Errorf("%s: %w", u, errOverBudget)
		}
		return &answer{status: rec.Code, header: rec.Header().Get, body: rec.Body.Bytes()}, nil
	}
}

func changeSet(t *testing.T, name string) (base, head map[string][]byte) {
	t.Helper()
	dir := filepath.Join("..", "..", "recordings", "review", "testdata", name)
	base, err := fakegithub.ReadTree(filepath.Join(dir, "base"))
	if err != nil {
		t.Fatal(err)
	}
	head, err = fakegithub.ReadTree(filepath.Join(dir, "head"))
	if err != nil {
		t.Fatal(err)
	}
	return base, head
}

// modifiedPath returns the path of one recording both sides of a change
// set hold with different bytes; the test fails when there is none.
func modifiedPath(t *testing.T, base, head map[string][]byte) string {
	t.Helper()
	for p, d := range head {
		if b, ok := base[p]; ok && string(b) != string(d) {
			return p
		}
	}
	t.Fatal("no modified recording in the change set")
	return ""
}

// A pull request is read with 2 + ceil(files/100) API requests (the
// change set is spread over pages of 100 by adding files that are not
// recordings), both sides of every changed recording come back, and the
// review of what came back is the review of the two trees.
func TestLoadPull(t *testing.T) {
	base, head := changeSet(t, "test-isolation-3681")
	for i := range 150 { // not recordings: listed, not fetched
		head["docs/notes/n"+strings.Repeat("x", i%7)+string(rune('a'+i%26))+string(rune('a'+i/26))+".md"] = []byte("x")
	}
	srv := fakegithub.New("ogx-ai", "ogx", 3681, base, head)
	var last pageworker.Status
	l := &loader{get: fakeFetch(srv), post: func(s pageworker.Status) { last = s }, now: time.Now}
	gotBase, gotHead, err := l.github(permalink.Review{Kind: permalink.ReviewPR, Owner: "ogx-ai", Repo: "ogx", Number: 3681})
	if err != nil {
		t.Fatal(err)
	}
	files := len(srv.Files())
	want := []string{"GET /repos/ogx-ai/ogx/pulls/3681", "GET /repos/ogx-ai/ogx/compare/" + srv.BaseSHA + "..." + srv.HeadSHA + "?per_page=1"}
	for k := 1; k <= github.Pages(files); k++ {
		want = append(want, "GET /repos/ogx-ai/ogx/pulls/3681/files?per_page=100&page="+strconv.Itoa(k))
	}
	if got := srv.Requests(); !slices.Equal(got, want) {
		t.Errorf("API requests:\n%s\nwant (%d files):\n%s", strings.Join(got, "\n"), files, strings.Join(want, "\n"))
	}
	if w := strconv.Itoa(60-len(want)) + " of 60 GitHub API requests left"; last.Rate != w {
		t.Errorf("rate %q after %d requests, want %q", last.Rate, len(want), w)
	}
	if len(want) < 4 {
		t.Errorf("%d files make %d pages: the test wants more than one", files, len(want)-2)
	}
	if last.HeadSHA != srv.HeadSHA || last.Title != srv.Title || len(last.Notes) != 0 {
		t.Errorf("status %+v", last)
	}
	// What came back is the change set's recordings: the trees less the
	// files both sides hold unchanged.
	var wantBase, wantHead []review.File
	for p, d := range base {
		if h, ok := head[p]; !ok || string(h) != string(d) {
			wantBase = append(wantBase, review.File{Path: p, Data: d})
		}
	}
	for p, d := range head {
		if b, ok := base[p]; (!ok || string(b) != string(d)) && strings.HasSuffix(p, ".json") {
			wantHead = append(wantHead, review.File{Path: p, Data: d})
		}
	}
	for _, c := range []struct {
		name      string
		got, want []review.File
	}{{"base", gotBase, wantBase}, {"head", gotHead, wantHead}} {
		if len(c.got) != len(c.want) {
			t.Errorf("%s: %d files, want %d", c.name, len(c.got), len(c.want))
		}
	}
	r1, err := review.Review(gotBase, gotHead, nil)
	if err != nil {
		t.Fatal(err)
	}
	r2, err := review.Review(wantBase, wantHead, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(verdicts(r1), verdicts(r2)) {
		t.Errorf("verdicts %v, want %v", verdicts(r1), verdicts(r2))
	}
}

func verdicts(r *review.Result) []string {
	var out []string
	for _, c := range r.Verdicts() {
		out = append(out, string(c.Of)+":"+strings.Repeat("|", c.N))
	}
	return out
}

// With the limit spent, the first answer is a 403 that says when the
// limit resets; nothing else is asked (no retry).
func TestLoadRateLimited(t *testing.T) {
	base, head := changeSet(t, "instructions-param-3741")
	srv := fakegithub.New("o", "r", 5, base, head)
	srv.Remaining = 0
	srv.Reset = time.Now().Add(17*time.Minute + 20*time.Second)
	l := &loader{get: fakeFetch(srv), post: func(pageworker.Status) {}, now: time.Now}
	_, _, err := l.github(permalink.Review{Kind: permalink.ReviewPR, Owner: "o", Repo: "r", Number: 5})
	if !errors.Is(err, github.ErrRateLimited) {
		t.Fatalf("error %v, want ErrRateLimited", err)
	}
	if !strings.Contains(err.Error(), "resets at "+srv.Reset.UTC().Format("15:04")+" UTC, in 17 minutes") {
		t.Errorf("error %q does not say when the limit resets", err)
	}
	if n := len(srv.Requests()); n != 1 {
		t.Errorf("%d requests, want 1: no retry", n)
	}
}

// A comparison is one request; a recording that cannot be fetched is
// left out and noted, and the others are reviewed.
func TestLoadCompare(t *testing.T) {
	base, head := changeSet(t, "qwen3-rerecord-3978")
	srv := fakegithub.New("o", "r", 1, base, head)
	gone := ""
	for p := range head {
		if _, ok := base[p]; !ok {
			gone = p
			break
		}
	}
	wrapped := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Host == "raw.githubusercontent.com" && strings.HasSuffix(r.URL.Path, gone) {
			http.Error(w, "gone", http.StatusNotFound)
			return
		}
		srv.ServeHTTP(w, r)
	})
	l := &loader{get: fakeFetch(wrapped), post: func(pageworker.Status) {}, now: time.Now}
	b, h, err := l.github(permalink.Review{Kind: permalink.ReviewCompare, Owner: "o", Repo: "r", Base: "main", Head: "feature"})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(srv.Requests()); n != 1 {
		t.Errorf("%d API requests, want 1", n)
	}
	if len(l.st.Notes) != 1 || !strings.Contains(l.st.Notes[0], gone) {
		t.Errorf("notes %q, want one naming %s", l.st.Notes, gone)
	}
	want := -1 // the one that cannot be fetched
	for _, f := range srv.Files() {
		want += map[string]int{"modified": 2}[f.Status] + map[string]int{"added": 1, "removed": 1}[f.Status]
	}
	if len(b)+len(h) != want {
		t.Errorf("%d files fetched, want %d", len(b)+len(h), want)
	}
}

// A changed file one of whose sides cannot be fetched is left out whole,
// noted: its other side alone would read as an added or deleted file.
func TestLoadLosesAPairWhole(t *testing.T) {
	base, head := changeSet(t, "instructions-param-3741")
	srv := fakegithub.New("ogx-ai", "ogx", 3741, base, head)
	modified := modifiedPath(t, base, head)
	get := fakeFetch(srv)
	var last pageworker.Status // the page is told the notes
	l := &loader{post: func(s pageworker.Status) { last = s }, now: time.Now, get: func(u string, recording bool, take func(int) bool) (*answer, error) {
		if recording && strings.Contains(u, srv.HeadSHA) && strings.HasSuffix(u, "/"+modified) {
			return nil, errors.New(u + ": the server answered with a redirect")
		}
		return get(u, recording, take)
	}}
	gotBase, gotHead, err := l.github(permalink.Review{Kind: permalink.ReviewPR, Owner: "ogx-ai", Repo: "ogx", Number: 3741})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range append(gotBase, gotHead...) {
		if f.Path == modified {
			t.Errorf("%s: its base came back though its head could not be fetched", modified)
		}
	}
	if len(last.Notes) != 1 || !strings.Contains(last.Notes[0], modified) {
		t.Errorf("notes %q, want one naming %s", last.Notes, modified)
	}
	if len(gotHead) == 0 {
		t.Errorf("nothing else came back")
	}
}

// Past the download budget no download starts and none under way goes
// on: the recordings fetched are reviewed, the rest counted in one note,
// and no pair is reviewed with one side only.
func TestLoadBudget(t *testing.T) {
	base, head := changeSet(t, "test-isolation-3681")
	srv := fakegithub.New("ogx-ai", "ogx", 3681, base, head)
	get := fakeFetch(srv)
	var fetchedN atomic.Int64 // downloads kept; the fetcher runs on rawAtOnce goroutines
	const budget = 64 << 10
	var last pageworker.Status
	l := &loader{post: func(s pageworker.Status) { last = s }, now: time.Now, budget: budget, get: func(u string, recording bool, take func(int) bool) (*answer, error) {
		a, err := get(u, recording, take)
		if recording && err == nil {
			fetchedN.Add(1)
		}
		return a, err
	}}
	gotBase, gotHead, err := l.github(permalink.Review{Kind: permalink.ReviewPR, Owner: "ogx-ai", Repo: "ogx", Number: 3681})
	if err != nil {
		t.Fatal(err)
	}
	fetched := int(fetchedN.Load())
	var files []github.ChangedFile
	for _, f := range srv.Files() {
		files = append(files, github.ChangedFile{Path: f.Filename, Status: f.Status})
	}
	plan, _ := github.Plan(files, github.Commit{Repo: "ogx-ai/ogx", SHA: srv.BaseSHA}, github.Commit{Repo: "ogx-ai/ogx", SHA: srv.HeadSHA})
	size := 0
	for _, f := range append(gotBase, gotHead...) {
		size += len(f.Data)
	}
	// What is kept fits the budget: a piece of a download that would
	// pass it stops that download, whatever else is under way.
	if fetched >= len(plan) || size > budget {
		t.Errorf("%d of %d downloads made, %d bytes kept, for a budget of %d", fetched, len(plan), size, budget)
	}
	if len(last.Notes) == 0 {
		t.Fatalf("no note of the recordings not fetched")
	}
	note := last.Notes[len(last.Notes)-1]
	if want := strconv.Itoa(len(plan)-fetched) + " recordings not fetched"; !strings.HasPrefix(note, want) {
		t.Errorf("note %q, want it to start %q", note, want)
	}
	byChange := map[int]int{}
	kept := map[string]bool{}
	for _, f := range gotBase {
		kept["base "+f.Path] = true
	}
	for _, f := range gotHead {
		kept["head "+f.Path] = true
	}
	for _, d := range plan {
		if kept[string(d.Side)+" "+d.Path] {
			byChange[d.Change]++
		}
	}
	for _, d := range plan {
		if n, want := byChange[d.Change], 0; n > 0 {
			for _, e := range plan {
				if e.Change == d.Change {
					want++
				}
			}
			if n != want {
				t.Errorf("%s: %d of its %d sides kept", d.Path, n, want)
			}
		}
	}
}

// A pull request of more files than GitHub lists (3,000) is read in 30
// pages and says so; its recordings among the files listed are fetched.
func TestLoadLongList(t *testing.T) {
	base, head := changeSet(t, "instructions-param-3741")
	for i := range 3200 { // listed after the recordings (by path)
		head[fmt.Sprintf("zz/%04d.md", i)] = []byte("x")
	}
	srv := fakegithub.New("ogx-ai", "ogx", 3741, base, head)
	var last pageworker.Status
	l := &loader{get: fakeFetch(srv), post: func(s pageworker.Status) { last = s }, now: time.Now}
	gotBase, gotHead, err := l.github(permalink.Review{Kind: permalink.ReviewPR, Owner: "ogx-ai", Repo: "ogx", Number: 3741})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(srv.Requests()); n != 2+30 {
		t.Errorf("%d API requests, want 32 (the pull request, its merge base and 30 pages of 100 files)", n)
	}
	total := len(srv.Files())
	if want := fmt.Sprintf("GitHub lists 3000 of the pull request's %d files", total); len(last.Notes) != 1 || !strings.HasPrefix(last.Notes[0], want) {
		t.Errorf("notes %q, want one saying %q", last.Notes, want)
	}
	if len(gotBase)+len(gotHead) == 0 {
		t.Errorf("no recording fetched")
	}
}

// The base branch moved on after the pull request branched off (a
// recording changed there since): the base side is read at the merge
// base, as "Files changed" compares, not at the pull request's base.sha.
func TestLoadMergeBase(t *testing.T) {
	base, head := changeSet(t, "instructions-param-3741")
	srv := fakegithub.New("ogx-ai", "ogx", 3741, base, head)
	changed := modifiedPath(t, base, head)
	srv.TipSHA, srv.BaseTip = strings.Repeat("d", 40), map[string][]byte{}
	for p, d := range base {
		srv.BaseTip[p] = d
	}
	srv.BaseTip[changed] = head[changed] // the base branch took the same change later
	l := &loader{get: fakeFetch(srv), post: func(pageworker.Status) {}, now: time.Now}
	gotBase, _, err := l.github(permalink.Review{Kind: permalink.ReviewPR, Owner: "ogx-ai", Repo: "ogx", Number: 3741})
	if err != nil {
		t.Fatal(err)
	}
	if reqs := srv.Requests(); len(reqs) < 2 || reqs[1] != "GET /repos/ogx-ai/ogx/compare/"+srv.TipSHA+"..."+srv.HeadSHA+"?per_page=1" {
		t.Errorf("API requests %q: want the pull request, then its merge base", reqs)
	}
	for _, f := range gotBase {
		if f.Path == changed && string(f.Data) != string(base[changed]) {
			t.Errorf("%s: the base side was read at the base branch's tip, not at the merge base", changed)
		}
	}
}
