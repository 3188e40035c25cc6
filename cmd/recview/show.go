package main

import (
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/recview/recview/internal/base/jsonx"
	"github.com/recview/recview/recordings"
	"github.com/recview/recview/recordings/reqhash"
	"github.com/spf13/pflag"
	"github.com/valyala/fastjson"
)

// maxShownText is how much of one message show prints before cutting it.
const maxShownText = 2000

// showCmd is `recview show [--json] FILE` (showFile). Exit 2 for bad
// usage or a file that cannot be read.
func showCmd(fl *pflag.FlagSet) runFunc {
	asJSON := fl.Bool("json", false, "print the recording as one JSON object: metadata, hash check, request, assembled response (docs/cli-json.md)")
	return func(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
		if len(args) != 1 {
			fmt.Fprintln(stderr, "usage: recview show [--json] FILE")
			return exitError{2}
		}
		in, err := read(args[0], stdin)
		if err != nil {
			complain(stderr, "show", err)
			return exitError{2}
		}
		return showFile(in, *asJSON, stdout, stderr)
	}
}

// showFile is show, or show --json, of a file read: its recording, the
// interaction FILE#K names, or every interaction of a cassette, each
// headed FILE#K and apart by a blank line (--json: an array of their
// objects, docs/cli-json.md). An interaction that cannot be shown is
// an error on stderr, and the others are shown; exit 2 then.
func showFile(in *input, asJSON bool, stdout, stderr io.Writer) error {
	if in.rec != nil {
		if asJSON {
			return writeJSON(stdout, showDoc(in.rec, loaded{}))
		}
		return show(in.rec, loaded{}, stdout, stderr)
	}
	ks := []int{in.k}
	if in.k == 0 {
		ks = make([]int, len(in.cas.Interactions))
		for i := range ks {
			ks[i] = i + 1
		}
	}
	docs := []showJSON{} // [] for a cassette of none
	failed, shown := false, 0
	for _, k := range ks {
		r, info, err := in.interaction(k)
		if err != nil {
			complain(stderr, "show", err)
			failed = true
			continue
		}
		if asJSON {
			docs = append(docs, showDoc(r, info))
			continue
		}
		if shown > 0 {
			if _, err := fmt.Fprintln(stdout); err != nil {
				return err
			}
		}
		if err := show(r, info, stdout, stderr); err != nil {
			return err
		}
		shown++
	}
	var err error
	switch {
	case asJSON && in.k > 0 && len(docs) == 1:
		err = writeJSON(stdout, docs[0])
	case asJSON && in.k == 0:
		err = writeJSON(stdout, docs)
	case len(ks) == 0:
		w := &printer{w: stdout}
		w.line("%s", in.name)
		w.field("notice", holds(0))
		err = w.err
	}
	if err == nil && failed {
		err = exitError{2}
	}
	return err
}

