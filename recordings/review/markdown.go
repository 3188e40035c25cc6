package review

import (
	"fmt"
	"path"
	"strings"

	"github.com/recview/recview/recordings/permalink"
	"github.com/recview/recview/recordings/reqhash"
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
}

// Markdown writes r as a pull-request comment in GitHub-flavoured
// Markdown: Marker, a title, a line of counts per change, a table of
// counts per verdict (most meaningful first), the head names and the
// tests whose recordings grew; then a table of the pairs a reviewer has
// to look at (Verdict.Meaningful) and, folded in a <details> per
// verdict, the other pairs but those of files unchanged in place. Each
// row gives the verdict, the path, the test_id (without its file) and the
// Why; its path (less the folder all paths share, which the summary
// names) links to the viewer: the
// comparison of the two sides for a modified or renamed pair
// ("#v=2&src=BASE_URL&src=HEAD_URL"), the file alone for an added or
// deleted one. Links never carry inline data (d=), and a link longer than
// MaxLink is left out.
//
// The comment is never longer than MaxComment bytes: past it, the
// folded rows lose their links, then the rows of added and deleted
// recordings, then rows are left out, the folded ones first, and a last
// line says how many and points to `recview review --json`. Markdown's own characters in texts (paths, test ids, whys) are
// escaped; no raw HTML comes from the recordings.
func (r *Result) Markdown(opt MarkdownOptions) string {
	for links := linksAll; links < linksChanged; links++ {
		if s, ok := r.markdown(opt, links, MaxComment); ok {
			return s
		}
	}
	s, _ := r.markdown(opt, linksChanged, MaxComment)
	return s
}

// Which rows of a comment have links, from the most to the fewest.
const (
	linksAll     = iota
	linksMain    // not the folded rows
	linksChanged // only changed results and requests, and unreadable files
)

// markdown writes the comment within limit bytes, with links in the rows
// that links selects; ok is false when rows were left out.
func (r *Result) markdown(opt MarkdownOptions, links int, limit int) (string, bool) {
	var b strings.Builder
	title := opt.Title
	if title == "" {
		title = "recview: recordings in this change"
	}
	fmt.Fprintf(&b, "%s\n### %s\n\n", Marker, escape(title))
	fmt.Fprintf(&b, "**%d to look at** of %s.", r.Meaningful(), escape(r.headline()))
	if len(r.Skipped) > 0 {
		fmt.Fprintf(&b, " %d JSON files that are not recordings skipped.", len(r.Skipped))
	}
	b.WriteString("\n\n| verdict | recordings |\n|---|---:|\n")
	for _, c := range r.Verdicts() {
		fmt.Fprintf(&b, "| %s | %d |\n", c.Of, c.N)
	}
	if names := r.namesLine(); names != "" {
		b.WriteString("\nHead file names checked against their requests: " + names + ".\n")
	}
	if g := r.Grown(3); len(g) > 0 {
		b.WriteString("\nTests with more recordings than before:\n")
		for _, t := range g[:min(len(g), 5)] {
			fmt.Fprintf(&b, "- %s: %d → %d\n", code(t.TestID), t.Base, t.Head)
		}
	}
	dir := commonDir(r.Pairs)
	if dir != "" {
		fmt.Fprintf(&b, "\nPaths below are under %s.\n", code(dir))
	}
	if opt.Footer != "" {
		b.WriteString("\n" + escape(opt.Footer) + "\n")
	}

	var main, rest []*Pair
	for i := range r.Pairs {
		p := &r.Pairs[i]
		switch {
		case p.Verdict.Meaningful():
			main = append(main, p)
		case p.Change != Unchanged:
			rest = append(rest, p)
		}
	}
	const reserve = 400 // for the closing lines and the note on rows left out
	left := 0
	row := func(p *Pair, folded bool) string {
		link := links == linksAll || links == linksMain && !folded ||
			p.Verdict != VerdictAdded && p.Verdict != VerdictDeleted && p.Verdict.Meaningful()
		return fmt.Sprintf("| %s | %s | %s | %s |\n", p.Verdict, pathCell(p, opt, dir, link), code(shortTest(p.TestID)), escape(p.Why))
	}
	const head = "| verdict | recording | test | why |\n|---|---|---|---|\n"
	if len(main) > 0 {
		b.WriteString("\n#### To look at\n\n" + head)
		for _, p := range main {
			s := row(p, false)
			if b.Len()+len(s) > limit-reserve {
				left++
				continue
			}
			b.WriteString(s)
		}
	}
	for _, v := range Verdicts() {
		var group []*Pair
		for _, p := range rest {
			if p.Verdict == v {
				group = append(group, p)
			}
		}
		if len(group) == 0 {
			continue
		}
		open := fmt.Sprintf("\n<details><summary>%s: %d</summary>\n\n%s", v, len(group), head)
		if b.Len()+len(open) > limit-reserve {
			left += len(group)
			continue
		}
		b.WriteString(open)
		for _, p := range group {
			s := row(p, true)
			if b.Len()+len(s) > limit-reserve {
				left++
				continue
			}
			b.WriteString(s)
		}
		b.WriteString("\n</details>\n")
	}
	if (opt.URL == nil && opt.Review.Kind == "") || opt.Viewer == "" {
		b.WriteString("\n_No links: the files' URLs were not given (recview review --repo OWNER/NAME --base-sha SHA --head-sha SHA, or --pr N)._\n")
	}
	if left > 0 {
		fmt.Fprintf(&b, "\n_%d rows left out to stay within GitHub's %d characters: `recview review --json` lists every pair._\n", left, MaxComment)
	}
	return b.String(), left == 0
}

// pathCell is a row's recording: its path (shortened, without dir)
// linked to the viewer, and where a renamed pair came from.
func pathCell(p *Pair, opt MarkdownOptions, dir string, links bool) string {
	label := escape(short(strings.TrimPrefix(p.sortPath(), dir)))
	if links {
		if u := viewerLink(p, opt); u != "" {
			label = "[" + label + "](" + u + ")"
		}
	}
	if p.Change == Renamed {
		label += "<br>from " + escape(short(strings.TrimPrefix(p.Base, dir)))
	}
	return label
}

// viewerLink is the link that opens a pair in the viewer, "" when there
// is none or it would be longer than MaxLink.
func viewerLink(p *Pair, opt MarkdownOptions) string {
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
		u := opt.URL(s.side, s.path)
		if u == "" {
			return ""
		}
		srcs = append(srcs, permalink.Source{Kind: permalink.SourceURL, Value: u})
	}
	return finishLink(opt.Viewer, permalink.Fragment{Version: permalink.Version, Sources: srcs})
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

// maxTest is the longest test_id a comment shows, in bytes.
const maxTest = 100

// shortTest is a test_id for a comment: without its file's path (the
// part before "::"), cut to maxTest bytes.
func shortTest(id string) string {
	if i := strings.Index(id, "::"); i >= 0 {
		id = id[i+2:]
	}
	if len(id) > maxTest {
		n := maxTest
		for n > 0 && id[n]&0xc0 == 0x80 {
			n--
		}
		id = id[:n] + "…"
	}
	return id
}

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

// code writes s as a code span in a table cell ("" for none).
func code(s string) string {
	if s == "" {
		return ""
	}
	s = strings.NewReplacer("`", "'", "|", `\|`, "\n", " ").Replace(s)
	return "`" + s + "`"
}
