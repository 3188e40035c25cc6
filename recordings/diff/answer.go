package diff

import (
	"encoding/hex"
	"strconv"
	"strings"

	"github.com/recview/recview/internal/base/shasum"
	"github.com/recview/recview/recordings"
	"github.com/valyala/fastjson"
)

// answers compares two answers: choice by choice, then usage. list is the
// answer's list of choices (recordings.AnswerPaths.Choices), "" for an
// answer of one choice; a list of stored messages (recordings.Answer.List)
// is compared item by item, at "data[i]" (or where ListMember says) as in
// the response.
func (c *comparer) answers(list string, a, b recordings.Answer) {
	switch {
	case a.List != "":
		list = a.ListMember()
	case b.List != "":
		list = b.ListMember()
	case list == "" && (len(a.Choices) > 1 || len(b.Choices) > 1):
		list = "choices"
	}
	for i := range max(len(a.Choices), len(b.Choices)) {
		p := ""
		if list != "" {
			p = indexPath(list, i)
		}
		switch {
		case i >= len(b.Choices):
			c.add(Change{Path: p, Op: OpRemoved, Old: quote(a.Choices[i].Text())})
		case i >= len(a.Choices):
			c.add(Change{Path: p, Op: OpAdded, New: quote(b.Choices[i].Text())})
		default:
			c.choice(p, &a.Choices[i], &b.Choices[i])
		}
	}
	c.usage(a.Usage, b.Usage)
}

func (c *comparer) choice(p string, a, b *recordings.Choice) {
	if a.Role != "" && b.Role != "" { // a completion's choice has none
		c.str(keyPath(p, "role"), a.Role, b.Role)
	}
	c.str(keyPath(p, "thinking"), partsText(a, recordings.PartThinking), partsText(b, recordings.PartThinking))
	c.str(keyPath(p, "text"), a.Text(), b.Text())
	c.toolCalls(keyPath(p, "tool_calls"), a.ToolCalls(), b.ToolCalls())
	c.list(keyPath(p, "citations"), citations(a), citations(b))
	c.list(keyPath(p, "other"), otherParts(a), otherParts(b))
	c.list(keyPath(p, "block_members"), blockMembers(a), blockMembers(b))
	c.str(keyPath(p, "finish_reason"), a.FinishReason, b.FinishReason)
}

// list compares two lists of JSON texts element by element: path[i] is
// changed, added or removed.
func (c *comparer) list(path string, la, lb []string) {
	for i := range max(len(la), len(lb)) {
		at := indexPath(path, i)
		switch {
		case i >= len(lb):
			c.add(Change{Path: at, Op: OpRemoved, Old: la[i]})
		case i >= len(la):
			c.add(Change{Path: at, Op: OpAdded, New: lb[i]})
		case la[i] != lb[i]:
			c.add(Change{Path: at, Op: OpChanged, Old: la[i], New: lb[i]})
		}
	}
}

// citations are the citations of a choice's text parts, in order, each as
// a JSON string of what the viewer shows of it (Citation.String): the
// words, the source, its address and where; not what changes with every
// recording of the same answer (Anthropic's encrypted_index).
func citations(c *recordings.Choice) []string {
	var out []string
	for _, p := range c.Parts {
		for i := range p.Citations {
			out = append(out, quote(p.Citations[i].String()))
		}
	}
	return out
}

// partsText joins the text of a choice's parts of one kind.
func partsText(c *recordings.Choice, kind recordings.PartKind) string {
	var b strings.Builder
	for _, p := range c.Parts {
		if p.Kind == kind {
			b.WriteString(p.Text)
		}
	}
	return b.String()
}

// otherParts describes, as JSON, the parts of a choice that are neither
// text, thinking nor tool calls: images (by media type, size, URL and the
// start of the SHA-256 of their base64 data) and parts recview does not
// know, as recorded.
func otherParts(c *recordings.Choice) []string {
	var out []string
	for _, p := range c.Parts {
		switch p.Kind {
		case recordings.PartText, recordings.PartThinking, recordings.PartToolCall:
		case recordings.PartImage:
			out = append(out, `{"image":`+quote(p.MediaType)+`,"bytes":`+strconv.Itoa(p.Size)+`,"url":`+quote(p.URL)+`,"sha256":`+quote(digest(p.Data))+`}`)
		case recordings.PartToolResult:
			out = append(out, `{"tool_result":`+quote(p.Text)+`}`)
		default:
			out = append(out, p.Text)
		}
	}
	return out
}

// blockMembers describes, as JSON, the members of a choice's content
// blocks recview does not read (recordings.Part.Other: a tool call's
// caller, a text block's cache_control), in order: {"part": the part's
// index, "path": the member's path in its block, "value": as recorded}.
func blockMembers(c *recordings.Choice) []string {
	var out []string
	for j, p := range c.Parts {
		for _, m := range p.Other {
			out = append(out, `{"part":`+strconv.Itoa(j)+`,"path":`+quote(m.Path)+`,"value":`+m.Value.String()+`}`)
		}
	}
	return out
}