// show prints a recording for a terminal: a header, the request
// (parameters, tools by name, messages by role), the assembled response
// (text, tool calls with pretty arguments, finish reason, usage) and the
// hash status (none for a cassette's interaction: its name is its
// test's); load's warnings head the header's warnings.
func show(r *recordings.Recording, info loaded, stdout, stderr io.Writer) error {
	w := &printer{w: stdout}
	w.line("%s", r.Name)
	if r.HasTestID {
		w.field("test_id", r.TestID)
	}
	kind := r.Family.Title()
	if r.Method != "" || r.Endpoint != "" {
		kind += " · " + strings.TrimSpace(r.Method+" "+r.Endpoint)
	}
	if r.Shape == recordings.ShapeTool || r.Shape == recordings.ShapeFileProcessor {
		kind += " · " + r.Provider + "." + r.ToolName
	}
	w.field("kind", kind)
	if r.Model != "" {
		w.field("model", r.Model)
	}
	if r.Streaming {
		w.field("stream", plural(len(r.Chunks), "chunk", ""))
	} else {
		w.field("stream", "no")
	}
	hc := reqhash.Verify(filepath.Base(r.Name), r.Doc)
	if info.cassette {
		w.field("hash", "none: a cassette is named by its test, not by a request hash")
	} else {
		w.field("hash", hashSummary(hc))
	}
	if r.Unknown {
		w.field("notice", r.Notice)
	}
	if info.notice != "" {
		w.field("notice", info.notice)
	}
	for _, s := range info.warnings {
		w.field("warning", s)
	}
	for _, d := range r.Duplicates {
		w.field("warning", d.String())
	}

	conv := r.Conversation()
	w.section("REQUEST")
	for _, q := range r.Query() {
		w.field("?"+q.Name, clipText(q.Value, 200))
	}
	for _, p := range conv.Params {
		w.field(p.Name, clipText(p.Value, 200))
	}
	if len(conv.Tools) > 0 {
		names := make([]string, len(conv.Tools))
		for i, t := range conv.Tools {
			names[i] = t.Name
		}
		w.field("tools", strings.Join(names, ", "))
		for _, t := range conv.Tools {
			w.tool(t)
		}
	}
	for _, m := range conv.Messages {
		w.message(m.Role, m.Name, m.CallID, m.Parts)
		w.others(m.Other)
	}
	if conv.Empty() {
		w.field("body", "none: the request is its method and URL")
	}

	w.section("RESPONSE")
	v, err := recordings.Assemble(r)
	if err != nil {
		warn(stderr, r, err)
	}
	if e := r.Failure(); e != nil {
		head := strings.TrimSpace(fmt.Sprintf("%d %s", e.Status, e.Type))
		if by := strings.Trim(e.Provider+" · "+e.Category, " ·"); by != "" {
			head += " (" + by + ")" // as the viewer's error card says it
		}
		w.field("error", head)
		if e.Message != "" || r.Exception != nil {
			w.text(e.Message)
		}
		if r.Exception == nil && e.Body != nil {
			// An answer with an error status: its body is the only
			// record of the error (the viewer's "the error as recorded").
			w.field("recorded", "the error as recorded")
			w.text(clipText(string(jsonx.Pretty(e.Body)), maxShownText*2))
		}
		return w.err
	}
	ans := recordings.ReadAnswer(r.Family, v)
	if len(ans.Choices) == 0 {
		switch r.Family {
		case recordings.FamilyOpenAIModerations:
			moderationLines(w, v)
		case recordings.FamilyTokenCount:
			tokenCountLine(w, v)
		}
		if v.Type() == fastjson.TypeString {
			// A body that is not JSON: its text, as the viewer draws it.
			if len(v.GetStringBytes()) == 0 {
				w.field("body", "none: the response is empty")
			} else {
				w.text(clipText(string(v.GetStringBytes()), maxShownText*2))
			}
			return w.err
		}
		w.text(clipText(string(jsonx.Pretty(v)), maxShownText*2))
		return w.err
	}
	if ans.List != "" {
		w.field("listed", plural(len(ans.Choices), ans.List, "")+": "+ans.ListNote())
	}
	for _, c := range ans.Choices {
		role := c.Role
		if l := ans.ChoiceLabel(&c); l != "" {
			role += ", " + l
		}
		w.message(role, "", "", c.Parts)
		if c.FinishReason != "" {
			w.field("finish", c.FinishReason)
		}
	}
	if len(ans.Usage) > 0 {
		w.field("usage", usageText(ans.Usage))
	}
	if e := ans.Error; e != nil {
		w.field("error", strings.TrimSpace(fmt.Sprintf("%s %s", statusText(e.Status), e.Type))+" (the response ended with it)")
		w.text(e.Message)
	}
	w.others(ans.Other)
	if s, err := recordings.NewStepper(r); err == nil {
		for _, u := range s.UnfoldedDeltas() {
			w.field("other", fmt.Sprintf("%s in %s, from chunk %d (not assembled; see the chunks)", u.Path, plural(u.Chunks, "chunk", ""), u.First))
		}
	}
	return w.err
}

// statusText is an error's HTTP status, "" when it names none.
func statusText(n int) string {
	if n == 0 {
		return ""
	}
	return strconv.Itoa(n)
}

