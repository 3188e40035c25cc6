package review

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var (
	digestA = strings.Repeat("0a", 16)
	digestB = strings.Repeat("1b", 16)
	digestC = "406922dd612316157604c3eab700f2fe"
)

// TestDecisionsFileRoundTrip: a decisions file written reads back as it
// was, and its text is the format docs/review.md gives, one decision a
// line.
func TestDecisionsFileRoundTrip(t *testing.T) {
	f := &DecisionsFile{ChangeSet: "base → head", Entries: []DecisionEntry{
		{Digest: digestA, Base: "a/x.json", Head: "a/y.json", Decision: Decision{Choice: Flag, Note: `the tool call is gone: "get_weather" <b> | é`}},
		{Digest: digestB, Head: "c/t.yaml#2", Decision: Decision{Choice: Accept}},
		{Digest: digestC, Base: "a/z.json", Decision: Decision{Choice: Accept, Note: strings.Repeat("é", MaxNote)}},
	}}
	var b bytes.Buffer
	if err := f.Write(&b); err != nil {
		t.Fatal(err)
	}
	want := `{"recview":"decisions","version":1,"change_set":"base → head","decisions":[
{"digest":"0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a","base":"a/x.json","head":"a/y.json","decision":"flag","note":"the tool call is gone: \"get_weather\" <b> | é"},
{"digest":"1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b","base":null,"head":"c/t.yaml#2","decision":"accept","note":""},
{"digest":"406922dd612316157604c3eab700f2fe","base":"a/z.json","head":null,"decision":"accept","note":"` + strings.Repeat("é", MaxNote) + `"}
]}
`
	if b.String() != want {
		t.Errorf("written:\n%s\nwant:\n%s", b.String(), want)
	}
	got, err := ReadDecisions("d.json", b.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(f, got); d != "" {
		t.Errorf("read back (-written +read):\n%s", d)
	}
	if d := got.Decisions(); len(d) != 3 || d[digestA] != (Decision{Flag, f.Entries[0].Note}) || d[digestB] != (Decision{Choice: Accept}) {
		t.Errorf("Decisions() = %v", d)
	}
	// An empty file, and another spelling of the same: keys in another
	// order, white space, null and absent notes and paths.
	var empty bytes.Buffer
	(&DecisionsFile{}).Write(&empty)
	if empty.String() != `{"recview":"decisions","version":1,"change_set":"","decisions":[`+"\n]}\n" {
		t.Errorf("empty file %q", empty.String())
	}
	if got, err := ReadDecisions("e.json", empty.Bytes()); err != nil || len(got.Entries) != 0 {
		t.Errorf("the empty file read as %+v, %v", got, err)
	}
	other := `
	{ "decisions": [ {"decision": "flag", "digest": "0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a", "note": null},
	                 {"digest": "1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b", "decision": "accept", "base": null} ],
	  "version": 1, "recview": "decisions" }
	`
	got, err = ReadDecisions("o.json", []byte(other))
	wantOther := &DecisionsFile{Entries: []DecisionEntry{{Digest: digestA, Decision: Decision{Choice: Flag}}, {Digest: digestB, Decision: Decision{Choice: Accept}}}}
	if err != nil || !cmp.Equal(got, wantOther) {
		t.Errorf("read %+v, %v; want %+v", got, err, wantOther)
	}
}

// TestReadDecisionsErrors: a file that is not what the format says is
// refused with an error naming the file, the decision (its number and
// path) and what is wrong.
func TestReadDecisionsErrors(t *testing.T) {
	head := `{"recview":"decisions","version":1,"decisions":[`
	entry := func(fields string) string { return head + fields + `]}` }
	ok := `{"digest":"` + digestA + `","head":"a/x.json","decision":"flag"}`
	for _, tc := range []struct {
		name, file string
		entry      int
		want       string
	}{
		{"empty", ``, 0, "d.json: not JSON: the file ends too soon"},
		{"cut", head + ok, 0, "not JSON: the file ends too soon"},
		{"bad token", "{\"recview\":\"decisions\",\n\"version\":1,\n \"decisions\": [x]}", 0, "not JSON: invalid character 'x' looking for beginning of value, at line 3, column 16"},
		{"after the object", entry("") + "{}", 0, "not JSON: something after the object, at line 1, column 51"},
		{"array", `[]`, 0, `not a recview decisions file (a JSON object whose "recview" is "decisions")`},
		{"another file", `{"recview":"review","version":1,"decisions":[]}`, 0, "not a recview decisions file"},
		{"a recording", `{"request":{},"response":{}}`, 0, "not a recview decisions file"},
		{"no version", `{"recview":"decisions","decisions":[]}`, 0, `no "version": want 1`},
		{"version 2", `{"recview":"decisions","version":2,"decisions":[]}`, 0, "version 2: this recview reads version 1"},
		{"version as text", `{"recview":"decisions","version":"1","decisions":[]}`, 0, `version "1": this recview reads version 1`},
		{"unknown key", `{"recview":"decisions","version":1,"decisions":[],"reviewer":"me"}`, 0, `unknown key "reviewer"`},
		{"change set", `{"recview":"decisions","version":1,"decisions":[],"change_set":3}`, 0, `"change_set": not a string`},
		{"no list", `{"recview":"decisions","version":1}`, 0, `no "decisions" list`},
		{"null list", `{"recview":"decisions","version":1,"decisions":null}`, 0, `no "decisions" list`},
		{"entry not an object", entry(`"flag"`), 1, "decision 1: not a JSON object"},
		{"unknown entry key", entry(ok + `,{"digest":"` + digestB + `","decision":"flag","by":"me"}`), 2, `decision 2: unknown key "by"`},
		{"no digest", entry(`{"head":"a/x.json","decision":"flag"}`), 1, `decision 1 (a/x.json): no "digest" string`},
		{"short digest", entry(`{"digest":"0a0a","base":"a/x.json","decision":"flag"}`), 1, `decision 1 (a/x.json): digest "0a0a": want 32 lowercase hex digits`},
		{"upper-case digest", entry(`{"digest":"` + strings.ToUpper(digestA) + `","decision":"flag"}`), 1, "want 32 lowercase hex digits"},
		{"no decision", entry(`{"digest":"` + digestA + `"}`), 1, `decision 1: no "decision" string: want accept or flag`},
		{"reject", entry(`{"digest":"` + digestA + `","head":"a/x.json","decision":"reject"}`), 1, `decision 1 (a/x.json): decision "reject": want accept or flag`},
		{"Accept", entry(`{"digest":"` + digestA + `","decision":"Accept"}`), 1, `decision "Accept": want accept or flag`},
		{"twice", entry(ok + "," + ok), 2, "decision 2 (a/x.json): digest " + digestA + " given twice, by decisions 1 and 2"},
		{"long note", entry(`{"digest":"` + digestA + `","decision":"flag","note":"` + strings.Repeat("x", MaxNote+1) + `"}`), 1, "note of 301 characters, more than 300"},
		{"two lines", entry(`{"digest":"` + digestA + `","decision":"flag","note":"a\nb"}`), 1, "note spans lines: a note is one line"},
		{"carriage return", entry(`{"digest":"` + digestA + `","decision":"flag","note":"a\rb"}`), 1, "note spans lines"},
		{"line separator", entry(`{"digest":"` + digestA + `","decision":"flag","note":"a\u2028b"}`), 1, "note spans lines"},
		{"tab", entry(`{"digest":"` + digestA + `","decision":"flag","note":"a\tb"}`), 1, "note holds the control character U+0009"},
		{"escape", entry(`{"digest":"` + digestA + `","decision":"flag","note":"\u001b[31mred"}`), 1, "note holds the control character U+001B"},
		{"right-to-left override", entry(`{"digest":"` + digestA + `","decision":"flag","note":"a\u202eb"}`), 1, "note holds U+202E, which turns the direction"},
		{"note not text", entry(`{"digest":"` + digestA + `","decision":"flag","note":["a"]}`), 1, `decision 1: "note": not a string`},
		{"path not text", entry(`{"digest":"` + digestA + `","decision":"flag","base":7}`), 1, `decision 1: "base": not a string`},
		{"path with a control", entry(`{"digest":"` + digestA + `","decision":"flag","head":"a\u0000b"}`), 1, `decision 1: "head": a control character in a path`},
		{"too large", head + strings.Repeat(" ", MaxDecisionsFile) + "]}", 0, "more than the 33554432 a decisions file may have"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, err := ReadDecisions("d.json", []byte(tc.file))
			var de *DecisionsError
			if !errors.As(err, &de) {
				t.Fatalf("read %+v, %v; want a *DecisionsError", f, err)
			}
			if !strings.HasPrefix(err.Error(), "review: d.json: ") || !strings.Contains(err.Error(), tc.want) || de.Entry != tc.entry {
				t.Errorf("error %q (entry %d), want %q at entry %d", err, de.Entry, tc.want, tc.entry)
			}
			if strings.ContainsAny(err.Error(), "\n\x1b") {
				t.Errorf("error %q spans lines or holds an escape", err)
			}
		})
	}
	if _, err := ReadDecisions("x", []byte(`[]`)); !errors.Is(err, ErrNotDecisions) {
		t.Errorf("not a decisions file: %v, want ErrNotDecisions", err)
	}
	// A note of MaxNote characters, of any script, is one.
	if _, err := ReadDecisions("d.json", []byte(entry(`{"digest":"`+digestA+`","decision":"flag","note":"`+strings.Repeat("語", MaxNote)+`"}`))); err != nil {
		t.Errorf("a note of %d characters: %v", MaxNote, err)
	}
}

