package review

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Choice is what a reviewer decided of a pair.
type Choice string

// The choices, as a decisions file writes them.
const (
	// Accept: the change is fine.
	Accept Choice = "accept"
	// Flag: the pair needs a look, or a new recording.
	Flag Choice = "flag"
)

// MaxNote is the longest note of a decision, in characters (Unicode code
// points).
const MaxNote = 300

// Decision is a reviewer's decision on one pair: accept or flag it, with
// an optional note.
type Decision struct {
	Choice Choice
	// Note says why, in one line of at most MaxNote characters: no line
	// break, tab or other control character, no character that turns the
	// direction of text (U+202A to U+202E, U+2066 to U+2069); "" for
	// none. It is the reviewer's text: every output escapes it.
	Note string
}

// Check says what is wrong with d: a Choice other than Accept or Flag, or
// a Note that is not one line of at most MaxNote characters of UTF-8 (see
// Decision.Note); nil when nothing is.
func (d Decision) Check() error {
	switch d.Choice {
	case Accept, Flag:
	default:
		return fmt.Errorf("decision %q: want accept or flag", d.Choice)
	}
	return checkNote(d.Note)
}

// checkNote says what is wrong with a note, nil when nothing is.
func checkNote(s string) error {
	if !utf8.ValidString(s) {
		return errors.New("note is not UTF-8")
	}
	if n := utf8.RuneCountInString(s); n > MaxNote {
		return fmt.Errorf("note of %d characters, more than %d", n, MaxNote)
	}
	for _, r := range s {
		switch {
		case r == '\n' || r == '\r' || r == '\u2028' || r == '\u2029' || r == '\v' || r == '\f' || r == '\u0085':
			return errors.New("note spans lines: a note is one line")
		case unicode.IsControl(r):
			return fmt.Errorf("note holds the control character %U", r)
		case isBidi(r):
			return fmt.Errorf("note holds %U, which turns the direction of the text after it", r)
		}
	}
	return nil
}

// isBidi reports the characters that embed, override or isolate a
// direction of text: shown raw, they make text read otherwise than it is.
func isBidi(r rune) bool {
	return r >= '\u202a' && r <= '\u202e' || r >= '\u2066' && r <= '\u2069'
}

// Decisions are a reviewer's decisions on a change set's pairs, keyed by
// the pair's digest (Pair.Digest): a pair whose two files did not change
// keeps its decision across pushes; a pair without a decision is
// undecided.
type Decisions map[string]Decision

// Add adds dec for the pair whose digest is digest, after checking them:
// the error says the digest is not DigestLen lowercase hex digits, or
// that it has a decision already, or what Decision.Check finds.
func (d Decisions) Add(digest string, dec Decision) error {
	if !IsDigest(digest) {
		return fmt.Errorf("digest %q: want %d lowercase hex digits", clip(digest, 80), DigestLen)
	}
	if err := dec.Check(); err != nil {
		return err
	}
	if _, ok := d[digest]; ok {
		return fmt.Errorf("digest %s decided twice", digest)
	}
	d[digest] = dec
	return nil
}

// Tally counts a change set's decisions (Result.Tally).
type Tally struct {
	// Flagged, Accepted and Undecided count the pairs to look at (high and
	// medium severity, Pair.ToLookAt) by decision; UndecidedHigh the
	// undecided ones of high severity.
	Flagged, Accepted, Undecided, UndecidedHigh int
	// OtherFlagged and OtherAccepted count the decided pairs of low or no
	// severity.
	OtherFlagged, OtherAccepted int
	// Stale counts the decisions whose digest is no pair's: decisions on
	// content the change set no longer holds (a pair changed since, or
	// another change set's).
	Stale int
}

// Tally counts the decisions d makes on r's pairs, by their Digest (set
// by SetDigests; a pair without one is undecided).
func (r *Result) Tally(d Decisions) Tally {
	var t Tally
	used := map[string]bool{}
	for i := range r.Pairs {
		p := &r.Pairs[i]
		dec, ok := r.decision(p, d)
		if ok {
			used[p.Digest] = true
		}
		switch {
		case !ok && p.ToLookAt():
			t.Undecided++
			if p.Severity == SeverityHigh {
				t.UndecidedHigh++
			}
		case !ok:
		case p.ToLookAt() && dec.Choice == Flag:
			t.Flagged++
		case p.ToLookAt():
			t.Accepted++
		case dec.Choice == Flag:
			t.OtherFlagged++
		default:
			t.OtherAccepted++
		}
	}
	t.Stale = len(d) - len(used)
	return t
}