func hashSummary(hc reqhash.Check) string {
	switch hc.Status {
	case reqhash.OK:
		return "ok (" + hc.Scheme + ")"
	case reqhash.Stale:
		return fmt.Sprintf("stale (%s): replay looks for %s", hc.Scheme, hc.ReplayName)
	case reqhash.NotReplayed:
		return hc.Note
	case reqhash.Mismatch:
		return fmt.Sprintf("mismatch: the request hashes to %s (%s scheme); replay looks for %s", hc.ExpectedName, hc.Scheme, hc.ReplayName)
	}
	return "unknown (no hash in the file name)"
}

func clipText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + fmt.Sprintf("… (%d more bytes)", len(s)-n)
}

// printer writes indented lines and keeps the first write error.
type printer struct {
	w   io.Writer
	err error
}

func (p *printer) line(format string, args ...any) {
	if p.err == nil {
		_, p.err = fmt.Fprintf(p.w, format+"\n", args...)
	}
}

func (p *printer) section(title string) { p.line("\n%s", title) }

func (p *printer) field(name, value string) { p.line("  %-8s %s", name, value) }

func (p *printer) text(s string) {
	for _, l := range strings.Split(strings.TrimRight(s, "\n"), "\n") {
		p.line("    %s", l)
	}
}

// others prints members recview does not read (recordings.Member), each
// as recorded: an answer's, a message's, or a content block's (printed
// under the block, their paths from it).
func (p *printer) others(ms []recordings.Member) {
	for _, m := range ms {
		p.field("other", m.Path+" (not read by recview; as recorded)")
		p.text(clipText(string(jsonx.Pretty(m.Value)), maxShownText))
	}
}

// tool prints a tool definition as the viewer's tool card has it: its
// name, its description (the blank lines around it left out), its
// parameters' JSON schema; a built-in tool's definition as recorded,
// its settings in it.
func (p *printer) tool(t recordings.Tool) {
	switch {
	case t.BuiltIn:
		p.field("tool", t.Name+" (built-in; as recorded)")
		p.text(clipText(string(jsonx.Pretty(t.Def)), maxShownText))
		return
	case t.Parameters == nil:
		p.field("tool", t.Name+" (no parameters)")
	default:
		p.field("tool", t.Name)
	}
	if d := strings.TrimSpace(t.Description); d != "" {
		p.text(clipText(d, maxShownText))
	}
	if t.Parameters != nil {
		p.text(clipText(string(jsonx.Pretty(t.Parameters)), maxShownText))
	}
}

func (p *printer) message(role, name, callID string, parts []recordings.Part) {
	head := "[" + role + "]"
	if name != "" {
		head += " " + name
	}
	if callID != "" {
		head += " (answers " + callID + ")"
	}
	p.line("  %s", head)
	for _, part := range parts {
		switch part.Kind {
		case recordings.PartText, recordings.PartToolResult:
			if part.Text != "" {
				p.text(clipText(part.Text, maxShownText))
			}
			for i := range part.Citations {
				p.line("    (cites) %s", clipText(part.Citations[i].String(), maxShownText))
			}
		case recordings.PartThinking:
			p.line("    (thinking)")
			p.text(clipText(part.Text, maxShownText))
		case recordings.PartImage:
			switch {
			case part.URL != "":
				p.line("    (image %s)", part.URL)
			case part.ImageUnrecorded():
				p.line("    (image: no URL or data recorded)")
			default:
				p.line("    (image %s, %s)", part.MediaType, plural(part.Size, "byte", ""))
			}
			if part.Text != "" {
				p.line("    prompt: %s", clipText(part.Text, maxShownText))
			}
		case recordings.PartToolCall:
			tc := part.ToolCall
			p.line("    tool call %s (id %s)", tc.Name, tc.ID)
			switch {
			case tc.Parsed != nil:
				p.text(string(jsonx.Append(nil, tc.Parsed, "  ")))
			case tc.ParseErr != nil:
				p.line("    invalid JSON arguments (%v):", tc.ParseErr)
				p.text(tc.Arguments)
			}
		default:
			p.line("    (not read: %s; as recorded)", part.Describe())
			p.text(clipText(part.Text, maxShownText))
		}
		p.others(part.Other)
	}
}