// TestDecisionsAdd: Add checks the digest, the decision and the note,
// and refuses a digest decided already.
func TestDecisionsAdd(t *testing.T) {
	d := Decisions{}
	if err := d.Add(digestA, Decision{Choice: Flag, Note: "look"}); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		digest string
		dec    Decision
		want   string
	}{
		{digestA, Decision{Choice: Accept}, "decided twice"},
		{"xyz", Decision{Choice: Accept}, `digest "xyz": want 32 lowercase hex digits`},
		{digestB, Decision{Choice: "maybe"}, `decision "maybe": want accept or flag`},
		{digestB, Decision{Choice: Flag, Note: "a\nb"}, "note spans lines"},
		{digestB, Decision{Choice: Flag, Note: "\xff"}, "note is not UTF-8"},
	} {
		if err := d.Add(tc.digest, tc.dec); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Add(%q, %+v) = %v, want %q", tc.digest, tc.dec, err, tc.want)
		}
	}
	if len(d) != 1 || d[digestA].Choice != Flag {
		t.Errorf("decisions %v after the refused ones", d)
	}
}

// decided is the change set qwen3-rerecord-3978 of testdata with
// decisions on some of its pairs, chosen by their files' names (the
// golden review-qwen3-rerecord-3978.txt of cmd/recview lists its 14
// pairs): of its 6 pairs to look at (5 high, 1 medium), two high ones
// flagged with notes, two high and the medium one accepted, one high
// left undecided (10d6c5e40b60, a refusal gone); of the others, an added
// recording accepted and a metadata-only one flagged; and one decision
// whose digest is no pair's.
func decided(t *testing.T) (*Result, Decisions) {
	t.Helper()
	base, head := subset(t, "qwen3-rerecord-3978")
	res := review(t, base, head)
	res.SetDigests(FileSums(base), FileSums(head))
	d := Decisions{}
	for name, dec := range map[string]Decision{
		"214aef96107c": {Flag, "celcius became false: the tool's default is wrong | see <issue>"},
		"2a5013730936": {Flag, "the guardrail test no longer calls get_weather: record it again"},
		"3a680a3aabcd": {Accept, "max_tokens 20 cuts it: fine"},
		"12ea4e4a2705": {Choice: Accept},
		"92d49675c903": {Accept, "reworded"},
		"33787fc2dcde": {Accept, "the new test's first recording"},
		"067215140578": {Flag, "why did the ids move?"},
	} {
		p := pairNamed(t, res, name)
		if err := d.Add(p.Digest, dec); err != nil {
			t.Fatal(err)
		}
	}
	if err := d.Add(digestC, Decision{Flag, "a pair of an earlier push"}); err != nil {
		t.Fatal(err)
	}
	return res, d
}

