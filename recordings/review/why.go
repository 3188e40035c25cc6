package review

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path"
	"strconv"
	"strings"
	"unicode"

	"github.com/recview/recview/recordings"
	"github.com/recview/recview/recordings/diff"
	"github.com/recview/recview/recordings/reqhash"
)

// maxWhy is the longest Why, in bytes; past it the text is cut with "…".
const maxWhy = 300

// renameWhy says why a renamed pair's name changed.
func renameWhy(eb, eh *entry, reqPaths []string) string {
	var parts []string
	if bytes.Equal(eb.data, eh.data) {
		parts = append(parts, "identical content")
	}
	if path.Base(eb.path) == path.Base(eh.path) {
		return strings.Join(append(parts, "moved from "+path.Dir(eb.path)+"/"), ", ")
	}
	cb, ch := eb.check, eh.check
	// A scheme explains both names: today's, or an older one's.
	known := func(s reqhash.Status) bool { return s == reqhash.OK || s == reqhash.Stale }
	ok := known(cb.Status) && known(ch.Status)
	schemes := " (" + cb.Scheme + " → " + ch.Scheme + ")"
	var r string
	switch {
	case eb.ident != eh.ident:
		r = "hashed request changed: " + listPaths(reqPaths, 2)
	case cb.FileHash == ch.FileHash && cb.FileDigest != ch.FileDigest:
		r = "the model list's digest changed"
	case ok && cb.Scheme == reqhash.SchemeV0 && (ch.Scheme == reqhash.SchemeCurrent || ch.Scheme == reqhash.SchemeLegacyNoFileSearch):
		r = "test_id entered the hash" + schemes
	case ok && cb.Scheme != ch.Scheme:
		r = "the hash scheme changed" + schemes
	case eb.testID != eh.testID:
		r = "test_id changed"
	case ch.Status == reqhash.Mismatch && len(parts) > 0:
		// Why says so, with the name the request hashes to.
	case ch.Status == reqhash.Mismatch:
		r = "the head name matches no hash scheme"
	case cb.Status == reqhash.Mismatch:
		r = "the base name matched no hash scheme"
	default:
		r = "another name for the same request"
	}
	if r != "" {
		parts = append(parts, r)
	}
	return strings.Join(parts, ", ")
}

// why writes a pair's Why from its fields and facts.
func why(p *Pair) string {
	if p.Err != "" {
		return clipWhy("unreadable: " + p.Err)
	}
	var parts []string
	if p.Rename != "" {
		parts = append(parts, "renamed: "+p.Rename)
	}
	if p.Request == RequestChanged {
		parts = append(parts, "request: "+listPaths(p.RequestPaths, 3))
	}
	if len(p.Unhashed) > 0 {
		parts = append(parts, "not hashed: "+listPaths(p.Unhashed, 3))
	}
	f := p.facts
	if f != nil {
		parts = append(parts, resultWhy(f)...)
		if f.stream != "" {
			parts = append(parts, f.stream)
		}
		if f.chunks != "" {
			parts = append(parts, "chunks "+f.chunks)
		}
		if len(f.usage) > 0 {
			u := f.usage[0]
			s := "usage moved (" + strings.TrimPrefix(u.Path, "usage.") + " " + orNone(u.Old) + " → " + orNone(u.New)
			if n := len(f.usage) - 1; n > 0 {
				s += ", " + strconv.Itoa(n) + " more"
			}
			parts = append(parts, s+")")
		}
		if f.vectorN > 0 {
			parts = append(parts, fmt.Sprintf("%s moved by at most %s (float noise)", plural(f.vectorN, "embedding"), strconv.FormatFloat(f.vectors, 'g', 3, 64)))
		}
		if f.testID && p.Change != Renamed {
			parts = append(parts, "test_id changed")
		}
	}
	if p.MetadataOnly {
		parts = append(parts, "only ids, timestamps or type names differ")
	}
	if p.Verdict == VerdictEnvironment {
		parts = append(parts, "environment (the answer describes the machine)")
	}
	if f != nil && f.mismatch != "" {
		parts = append(parts, "head name matches no hash scheme (its request hashes to "+f.mismatch+")")
	}
	if t := p.Tests; t.Base != t.Head && max(t.Base, t.Head) >= 2 && p.Change != Modified && p.Change != Unchanged {
		parts = append(parts, fmt.Sprintf("test has %s (%d in base)", plural(t.Head, "recording"), t.Base))
	}
	return clipWhy(strings.Join(parts, "; "))
}