// decision is p's decision in d, by its digest.
func (r *Result) decision(p *Pair, d Decisions) (Decision, bool) {
	if p.Digest == "" || d == nil {
		return Decision{}, false
	}
	dec, ok := d[p.Digest]
	return dec, ok
}

// DecisionsVersion is the version of the decisions file this package
// reads and writes.
const DecisionsVersion = 1

// MaxDecisionsFile is the largest decisions file ReadDecisions reads, in
// bytes: a review of 3,000 pairs, each decided with a note of MaxNote
// characters, writes under 4 MB.
const MaxDecisionsFile = 32 << 20

// maxFilePath bounds a path in a decisions file, as a review's paths are
// (docs/review.md: at most 4,096 bytes); maxChangeSet its change set.
const (
	maxFilePath  = 4096
	maxChangeSet = 1024
)

// DecisionsFile is a file of decisions, the page's Save decisions and
// `recview review --decisions FILE`'s (docs/review.md has the format):
//
//	{"recview":"decisions","version":1,"change_set":"ogx-ai/ogx#3978","decisions":[
//	{"digest":"406922dd612316157604c3eab700f2fe","base":"a/x.json","head":"a/x.json","decision":"flag","note":"the tool call is gone"},
//	{"digest":"a0b9486e9ef8f9330d88023a8b791353","base":null,"head":"a/y.json","decision":"accept","note":""}
//	]}
//
// A decision is matched to a pair by its digest alone; the change set and
// each entry's paths are for people reading the file.
type DecisionsFile struct {
	// ChangeSet names the change set the decisions were made on:
	// "OWNER/REPO#N", "OWNER/REPO BASE...HEAD", "base → head"; "" when
	// not said.
	ChangeSet string
	Entries   []DecisionEntry
}

// DecisionEntry is one decision of a DecisionsFile: the pair's digest,
// its paths when it was decided ("" for a side it lacks), and the
// decision.
type DecisionEntry struct {
	Digest     string
	Base, Head string
	Decision
}

// Decisions are f's decisions by digest (each digest is in f once:
// ReadDecisions refuses a file that gives one twice).
func (f *DecisionsFile) Decisions() Decisions {
	d := make(Decisions, len(f.Entries))
	for _, e := range f.Entries {
		d[e.Digest] = e.Decision
	}
	return d
}

// DecisionsFile is the file of the decisions d makes on r's pairs: an
// entry per pair decided, in r.Pairs' order, a digest shared by two pairs
// written once (with the first pair's paths); decisions whose digest is
// no pair's are left out (Tally counts them as Stale). changeSet names
// the change set (DecisionsFile.ChangeSet).
func (r *Result) DecisionsFile(changeSet string, d Decisions) *DecisionsFile {
	f := &DecisionsFile{ChangeSet: changeSet}
	seen := map[string]bool{}
	for i := range r.Pairs {
		p := &r.Pairs[i]
		dec, ok := r.decision(p, d)
		if !ok || seen[p.Digest] {
			continue
		}
		seen[p.Digest] = true
		f.Entries = append(f.Entries, DecisionEntry{Digest: p.Digest, Base: p.Base, Head: p.Head, Decision: dec})
	}
	return f
}

// fileJSON and entryJSON are a decisions file's JSON, as written.
type fileJSON struct {
	Recview   string      `json:"recview"`
	Version   int         `json:"version"`
	ChangeSet string      `json:"change_set"`
	Decisions []entryJSON `json:"decisions"`
}

type entryJSON struct {
	Digest   string  `json:"digest"`
	Base     *string `json:"base"`
	Head     *string `json:"head"`
	Decision Choice  `json:"decision"`
	Note     string  `json:"note"`
}

