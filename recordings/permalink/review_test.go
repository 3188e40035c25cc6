package permalink

import (
	"reflect"
	"testing"
)

// The review keys: pr=, compare=, folders= and file=, read and written
// back. The values were written by hand from GitHub's URLs
// (github.com/ogx-ai/ogx/pull/3681, .../compare/main...user:branch).
func TestParseReview(t *testing.T) {
	const path = "tests/integration/agents/recordings/0f54.json"
	for _, tc := range []struct {
		name, in string
		want     Fragment
		canon    string // f.String(); "" when it is in
	}{
		{"pull request", "v=2&pr=ogx-ai/ogx/3681",
			Fragment{Version: 2, Review: Review{Kind: ReviewPR, Owner: "ogx-ai", Repo: "ogx", Number: 3681}}, ""},
		{"pull request and file", "v=2&pr=ogx-ai/ogx/3681&file=" + path,
			Fragment{Version: 2, Review: Review{Kind: ReviewPR, Owner: "ogx-ai", Repo: "ogx", Number: 3681}, File: path}, ""},
		{"file first", "file=" + path + "&v=2&pr=o/r.go/1",
			Fragment{Version: 2, Review: Review{Kind: ReviewPR, Owner: "o", Repo: "r.go", Number: 1}, File: path},
			"v=2&pr=o/r.go/1&file=" + path},
		{"compare", "v=2&compare=ogx-ai/ogx/main...user:feature/x",
			Fragment{Version: 2, Review: Review{Kind: ReviewCompare, Owner: "ogx-ai", Repo: "ogx", Base: "main", Head: "user:feature/x"}}, ""},
		{"compare of commits with a file", "v=2&compare=o/r/045a0c1d...3f36bfae&file=a/b.json",
			Fragment{Version: 2, Review: Review{Kind: ReviewCompare, Owner: "o", Repo: "r", Base: "045a0c1d", Head: "3f36bfae"}, File: "a/b.json"}, ""},
		{"compare, escaped ref", "v=2&compare=o/r/main...a%26b",
			Fragment{Version: 2, Review: Review{Kind: ReviewCompare, Owner: "o", Repo: "r", Base: "main", Head: "a&b"}}, ""},
		{"folders", "v=2&folders=base/head&file=x/y.json",
			Fragment{Version: 2, Review: Review{Kind: ReviewFolders, Base: "base", Head: "head"}, File: "x/y.json"}, ""},
		{"folders with spaces", "v=2&folders=before%20run/after%20run",
			Fragment{Version: 2, Review: Review{Kind: ReviewFolders, Base: "before run", Head: "after run"}}, ""},
		{"file with a space", "v=2&pr=o/r/7&file=a%20b/c.json",
			Fragment{Version: 2, Review: Review{Kind: ReviewPR, Owner: "o", Repo: "r", Number: 7}, File: "a b/c.json"}, ""},
		{"a shared pair of two folders, renamed", "v=2&folders=b/h&file=x/new.json&base=x/old.json&d=AAAA&name=old.json&d=BBBB&name=new.json",
			Fragment{Version: 2, Review: Review{Kind: ReviewFolders, Base: "b", Head: "h"}, File: "x/new.json", Base: "x/old.json",
				Sources: []Source{{SourceData, "AAAA", "old.json", 0}, {SourceData, "BBBB", "new.json", 0}}}, ""},
		{"a shared added pair of two folders, data first", "d=AAAA&name=a.json&v=2&folders=b/h&file=x/a.json",
			Fragment{Version: 2, Review: Review{Kind: ReviewFolders, Base: "b", Head: "h"}, File: "x/a.json",
				Sources: []Source{{SourceData, "AAAA", "a.json", 0}}}, "v=2&folders=b/h&file=x/a.json&d=AAAA&name=a.json"},
		{"a shared deleted pair of two folders", "v=2&folders=b/h&file=x/a.json&base=x/a.json&d=AAAA&name=a.json",
			Fragment{Version: 2, Review: Review{Kind: ReviewFolders, Base: "b", Head: "h"}, File: "x/a.json", Base: "x/a.json",
				Sources: []Source{{SourceData, "AAAA", "a.json", 0}}}, ""},
		{"a pair's head opened as a recording, at a step", "v=2&pr=o/r/7&file=a/b.json&open=head&step=3",
			Fragment{Version: 2, Review: Review{Kind: ReviewPR, Owner: "o", Repo: "r", Number: 7}, File: "a/b.json", Open: "head", Step: 3, HasStep: true}, ""},
		{"review with a step and a panel", "v=2&pr=o/r/7&step=3&panel=raw",
			Fragment{Version: 2, Review: Review{Kind: ReviewPR, Owner: "o", Repo: "r", Number: 7}, Step: 3, HasStep: true, Panel: "raw"}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, err := Parse(tc.in)
			if err != nil {
				t.Fatalf("Parse(%q): %v", tc.in, err)
			}
			if !reflect.DeepEqual(f, tc.want) {
				t.Fatalf("Parse(%q) = %+v, want %+v", tc.in, f, tc.want)
			}
			canon := tc.canon
			if canon == "" {
				canon = tc.in
			}
			if got := f.String(); got != canon {
				t.Errorf("String() = %q, want %q", got, canon)
			}
		})
	}
}

