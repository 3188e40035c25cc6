package review

import (
	"fmt"
	"path"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/recview/recview/recordings/fixturepath"
	"github.com/recview/recview/recordings/permalink"
	"github.com/recview/recview/recordings/reqhash"
	"github.com/recview/recview/recordings/testid"
)

// Limits of Markdown, in bytes (at least as many as GitHub's characters).
const (
	// MaxComment is the longest comment body GitHub takes: 65,536
	// characters.
	MaxComment = 65536
	// MaxLink is the longest link Markdown writes; a longer one is left
	// out and the row shows its path alone. GitHub stops making links of
	// URLs a few thousand characters long.
	MaxLink = 2000
)

// Marker starts every comment Markdown writes: an HTML comment, hidden
// on GitHub, by which a bot finds its earlier comment to update it.
const Marker = "<!-- recview -->"

// MarkdownOptions says where a comment's rows link to.
type MarkdownOptions struct {
	// Viewer is the URL of recview's viewer, like
	// "https://recview.example/" (a fragment in it is dropped).
	Viewer string
	// URL returns the URL the viewer fetches a file of the change set from
	// (a src= source, see permalink.Parse), like a
	// raw.githubusercontent.com URL pinned to a commit; "" when there is
	// none. With a nil URL or an empty Viewer, rows have no links.
	URL func(side Side, path string) string
	// Title is the comment's heading; "recview: recordings in this change"
	// when "".
	Title string
	// Footer, when not "", is a line written after the summary, like
	// which commits were compared.
	Footer string
	// Review, when set (a pull request, permalink.ReviewPR), makes the
	// rows link to the viewer's review of it at each pair instead:
	// "#v=2&pr=OWNER/REPO/N&file=PATH", PATH the pair's head path (its
	// base path for a deleted file) under Prefix. Such a link is far
	// shorter than two src= URLs, so fewer rows lose theirs; URL is not
	// needed.
	Review permalink.Review
	// Prefix is the folder the trees' paths lie in within the repository
	// ("tests/integration/"), "" when they are the repository's paths.
	Prefix string
	// FileView, when Viewer is "", returns the page of a file of the
	// change set on its host, like GitHub's blob page at a pinned commit
	// ("" for none): rows then link to their head file (their base file
	// when deleted) there, a cassette's interaction to its cassette.
	FileView func(side Side, path string) string
	// Decisions, when not nil (even empty), are a reviewer's decisions on
	// the pairs, by digest (the pairs' Digest: Result.SetDigests first):
	// the comment then leads with them, the flagged pairs first (see
	// Result.Markdown).
	Decisions Decisions
}

// testGroup is the recordings of one test added or deleted.
type testGroup struct {
	title string
	pairs []*Pair
}

// byTest groups pairs by test_id (by folder when there is none), in the
// order of their first pair.
func byTest(pairs []*Pair) []testGroup {
	var out []testGroup
	at := map[string]int{}
	for _, p := range pairs {
		key, title := p.TestID, code(shortTestN(p.TestID, maxTestCell))
		if key == "" {
			d := path.Dir(p.sortPath())
			key, title = "\x00"+d, escape(d+"/")
		}
		i, ok := at[key]
		if !ok {
			i = len(out)
			at[key] = i
			out = append(out, testGroup{title: title})
		}
		out[i].pairs = append(out[i].pairs, p)
	}
	return out
}

// maxFileLinks is the most files a group's row links to.
const maxFileLinks = 8

// fileLinks is the files of a group, the first maxFileLinks each linked
// to the viewer by the first 8 digits of its name, and how many more;
// their count alone without links.
func fileLinks(pairs []*Pair, opt MarkdownOptions, links bool) string {
	viewer := opt.Viewer != "" && (opt.URL != nil || opt.Review.Kind != "")
	if !links || !viewer && (opt.Viewer != "" || opt.FileView == nil) {
		return plural(len(pairs), "file")
	}
	var out []string
	for _, p := range pairs[:min(len(pairs), maxFileLinks)] {
		name := path.Base(p.sortPath())
		if h, ok := reqhash.FromName(name); ok {
			name = h[:min(len(h), 8)]
		}
		if u := viewerLink(p, opt); u != "" {
			out = append(out, "["+escape(name)+"]("+u+")")
		} else {
			out = append(out, escape(name))
		}
	}
	if n := len(pairs) - maxFileLinks; n > 0 {
		out = append(out, fmt.Sprintf("and %d more", n))
	}
	return strings.Join(out, " ")
}