// Write writes f as a decisions file: the object's head on its first
// line, then one decision a line, then "]}", so that two versions of a
// file compare line by line. Every entry is written whatever it holds;
// ReadDecisions reads back what Write wrote of valid entries. It returns
// the first write error.
func (f *DecisionsFile) Write(w io.Writer) error {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	head, err := json.Marshal(fileJSON{Recview: "decisions", Version: DecisionsVersion, ChangeSet: f.ChangeSet})
	if err != nil {
		return err
	}
	// {"recview":…,"decisions":null} → {"recview":…,"decisions":[
	b.Write(bytes.TrimSuffix(head, []byte("null}")))
	b.WriteString("[\n")
	for i, e := range f.Entries {
		if err := enc.Encode(entryJSON{Digest: e.Digest, Base: orNull(e.Base), Head: orNull(e.Head), Decision: e.Choice, Note: e.Note}); err != nil {
			return err
		}
		if i < len(f.Entries)-1 {
			b.Truncate(b.Len() - 1)
			b.WriteString(",\n")
		}
	}
	b.WriteString("]}\n")
	_, err = w.Write(b.Bytes())
	return err
}

// DecisionsError is why ReadDecisions refuses a file.
type DecisionsError struct {
	// File is the file's name, as given to ReadDecisions.
	File string
	// Entry is the decision at fault, 1 for the first of the file's
	// "decisions"; 0 for the file as a whole.
	Entry int
	// Path is the entry's head path (its base path when it has no head),
	// "" when not known: it names the entry for people.
	Path string
	Err  error
}

// Error says it in one line: "review: FILE: decision 3 (PATH): why".
func (e *DecisionsError) Error() string {
	at := ""
	if e.Entry > 0 {
		at = fmt.Sprintf(" decision %d", e.Entry)
		if e.Path != "" {
			at += fmt.Sprintf(" (%s)", clip(e.Path, 200))
		}
		at += ":"
	}
	return fmt.Sprintf("review: %s:%s %v", e.File, at, e.Err)
}

func (e *DecisionsError) Unwrap() error { return e.Err }

// ErrNotDecisions is the error (wrapped in a DecisionsError) for a file
// that is not a decisions file: not a JSON object whose "recview" is
// "decisions".
var ErrNotDecisions = errors.New(`not a recview decisions file (a JSON object whose "recview" is "decisions")`)

