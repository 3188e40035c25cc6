package main

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/recview/recview/internal/pageworker"
	"github.com/recview/recview/internal/tools/corpustest"
	"github.com/recview/recview/internal/tools/fakegithub"
	"github.com/recview/recview/recordings/permalink"
	"github.com/recview/recview/recordings/review"
)

func readTree(t *testing.T, dir string) []review.File {
	t.Helper()
	var files []review.File
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".json") {
			return err
		}
		data, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		files = append(files, review.File{Path: filepath.ToSlash(rel), Data: data})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// The report the page gets says what `recview review --json` says
// (review.Result.WriteJSON, the CLI's contract), pair by pair in the same
// order, with the verdicts and their counts besides; Between is called.
func TestReportMatchesJSON(t *testing.T) {
	for _, set := range []string{"test-isolation-3681", "qwen3-rerecord-3978"} {
		t.Run(set, func(t *testing.T) {
			dir := filepath.Join("..", "..", "recordings", "review", "testdata", set)
			base, head := readTree(t, filepath.Join(dir, "base")), readTree(t, filepath.Join(dir, "head"))
			calls := 0
			do := func(o *review.Options) (*review.Result, error) { return review.Review(base, head, o) }
			_, made, err := run(do, func() { calls++ }, func() ([2]map[string][32]byte, error) { return fileSums(base, head), nil })
			if err != nil {
				t.Fatal(err)
			}
			out, err := pageworker.EncodeReport(&made)
			if err != nil {
				t.Fatal(err)
			}
			if _, plain, err := run(do, func() {}, func() ([2]map[string][32]byte, error) { return [2]map[string][32]byte{}, nil }); err != nil || len(plain.Rows) != len(made.Rows) || plain.Rows[0].Digest != "" {
				t.Errorf("without digests: %d rows, the first's digest %q, err %v", len(plain.Rows), plain.Rows[0].Digest, err)
			}
			if calls < len(base) {
				t.Errorf("between called %d times for %d base files", calls, len(base))
			}
			pauses := 0
			rep, err := pageworker.DecodeReport(out, func() { pauses++ })
			if err != nil {
				t.Fatal(err)
			}
			if pauses != len(rep.Rows) {
				t.Errorf("%d pauses for %d rows", pauses, len(rep.Rows))
			}
			res, err := review.Review(base, head, nil)
			if err != nil {
				t.Fatal(err)
			}
			var cli bytes.Buffer
			if err := res.WriteJSON(&cli); err != nil {
				t.Fatal(err)
			}
			sc := bufio.NewScanner(&cli)
			i, counts := 0, map[string]int{}
			for ; sc.Scan(); i++ {
				var want map[string]any
				if err := json.Unmarshal(sc.Bytes(), &want); err != nil {
					t.Fatal(err)
				}
				if i >= len(rep.Rows) {
					t.Fatalf("the report has %d rows, the CLI more", len(rep.Rows))
				}
				r := rep.Rows[i]
				str := func(s string) any {
					if s == "" {
						return nil
					}
					return s
				}
				got := map[string]any{"base": str(r.Base), "head": str(r.Head), "change": r.Change, "request": str(r.Request),
					"result": str(r.Result), "metadata_only": r.MetadataOnly, "test_id": str(r.TestID), "endpoint": r.Endpoint,
					"name": str(r.Name), "why": r.Why, "severity": r.Severity, "verdict": r.Verdict}
				if d := cmp.Diff(want, got); d != "" {
					t.Errorf("row %d (-cli +report):\n%s", i, d)
				}
				if r.Verdict != string(res.Pairs[i].Verdict) || r.Meaningful != res.Pairs[i].Meaningful() {
					t.Errorf("row %d: verdict %q meaningful %v, want %q", i, r.Verdict, r.Meaningful, res.Pairs[i].Verdict)
				}
				// The digest of the pair's two files, from the files.
				var sums [2][32]byte
				for side, files := range [2][]review.File{base, head} {
					for _, f := range files {
						if f.Path == [2]string{r.Base, r.Head}[side] {
							sums[side] = sha256.Sum256(f.Data)
						}
					}
				}
				whole := sha256.Sum256(append(sums[0][:], sums[1][:]...))
				if want := hex.EncodeToString(whole[:])[:32]; r.Digest != want {
					t.Errorf("row %d: digest %q, want %q", i, r.Digest, want)
				}
				counts[r.Verdict]++
			}
			if i != len(rep.Rows) {
				t.Errorf("the report has %d rows, the CLI %d", len(rep.Rows), i)
			}
			for _, c := range rep.Verdicts {
				if counts[c.Of] != c.N {
					t.Errorf("verdict %q counted %d, the rows have %d", c.Of, c.N, counts[c.Of])
				}
			}
			// The severities and head names the summary leads with, counted
			// from the rows; the rows to look at, those of high or medium
			// severity.
			look := 0
			for _, r := range rep.Rows {
				if r.Severity == "high" || r.Severity == "medium" {
					look++
				}
			}
			if rep.ToLookAt != look || look == 0 {
				t.Errorf("%d rows to look at, the rows have %d", rep.ToLookAt, look)
			}
			for what, got := range map[string][]pageworker.Count{"severity": rep.Severities, "name": rep.Names} {
				want := map[string]int{}
				for _, r := range rep.Rows {
					if k := map[string]string{"severity": r.Severity, "name": r.Name}[what]; k != "" {
						want[k]++
					}
				}
				n := 0
				for _, c := range got {
					n += c.N
					if want[c.Of] != c.N {
						t.Errorf("%s %q counted %d, the rows have %d", what, c.Of, c.N, want[c.Of])
					}
				}
				if len(got) != len(want) || n == 0 {
					t.Errorf("%s counts %v, the rows have %v", what, got, want)
				}
			}
			if len(rep.Verdicts) != len(counts) {
				t.Errorf("%d verdict counts for %d verdicts", len(rep.Verdicts), len(counts))
			}
		})
	}
}