// TestTallyAndFile: the counts of decided on a real change set, and the
// file of its decisions: the decided pairs in the review's order, with
// their paths, the stale decision left out.
func TestTallyAndFile(t *testing.T) {
	res, d := decided(t)
	want := Tally{Flagged: 2, Accepted: 3, Undecided: 1, UndecidedHigh: 1, OtherFlagged: 1, OtherAccepted: 1, Stale: 1}
	if got := res.Tally(d); got != want {
		t.Errorf("Tally = %+v, want %+v", got, want)
	}
	f := res.DecisionsFile("ogx-ai/ogx#3978", d)
	var order []string
	for _, e := range f.Entries {
		order = append(order, filepath.Base(e.Head)[:12]+":"+string(e.Choice))
		p := pairNamed(t, res, filepath.Base(e.Head))
		if e.Digest != p.Digest || e.Base != p.Base || e.Head != p.Head || e.Decision != d[p.Digest] {
			t.Errorf("entry %+v, the pair %s %s %s", e, p.Digest, p.Base, p.Head)
		}
	}
	wantOrder := "214aef96107c:flag 2a5013730936:flag 3a680a3aabcd:accept 12ea4e4a2705:accept 92d49675c903:accept 33787fc2dcde:accept 067215140578:flag"
	if strings.Join(order, " ") != wantOrder {
		t.Errorf("entries %s, want %s", strings.Join(order, " "), wantOrder)
	}
	var b bytes.Buffer
	if err := f.Write(&b); err != nil {
		t.Fatal(err)
	}
	back, err := ReadDecisions("d.json", b.Bytes())
	if err != nil || !cmp.Equal(back, f) {
		t.Errorf("read back %+v, %v", back, err)
	}
	// Without digests, every pair is undecided and every decision stale.
	bt, ht := subset(t, "qwen3-rerecord-3978")
	plain := review(t, bt, ht)
	if got := plain.Tally(d); got != (Tally{Undecided: 6, UndecidedHigh: 5, Stale: len(d)}) {
		t.Errorf("without digests: %+v", got)
	}
}