// ReadDecisions reads a decisions file (DecisionsFile; docs/review.md)
// strictly, name naming it in errors. The error, a *DecisionsError, says
// what is wrong and where: a file larger than MaxDecisionsFile, not JSON
// (the line and column), not a decisions file (ErrNotDecisions), another
// version, a key the format does not have; an entry whose digest is not
// a digest or is given twice, whose decision is neither accept nor flag,
// whose note is not one line of at most MaxNote characters, whose paths
// are not strings. It never panics, whatever the input.
func ReadDecisions(name string, data []byte) (*DecisionsFile, error) {
	fail := func(entry int, path string, err error) (*DecisionsFile, error) {
		return nil, &DecisionsError{File: name, Entry: entry, Path: path, Err: err}
	}
	if len(data) > MaxDecisionsFile {
		return fail(0, "", fmt.Errorf("%d bytes, more than the %d a decisions file may have", len(data), MaxDecisionsFile))
	}
	if err := syntax(data); err != nil {
		return fail(0, "", err)
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(data, &top); err != nil || top == nil {
		return fail(0, "", ErrNotDecisions)
	}
	var kind string
	if err := json.Unmarshal(top["recview"], &kind); err != nil || kind != "decisions" {
		return fail(0, "", ErrNotDecisions)
	}
	switch version := string(top["version"]); version {
	case fmt.Sprint(DecisionsVersion):
	case "":
		return fail(0, "", fmt.Errorf(`no "version": want %d`, DecisionsVersion))
	default:
		return fail(0, "", fmt.Errorf("version %s: this recview reads version %d", clip(version, 40), DecisionsVersion))
	}
	f := &DecisionsFile{}
	for key, raw := range top {
		switch key {
		case "recview", "version":
		case "change_set":
			s, err := optString(raw)
			if err == nil && len(s) > maxChangeSet {
				err = fmt.Errorf("%d bytes, more than %d", len(s), maxChangeSet)
			}
			if err != nil {
				return fail(0, "", fmt.Errorf(`"change_set": %v`, err))
			}
			f.ChangeSet = s
		case "decisions":
		default:
			return fail(0, "", fmt.Errorf("unknown key %q", clip(key, 80)))
		}
	}
	var entries []json.RawMessage
	if err := json.Unmarshal(top["decisions"], &entries); err != nil || entries == nil {
		return fail(0, "", errors.New(`no "decisions" list`))
	}
	at := map[string]int{}
	for i, raw := range entries {
		e, path, err := readEntry(raw)
		if err == nil {
			if j, ok := at[e.Digest]; ok {
				err = fmt.Errorf("digest %s given twice, by decisions %d and %d", e.Digest, j, i+1)
			}
		}
		if err != nil {
			return fail(i+1, path, err)
		}
		at[e.Digest] = i + 1
		f.Entries = append(f.Entries, e)
	}
	return f, nil
}

// readEntry reads one entry of "decisions"; path names it for people
// when its paths were read.
func readEntry(raw json.RawMessage) (e DecisionEntry, path string, err error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil || m == nil {
		return e, "", errors.New("not a JSON object")
	}
	for key := range m {
		switch key {
		case "digest", "base", "head", "decision", "note":
		default:
			return e, "", fmt.Errorf("unknown key %q", clip(key, 80))
		}
	}
	for _, side := range []struct {
		key string
		to  *string
	}{{"base", &e.Base}, {"head", &e.Head}} {
		s, err := optString(m[side.key])
		if err == nil && len(s) > maxFilePath {
			err = fmt.Errorf("%d bytes, more than %d", len(s), maxFilePath)
		}
		if err == nil && strings.ContainsFunc(s, unicode.IsControl) {
			err = errors.New("a control character in a path")
		}
		if err != nil {
			return e, "", fmt.Errorf("%q: %v", side.key, err)
		}
		*side.to = s
	}
	path = e.Head
	if path == "" {
		path = e.Base
	}
	if err := json.Unmarshal(m["digest"], &e.Digest); err != nil {
		return e, path, errors.New(`no "digest" string`)
	}
	if !IsDigest(e.Digest) {
		return e, path, fmt.Errorf("digest %q: want %d lowercase hex digits", clip(e.Digest, 80), DigestLen)
	}
	if err := json.Unmarshal(m["decision"], &e.Choice); err != nil {
		return e, path, errors.New(`no "decision" string: want accept or flag`)
	}
	if e.Note, err = optString(m["note"]); err != nil {
		return e, path, fmt.Errorf(`"note": %v`, err)
	}
	return e, path, e.Decision.Check()
}

// optString reads a string that may be null or absent ("" then).
func optString(raw json.RawMessage) (string, error) {
	if raw == nil || string(raw) == "null" {
		return "", nil
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return "", errors.New("not a string")
	}
	return s, nil
}

// syntax says where data is not one JSON value, by line and column; nil
// when it is.
func syntax(data []byte) error {
	var v any
	dec := json.NewDecoder(bytes.NewReader(data))
	err := dec.Decode(&v)
	if err == nil {
		if _, err2 := dec.Token(); err2 != io.EOF {
			return fmt.Errorf("not JSON: something after the object, at %s", lineCol(data, dec.InputOffset()))
		}
		return nil
	}
	var se *json.SyntaxError
	switch {
	case errors.As(err, &se):
		return fmt.Errorf("not JSON: %v, at %s", se, lineCol(data, se.Offset))
	case errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF):
		return errors.New("not JSON: the file ends too soon")
	}
	return fmt.Errorf("not JSON: %v", err)
}

// lineCol is "line L, column C", from 1, of the byte of data before
// offset off: encoding/json's offsets count the bytes read, the one at
// fault included.
func lineCol(data []byte, off int64) string {
	off = min(max(off, 0), int64(len(data)))
	before := data[:off]
	line := bytes.Count(before, []byte("\n")) + 1
	col := utf8.RuneCount(before[bytes.LastIndexByte(before, '\n')+1:])
	return fmt.Sprintf("line %d, column %d", line, max(col, 1))
}

// clip cuts s to about n bytes, at a rune boundary, with "…" when cut.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}