func TestParseReviewErrors(t *testing.T) {
	for _, tc := range []struct {
		name, in, msg string
		off           int64
	}{
		{"pr without number", "v=2&pr=o/r", `recordings: pr: bad link: pr must be OWNER/REPO/NUMBER, not "o/r"`, 4},
		{"pr number zero", "pr=o/r/0", `pull request number, not "0"`, 0},
		{"pr number leading zero", "pr=o/r/012", `pull request number, not "012"`, 0},
		{"pr number negative", "pr=o/r/-1", `pull request number, not "-1"`, 0},
		{"pr number too long", "pr=o/r/1234567890", `pull request number`, 0},
		{"pr owner with a dot", "pr=o.x/r/1", `pr must be OWNER/REPO/NUMBER`, 0},
		{"pr owner starting with a hyphen", "pr=-o/r/1", `pr must be OWNER/REPO/NUMBER`, 0},
		{"pr repo dotdot", "pr=o/../1", `pr must be OWNER/REPO/NUMBER`, 0},
		{"pr extra part", "pr=o/r/1/files", `pr must be OWNER/REPO/NUMBER`, 0},
		{"compare one ref", "compare=o/r/main", `compare must name two refs, BASE...HEAD, not "main"`, 0},
		{"compare two dots", "compare=o/r/main..dev", `compare must name two refs`, 0},
		{"compare empty head", "compare=o/r/main...", `compare must name two refs`, 0},
		{"compare ref with a space", "compare=o/r/main...a%20b", `compare must name two refs`, 0},
		{"compare ref with a tilde", "compare=o/r/main~1...dev", `compare must name two refs`, 0},
		{"compare four dots", "compare=o/r/main....dev", `compare must name two refs`, 0},
		{"folders one name", "folders=base", `folders must be two folder names, BASE/HEAD, not "base"`, 0},
		{"folders three names", "folders=a/b/c", `folders must be two folder names`, 0},
		{"folders dotdot", "folders=../b", `folders must be two folder names`, 0},
		{"two reviews", "pr=o/r/1&compare=o/r/a...b", "recordings: compare: bad link: a link names one review, this is a second", 9},
		{"review then a source", "pr=o/r/1&sample=a.json", "recordings: sample: bad link: a review link names no recordings", 9},
		{"source then a review", "sample=a.json&pr=o/r/1", "recordings: pr: bad link: a review link names no recordings", 14},
		{"file without a review", "v=2&file=a.json&sample=b.json", "recordings: file: bad link: file names a pair of a review, and the link names none", 4},
		{"a pull request with data", "pr=o/r/1&file=a.json&d=AAAA", "recordings: d: bad link: a review link names no recordings", 21},
		{"two folders with a fetched source", "folders=b/h&file=a.json&src=https://x.example/a.json", "recordings: src: bad link: a review link names no recordings", 24},
		{"two folders' data without its pair", "folders=b/h&d=AAAA", "the recordings of a review of two folders come with the pair they are", 0},
		{"base with one source, not file", "folders=b/h&file=a.json&base=b.json&d=AAAA", "recordings: base: bad link: base names the base file of a shared pair of two folders; with one recording in the link (a deleted pair) it is file's path", 24},
		{"base without a source", "folders=b/h&file=a.json&base=a.json", "recordings: base: bad link: base names the base file of a shared pair of two folders, and the link carries none", 24},
		{"open without a file", "pr=o/r/1&open=head", "recordings: open: bad link: open names a side of a review's pair, and the link names none (file=)", 9},
		{"open of neither side", "pr=o/r/1&file=a.json&open=left", `recordings: open: bad link: open must be base or head, not "left"`, 21},
		{"open twice", "pr=o/r/1&file=a.json&open=head&open=base", "recordings: open: bad link: open appears twice", 31},
		{"base dotdot", "folders=b/h&file=a.json&base=../b.json&d=AAAA&d=BBBB", `base must be a relative path`, 24},
		{"file twice", "pr=o/r/1&file=a.json&file=b.json", "file appears twice", 21},
		{"file absolute", "pr=o/r/1&file=/etc/passwd", `file must be a relative path in the change set, not "/etc/passwd"`, 9},
		{"file dotdot", "pr=o/r/1&file=a/../b.json", `file must be a relative path`, 9},
		{"file empty component", "pr=o/r/1&file=a//b.json", `file must be a relative path`, 9},
		{"file backslash", "pr=o/r/1&file=a%5Cb.json", `file must be a relative path`, 9},
		{"pr no value", "pr=", "pr has no value", 0},
	} {
		t.Run(tc.name, func(t *testing.T) { checkBadLink(t, tc.in, tc.msg, tc.off) })
	}
}

// An older viewer ignores the review keys (unknown keys are for later
// versions), and this one still reads every older link: the frozen
// goldens are TestPermalinkGolden's; here, a review link stays version 2.
func TestReviewLinkVersion(t *testing.T) {
	f := Fragment{Review: Review{Kind: ReviewPR, Owner: "o", Repo: "r", Number: 5}, File: "a.json"}
	if got, want := f.String(), "v=2&pr=o/r/5&file=a.json"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}