// wantDigest is a row's digest worked out here from the trees, apart
// from the core's code: the SHA-256 of each side's file (of its
// cassette's SHA-256 and "#K" for an interaction PATH#K; 32 zero bytes
// for no side), then the first 32 hex digits of the SHA-256 of the two.
func wantDigest(t *testing.T, trees [2]map[string][]byte, paths [2]string) string {
	t.Helper()
	var sums [2][32]byte
	for side, p := range paths {
		if p == "" {
			continue
		}
		if data, ok := trees[side][p]; ok {
			sums[side] = sha256.Sum256(data)
			continue
		}
		i := strings.LastIndexByte(p, '#')
		data, ok := trees[side][p[:max(i, 0)]]
		if i < 0 || !ok {
			t.Fatalf("%s: no such file", p)
		}
		file := sha256.Sum256(data)
		sums[side] = sha256.Sum256(append(file[:], p[i:]...))
	}
	whole := sha256.Sum256(append(sums[0][:], sums[1][:]...))
	return hex.EncodeToString(whole[:])[:32]
}

// TestReportDigestsEveryReview: every review's rows have their pair's
// digest. A cassette's interactions each their own (before, they all
// had the digest of two missing files: one for all); a GitHub review's
// rows the digests of the same pairs reviewed as two folders, so that a
// decision kept by a digest holds whichever way the pair was reviewed.
func TestReportDigestsEveryReview(t *testing.T) {
	t.Run("cassettes", func(t *testing.T) {
		cs := corpustest.ReadChangeSet(t, corpustest.ChangeSetFile("cassettes-tool-availability-6793"))
		trees := [2]map[string][]byte{cs.Base, cs.Head}
		var files [2][]review.File
		for side, m := range trees {
			for p, d := range m {
				files[side] = append(files[side], review.File{Path: p, Data: d})
			}
		}
		do := func(o *review.Options) (*review.Result, error) { return review.Review(files[0], files[1], o) }
		_, rep, err := run(do, func() {}, func() ([2]map[string][32]byte, error) { return fileSums(files[0], files[1]), nil })
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		interactions := 0
		for _, r := range rep.Rows {
			if strings.Contains(r.Path(), "#") {
				interactions++
			}
			if want := wantDigest(t, trees, [2]string{r.Base, r.Head}); r.Digest != want {
				t.Errorf("%s: digest %q, want %q", r.Path(), r.Digest, want)
			}
			if seen[r.Digest] {
				t.Errorf("%s: digest %s given twice", r.Path(), r.Digest)
			}
			seen[r.Digest] = true
		}
		if interactions < 60 {
			t.Errorf("%d interactions among %d rows", interactions, len(rep.Rows))
		}
	})
	t.Run("github", func(t *testing.T) {
		base, head := changeSet(t, "qwen3-rerecord-3978")
		srv := fakegithub.New("ogx-ai", "ogx", 3978, base, head)
		l := &loader{get: fakeFetch(srv), post: func(pageworker.Status) {}, now: time.Now}
		b, h, err := l.github(permalink.Review{Kind: permalink.ReviewPR, Owner: "ogx-ai", Repo: "ogx", Number: 3978})
		if err != nil {
			t.Fatal(err)
		}
		do := func(o *review.Options) (*review.Result, error) { return review.Review(b, h, o) }
		_, pr, err := run(do, func() {}, func() ([2]map[string][32]byte, error) { return fileSums(b, h), nil })
		if err != nil {
			t.Fatal(err)
		}
		var files [2][]review.File
		for side, m := range [2]map[string][]byte{base, head} {
			for p, d := range m {
				files[side] = append(files[side], review.File{Path: p, Data: d})
			}
		}
		do = func(o *review.Options) (*review.Result, error) { return review.Review(files[0], files[1], o) }
		_, folders, err := run(do, func() {}, func() ([2]map[string][32]byte, error) { return fileSums(files[0], files[1]), nil })
		if err != nil {
			t.Fatal(err)
		}
		byPaths := map[[2]string]string{}
		for _, r := range folders.Rows {
			byPaths[[2]string{r.Base, r.Head}] = r.Digest
		}
		for _, r := range pr.Rows {
			if r.Digest == "" || r.Digest != byPaths[[2]string{r.Base, r.Head}] {
				t.Errorf("%s: digest %q, the folders' %q", r.Path(), r.Digest, byPaths[[2]string{r.Base, r.Head}])
			}
			if want := wantDigest(t, [2]map[string][]byte{base, head}, [2]string{r.Base, r.Head}); r.Digest != want {
				t.Errorf("%s: digest %q, want %q", r.Path(), r.Digest, want)
			}
		}
		if len(pr.Rows) < 8 {
			t.Errorf("%d rows", len(pr.Rows))
		}
	})
}