// toolCalls matches the calls of two choices by name, the k-th call of a
// name in A with the k-th of that name in B, and compares their arguments.
// Call ids are not compared: every recording has its own.
func (c *comparer) toolCalls(p string, a, b []*recordings.ToolCall) {
	la, lb := callLabels(a), callLabels(b)
	inB := make(map[string]int, len(b))
	for j, l := range lb {
		inB[l] = j
	}
	inA := make(map[string]bool, len(a))
	for i, tc := range a {
		inA[la[i]] = true
		path := p + "[" + la[i] + "]"
		j, ok := inB[la[i]]
		if !ok {
			c.add(Change{Path: path, Op: OpRemoved, Old: callJSON(tc)})
			continue
		}
		c.callArgs(path+".arguments", tc, b[j])
	}
	for j, tc := range b {
		if !inA[lb[j]] {
			c.add(Change{Path: p + "[" + lb[j] + "]", Op: OpAdded, New: callJSON(tc)})
		}
	}
}

// CallLabels names each tool call as Change.Path does inside
// "tool_calls[…]": by its function name, "name#k" for the k-th call of a
// name (k > 1), "?" standing for an empty name.
func CallLabels(calls []*recordings.ToolCall) []string { return callLabels(calls) }

func callLabels(calls []*recordings.ToolCall) []string {
	seen := map[string]int{}
	out := make([]string, len(calls))
	for i, tc := range calls {
		name := tc.Name
		if name == "" {
			name = "?"
		}
		seen[name]++
		out[i] = name
		if n := seen[name]; n > 1 {
			out[i] += "#" + strconv.Itoa(n)
		}
	}
	return out
}

// callArgs compares the arguments of two calls: by JSON path when both
// parse, a string member that holds JSON text (an argument a model wrote
// as a string of JSON) compared as that JSON; as text otherwise, the Note
// saying which side's arguments are not valid JSON.
func (c *comparer) callArgs(path string, a, b *recordings.ToolCall) {
	if a.Parsed != nil && b.Parsed != nil {
		c.jsonText = true
		c.value(path, a.Parsed, b.Parsed)
		c.jsonText = false
		return
	}
	n := len(c.changes)
	c.str(path, a.Arguments, b.Arguments)
	if len(c.changes) == n {
		return
	}
	switch {
	case a.ParseErr != nil && b.ParseErr != nil:
		c.changes[n].Note = "neither side's text is valid JSON"
	case a.ParseErr != nil:
		c.changes[n].Note = NoteInvalidA + ": " + a.ParseErr.Error()
	case b.ParseErr != nil:
		c.changes[n].Note = NoteInvalidB + ": " + b.ParseErr.Error()
	}
}

// callJSON describes a call as {"name": ..., "arguments": ...}, the
// arguments parsed when they are JSON.
func callJSON(tc *recordings.ToolCall) string {
	args := quote(tc.Arguments)
	if tc.Parsed != nil {
		args = jsonText(tc.Parsed)
	}
	return `{"name":` + quote(tc.Name) + `,"arguments":` + args + `}`
}

// usage compares usage counters by name, leaving out the timings listed in
// Ignored.
func (c *comparer) usage(a, b []recordings.UsageItem) {
	vb := make(map[string]string, len(b))
	for _, u := range b {
		vb[u.Name] = u.Value
	}
	va := make(map[string]bool, len(a))
	for _, u := range a {
		va[u.Name] = true
		if ignored(u.Name) {
			continue
		}
		path := "usage." + u.Name
		switch w, ok := vb[u.Name]; {
		case !ok:
			c.add(Change{Path: path, Op: OpRemoved, Old: u.Value})
		case !sameNumberText(u.Value, w):
			c.add(Change{Path: path, Op: OpChanged, Old: u.Value, New: w})
		}
	}
	for _, u := range b {
		if !va[u.Name] && !ignored(u.Name) {
			c.add(Change{Path: "usage." + u.Name, Op: OpAdded, New: u.Value})
		}
	}
}

// sameNumberText compares two numbers written as JSON.
func sameNumberText(a, b string) bool {
	if a == b {
		return true
	}
	fa, errA := strconv.ParseFloat(a, 64)
	fb, errB := strconv.ParseFloat(b, 64)
	return errA == nil && errB == nil && fa == fb && !(isInt([]byte(a)) && isInt([]byte(b)))
}

// digest is the first 16 hex digits of the SHA-256 of s, "" for "".
func digest(s string) string {
	if s == "" {
		return ""
	}
	h := shasum.Sum256([]byte(s))
	return hex.EncodeToString(h[:8])
}

// others compares the members of two answers' Other (recordings.Member)
// that lie under the answer's own trees, such as a message's "audio" or a
// provider's own message members, which the comparison of the rest
// leaves to the answer: member by member at its path, as JSON, the
// Ignored fields aside. The Other members outside those trees are the
// rest's to compare.
func (c *comparer) others(cov coverage, a, b []recordings.Member) {
	inB := map[string]*recordings.Member{}
	for i := range b {
		inB[b[i].Path] = &b[i]
	}
	c.skip = func(path string, _ Op) bool { return ignored(path) }
	defer func() { c.skip = nil }()
	for i := range a {
		m := &a[i]
		if !cov.covers(m.Path, OpChanged) {
			continue
		}
		var vb *fastjson.Value
		if o := inB[m.Path]; o != nil {
			vb = o.Value
			delete(inB, m.Path)
		}
		c.value(m.Path, m.Value, vb)
	}
	for i := range b {
		if m := &b[i]; inB[m.Path] != nil && cov.covers(m.Path, OpChanged) {
			c.value(m.Path, nil, m.Value)
		}
	}
}