// pairNamed is the pair whose head (else base) file's name starts with
// prefix.
func pairNamed(t *testing.T, res *Result, prefix string) *Pair {
	t.Helper()
	var found *Pair
	for i := range res.Pairs {
		if strings.HasPrefix(filepath.Base(res.Pairs[i].sortPath()), prefix) {
			if found != nil {
				t.Fatalf("two pairs named %s…", prefix)
			}
			found = &res.Pairs[i]
		}
	}
	if found == nil {
		t.Fatalf("no pair named %s…", prefix)
	}
	return found
}

// FuzzReadDecisions: whatever the input, ReadDecisions returns a file or
// a *DecisionsError, never panics; a file it reads holds valid
// decisions, and written again reads back the same.
func FuzzReadDecisions(f *testing.F) {
	var b bytes.Buffer
	(&DecisionsFile{ChangeSet: "o/r#1", Entries: []DecisionEntry{
		{Digest: digestA, Base: "a.json", Head: "b.json", Decision: Decision{Flag, "why"}},
		{Digest: digestB, Head: "c.yaml#3", Decision: Decision{Choice: Accept}}}}).Write(&b)
	f.Add(b.Bytes())
	f.Add([]byte(`{"recview":"decisions","version":1,"decisions":[{"digest":"` + digestA + `","decision":"flag","note":"a\u202e"}]}`))
	f.Add([]byte(`{"recview":"decisions","version":1,"decisions":[{"digest":"` + digestA + `","decision":"accept"},{"digest":"` + digestA + `","decision":"flag"}]}`))
	f.Add([]byte(`{"recview":"decisions","version":1,"decisions":[{}], "x":1}`))
	f.Add([]byte(`[{"recview":"decisions"}]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		got, err := ReadDecisions("fuzz.json", data)
		if err != nil {
			var de *DecisionsError
			if !errors.As(err, &de) || got != nil {
				t.Fatalf("error %v (%T) with %v", err, err, got)
			}
			return
		}
		for i, e := range got.Entries {
			if !IsDigest(e.Digest) || e.Decision.Check() != nil {
				t.Fatalf("entry %d read: %+v", i, e)
			}
		}
		var b bytes.Buffer
		if err := got.Write(&b); err != nil {
			t.Fatal(err)
		}
		again, err := ReadDecisions("again.json", b.Bytes())
		if err != nil || !cmp.Equal(got, again) {
			t.Fatalf("written again and read: %+v, %v\nfirst %+v\n%s", again, err, got, fmt.Sprint(b.String()))
		}
	})
}