// resultWhy says what changed in the result: errors, text, tool calls,
// finish reason, other paths.
func resultWhy(f *facts) []string {
	var parts []string
	errs := false
	switch {
	case f.errA == nil && f.errB != nil:
		parts = append(parts, "error appeared: "+excText(f.errB))
		errs = true
	case f.errA != nil && f.errB == nil:
		parts = append(parts, "error gone (was "+excText(f.errA)+")")
		errs = true
	case f.errA != nil && excText(f.errA) != excText(f.errB):
		parts = append(parts, "error changed: "+excText(f.errA)+" → "+excText(f.errB))
		errs = true
	case f.statusA != f.statusB && max(f.statusA, f.statusB) >= 400:
		parts = append(parts, "HTTP status "+strconv.Itoa(f.statusA)+" → "+strconv.Itoa(f.statusB))
		errs = true
	}
	var text, thinking [2]int
	var texts, thinks bool
	var calls, other []string
	finish := ""
	for _, ch := range f.result {
		p := ch.Path
		switch {
		case errs && (rootOf(p) == "error" || p == "http_status" || p == "assembly"):
		case p == "text" || strings.HasSuffix(p, ".text"):
			texts = true
			addWords(&text, ch)
		case p == "thinking" || strings.HasSuffix(p, ".thinking"):
			thinks = true
			addWords(&thinking, ch)
		case strings.Contains(p, "tool_calls["):
			calls = appendNew(calls, callText(ch))
		case strings.HasSuffix(p, "finish_reason") && ch.Op == diff.OpChanged:
			finish = "finish reason " + unquote(ch.Old) + " → " + unquote(ch.New)
		default:
			other = appendNew(other, pathText(ch))
		}
	}
	if texts {
		parts = append(parts, fmt.Sprintf("text: -%d +%d words", text[0], text[1]))
	}
	if thinks {
		parts = append(parts, fmt.Sprintf("thinking: -%d +%d words", thinking[0], thinking[1]))
	}
	if len(calls) > 0 {
		parts = append(parts, "tool calls: "+listPaths(calls, 3))
	}
	if finish != "" {
		parts = append(parts, finish)
	}
	if len(other) > 0 {
		parts = append(parts, "response: "+listPaths(other, 2))
	}
	return parts
}

// addWords adds the words a text change removes and adds to n.
func addWords(n *[2]int, ch diff.Change) {
	spans := ch.Text
	if spans == nil {
		spans = diff.Words(unquote(ch.Old), unquote(ch.New))
	}
	for _, s := range spans {
		switch s.Op {
		case diff.OpRemoved:
			n[0] += countWords(s.Text)
		case diff.OpAdded:
			n[1] += countWords(s.Text)
		}
	}
}

// countWords counts the runs of letters and digits in s.
func countWords(s string) int {
	n, in := 0, false
	for _, r := range s {
		w := unicode.IsLetter(r) || unicode.IsDigit(r)
		if w && !in {
			n++
		}
		in = w
	}
	return n
}

// callText describes a tool-call change: "+name", "-name", or
// "name(args: a.b)".
func callText(ch diff.Change) string {
	p := ch.Path[strings.Index(ch.Path, "tool_calls[")+len("tool_calls["):]
	label, rest, _ := strings.Cut(p, "]")
	switch {
	case ch.Op == diff.OpAdded && rest == "":
		return "+" + label
	case ch.Op == diff.OpRemoved && rest == "":
		return "-" + label
	}
	rest = strings.TrimPrefix(strings.TrimPrefix(rest, ".arguments"), ".")
	if rest == "" {
		return label + " arguments"
	}
	return label + "(" + rest + ")"
}

// pathText names a response change: its path, with the Note when there
// is one ("data[0].embedding: 3 of 768 numbers differ, …").
func pathText(ch diff.Change) string {
	p := ch.Path
	if p == "" {
		p = "(whole response)"
	}
	switch ch.Op {
	case diff.OpAdded:
		p += " added"
	case diff.OpRemoved:
		p += " removed"
	}
	if ch.Note != "" {
		p += " (" + ch.Note + ")"
	}
	return p
}

// excText is an exception for people: "BadRequestError 400".
func excText(e *recordings.Exception) string {
	var s []string
	if e.Type != "" {
		s = append(s, e.Type)
	}
	if e.Status != 0 {
		s = append(s, strconv.Itoa(e.Status))
	}
	if len(s) == 0 {
		return "exception"
	}
	return strings.Join(s, " ")
}

// listPaths joins up to n items, saying how many more there are.
func listPaths(xs []string, n int) string {
	if len(xs) <= n {
		return strings.Join(xs, ", ")
	}
	return strings.Join(xs[:n], ", ") + fmt.Sprintf(" and %d more", len(xs)-n)
}

// unquote reads a JSON string literal, or returns s as it is.
func unquote(s string) string {
	var out string
	if json.Unmarshal([]byte(s), &out) == nil {
		return out
	}
	return s
}

// plural is "1 thing", "2 things".
func plural(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return strconv.Itoa(n) + " " + thing + "s"
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

// clipWhy cuts a Why to maxWhy bytes at a rune boundary.
func clipWhy(s string) string {
	if len(s) <= maxWhy {
		return s
	}
	n := maxWhy - len("…")
	for n > 0 && s[n]&0xc0 == 0x80 {
		n--
	}
	return s[:n] + "…"
}