func countVerdict(pairs []*Pair, v Verdict) int {
	n := 0
	for _, p := range pairs {
		if p.Verdict == v {
			n++
		}
	}
	return n
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// testCell is a row's test (its test_id cut to maxTestCell, else its
// path less dir) linked to the viewer.
func testCell(p *Pair, opt MarkdownOptions, dir string, link bool) string {
	label := code(shortTestN(p.TestID, maxTestCell))
	if p.TestID == "" {
		label = escape(short(strings.TrimPrefix(p.sortPath(), dir)))
	}
	if link {
		if u := viewerLink(p, opt); u != "" {
			label = "[" + label + "](" + u + ")"
		}
	}
	return label
}

// viewerLink is the link that opens a pair in the viewer (or, with no
// viewer, its file's page: FileView), "" when there is none or it would
// be longer than MaxLink. A cassette's interaction ("PATH#K") is its
// cassette's URL and i=K (permalink.Source.Interaction), or, with no
// viewer, the cassette's page.
func viewerLink(p *Pair, opt MarkdownOptions) string {
	if opt.Viewer == "" && opt.FileView != nil {
		side, file := Head, p.Head
		if file == "" {
			side, file = Base, p.Base
		}
		file, _ = p.interaction(file)
		u := opt.FileView(side, file)
		if u == "" || len(u) >= MaxLink {
			return ""
		}
		return strings.NewReplacer("(", "%28", ")", "%29", " ", "%20", "<", "%3C", ">", "%3E").Replace(u)
	}
	if opt.Review.Kind != "" && opt.Viewer != "" {
		return finishLink(opt.Viewer, permalink.Fragment{Version: permalink.Version, Review: opt.Review, File: path.Join(opt.Prefix, p.sortPath())})
	}
	if opt.URL == nil || opt.Viewer == "" {
		return ""
	}
	var srcs []permalink.Source
	for _, s := range []struct {
		side Side
		path string
	}{{Base, p.Base}, {Head, p.Head}} {
		if s.path == "" {
			continue
		}
		file, k := p.interaction(s.path)
		u := opt.URL(s.side, file)
		if u == "" {
			return ""
		}
		srcs = append(srcs, permalink.Source{Kind: permalink.SourceURL, Value: u, Interaction: k})
	}
	return finishLink(opt.Viewer, permalink.Fragment{Version: permalink.Version, Sources: srcs})
}

// interaction splits a path of the pair into its file and, for a
// cassette's interaction ("PATH#K": fixturepath.CutInteraction), K; 0
// for a recording's path.
func (p *Pair) interaction(s string) (file string, k int) {
	if !p.cassette {
		return s, 0
	}
	file, k, _ = fixturepath.CutInteraction(s)
	return file, k
}

// finishLink is the viewer's link to fragment f, escaped for a Markdown
// link's destination; "" when longer than MaxLink.
func finishLink(viewer string, f permalink.Fragment) string {
	base, _, _ := strings.Cut(viewer, "#")
	link := base + "#" + f.String()
	if len(link) >= MaxLink {
		return ""
	}
	// Markdown's link destination ends at ")" or a space: escape them.
	return strings.NewReplacer("(", "%28", ")", "%29", " ", "%20").Replace(link)
}

// commonDir is the folder ("a/b/") every path of the pairs is in, "" when
// there is none.
func commonDir(pairs []Pair) string {
	dir, first := "", true
	for i := range pairs {
		for _, p := range []string{pairs[i].Base, pairs[i].Head} {
			if p == "" {
				continue
			}
			d := p[:strings.LastIndexByte(p, '/')+1]
			if first {
				dir, first = d, false
				continue
			}
			for !strings.HasPrefix(d, dir) {
				dir = dir[:strings.LastIndexByte(dir[:len(dir)-1], '/')+1]
			}
		}
	}
	return dir
}

// short cuts the hash of a recording's file name to 12 digits:
// "a/0f5443c07d15….json".
func short(p string) string {
	dir, name := "", p
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		dir, name = p[:i+1], p[i+1:]
	}
	if h, ok := reqhash.FromName(name); ok && len(h) == 64 {
		if i := strings.Index(name, h); i >= 0 {
			name = name[:i+12] + "…" + name[i+64:]
		}
	}
	return dir + name
}

// ShortTest is a test_id for people: without its file's path (the part
// before "::"), cut to 100 bytes.
func ShortTest(id string) string { return shortTestN(id, 100) }

// shortTestN is testid.Short: a test_id without its file's path, cut to
// about n bytes.
func shortTestN(id string, n int) string { return testid.Short(id, n) }

// escape makes s plain text in a Markdown table cell: the punctuation
// that makes emphasis, code, links, HTML, entities, table cells, issue
// references and mentions is escaped with "\\", newlines become spaces.
func escape(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '\n' || r == '\r':
			b.WriteByte(' ')
		case strings.ContainsRune("\\`*_[]<>|~&#@", r):
			b.WriteByte('\\')
			b.WriteRune(r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// plainNote is a decision's note as one line of text: invalid UTF-8 as
// U+FFFD, control characters and line breaks as spaces, the characters
// that turn the direction of text dropped.
func plainNote(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case isBidi(r):
			return -1
		case unicode.IsControl(r) || r == '\u2028' || r == '\u2029':
			return ' '
		}
		return r
	}, strings.ToValidUTF8(s, "\uFFFD"))
}

// noteCell writes a note (plainNote's) in a table cell: cut to n
// characters ("…" the last when cut), escaped, and "$" (GitHub's math),
// "(" and ")" too: no "](" is left of a link's text and destination,
// even to a reader that does not know Markdown's escapes.
func noteCell(s string, n int) string {
	return strings.NewReplacer("$", `\$`, "(", `\(`, ")", `\)`).Replace(escape(cutRunes(s, n)))
}

// cutRunes cuts s to n characters (runes), the last "…" when cut.
func cutRunes(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	i, k := 0, 0
	for i = range s {
		if k == n-1 {
			break
		}
		k++
	}
	return s[:i] + "…"
}

// code writes s as a code span in a table cell ("" for none).
func code(s string) string {
	if s == "" {
		return ""
	}
	s = strings.NewReplacer("`", "'", "|", `\|`, "\n", " ").Replace(s)
	return "`" + s + "`"
}
