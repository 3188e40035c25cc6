package review

import (
	"net/url"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/recview/recview/recordings/permalink"
)

// With MarkdownOptions.Review, each row links to the viewer's review of
// the pull request at its pair: the link reads back (permalink.Parse) as
// the pull request and the pair's path in the repository, the path the
// review page knows the pair by (its head's, its base's when deleted);
// and the links are shorter than the two src= URLs of the same rows.
func TestMarkdownReviewLinks(t *testing.T) {
	dir := filepath.Join("testdata", "test-isolation-3681")
	res, err := Review(readTree(t, filepath.Join(dir, "base")), readTree(t, filepath.Join(dir, "head")), nil)
	if err != nil {
		t.Fatal(err)
	}
	pr := permalink.Review{Kind: permalink.ReviewPR, Owner: "ogx-ai", Repo: "ogx", Number: 3681}
	md := res.Markdown(MarkdownOptions{Viewer: "https://recview.example/", Review: pr, Prefix: "repo/sub"})
	links := regexp.MustCompile(`\]\((https://recview\.example/#[^)]*)\)`).FindAllStringSubmatch(md, -1)
	files := map[string]bool{}
	for _, l := range links {
		u, err := url.Parse(l[1])
		if err != nil {
			t.Fatal(err)
		}
		f, err := permalink.Parse(u.EscapedFragment())
		if err != nil {
			t.Fatalf("%s: %v", l[1], err)
		}
		if f.Review != pr || len(f.Sources) != 0 {
			t.Errorf("%s: review %+v, sources %v", l[1], f.Review, f.Sources)
		}
		files[f.File] = true
	}
	for _, p := range res.Pairs {
		want := "repo/sub/" + p.Head
		if p.Head == "" {
			want = "repo/sub/" + p.Base
		}
		if p.Verdict != VerdictUnchanged && !files[want] {
			t.Errorf("no row links to %s", want)
		}
	}
	if len(links) == 0 {
		t.Fatal("no links")
	}
	src := res.Markdown(MarkdownOptions{Viewer: "https://recview.example/", URL: func(s Side, p string) string {
		return "https://raw.githubusercontent.com/ogx-ai/ogx/" + strings.Repeat("a", 40) + "/" + p
	}})
	if len(md) >= len(src) {
		t.Errorf("the comment with review links is %d bytes, with src= links %d", len(md), len(src))
	}
	if strings.Contains(md, "No links") {
		t.Errorf("the comment says it has no links")
	}
}
