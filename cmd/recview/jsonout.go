package main

import (
	"encoding/json"
	"io"
	"path/filepath"

	"github.com/recview/recview/recordings"
	"github.com/recview/recview/recordings/diff"
	"github.com/recview/recview/recordings/replay"
	"github.com/recview/recview/recordings/reqhash"
)

// The --json outputs of show, find, list-test, hash, diff and doctor:
// one JSON value each, indented, keys in snake_case. docs/cli-json.md
// documents every key; the goldens in testdata/json-*.golden hold one of
// each, checked by hand against the files.

// writeJSON writes v as indented JSON and a newline.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// hashJSON is a reqhash.Check.
type hashJSON struct {
	Status       string `json:"status"`
	Scheme       string `json:"scheme,omitempty"`
	FileHash     string `json:"file_hash,omitempty"`
	ReplayHash   string `json:"replay_hash,omitempty"`
	ReplayName   string `json:"replay_name,omitempty"`
	ExpectedName string `json:"expected_name,omitempty"`
	Note         string `json:"note,omitempty"`
}

func hashOf(c reqhash.Check) hashJSON {
	return hashJSON{c.Status.String(), c.Scheme, c.FileHash, c.ReplayHash, c.ReplayName, c.ExpectedName, c.Note}
}

// showJSON is show --json: the recording's metadata, hash check, request
// as recorded and response as assembled (recordings.Assemble).
type showJSON struct {
	File      string          `json:"file"`
	TestID    *string         `json:"test_id"`
	Family    string          `json:"family"`
	Kind      string          `json:"kind"`
	Method    string          `json:"method,omitempty"`
	Endpoint  string          `json:"endpoint,omitempty"`
	Model     string          `json:"model,omitempty"`
	Streaming bool            `json:"streaming"`
	Chunks    int             `json:"chunks"`
	Hash      hashJSON        `json:"hash"`
	Warnings  []string        `json:"warnings,omitempty"`
	Notice    string          `json:"notice,omitempty"`
	Request   json.RawMessage `json:"request"`
	Response  json.RawMessage `json:"response"`
}

// showDoc is show --json of r, load's warnings first among its
// warnings, its notice apart.
func showDoc(r *recordings.Recording, info loaded) showJSON {
	out := showJSON{File: r.Name, Family: string(r.Family), Kind: r.Family.Title(), Method: r.Method,
		Endpoint: r.Endpoint, Model: r.Model, Streaming: r.Streaming, Chunks: len(r.Chunks),
		Hash: hashOf(reqhash.Verify(filepath.Base(r.Name), r.Doc)), Notice: info.notice,
		Request: json.RawMessage("null"), Response: json.RawMessage("null")}
	if r.HasTestID {
		out.TestID = &r.TestID
	}
	out.Warnings = append(out.Warnings, info.warnings...)
	if r.Unknown {
		out.Warnings = append(out.Warnings, r.Notice)
	}
	for _, d := range r.Duplicates {
		out.Warnings = append(out.Warnings, d.String())
	}
	if req := r.Doc.Get("request"); req != nil {
		out.Request = req.MarshalTo(nil)
	}
	v, err := recordings.Assemble(r)
	if err != nil {
		out.Warnings = append(out.Warnings, err.Error())
	}
	if v != nil {
		out.Response = v.MarshalTo(nil)
	}
	return out
}

// entryJSON is a file of a tree, as find, list-test and doctor list it.
type entryJSON struct {
	Path      string `json:"path"`
	Status    string `json:"status"`
	Scheme    string `json:"scheme,omitempty"`
	Endpoint  string `json:"endpoint,omitempty"`
	Model     string `json:"model,omitempty"`
	Streaming bool   `json:"streaming"`
	Chunks    int    `json:"chunks"`
	Why       string `json:"why,omitempty"`
}

func entryOf(e *replay.Entry, why string) entryJSON {
	return entryJSON{Path: shown(e.Path), Status: e.Check.Status.String(), Scheme: e.Check.Scheme, Endpoint: calledOf(e),
		Model: e.Model, Streaming: e.Streaming, Chunks: e.Chunks, Why: why}
}

// calledOf is what an entry's request called: its endpoint, or
// provider.tool for a tool call.
func calledOf(e *replay.Entry) string {
	if e.ToolName != "" {
		return e.Provider + "." + e.ToolName
	}
	return e.Endpoint
}

// placeJSON is a folder replay looks in (replay.Place).
type placeJSON struct {
	Dir     string   `json:"dir"`
	Want    string   `json:"want"`
	Present []string `json:"present"`
}

// findJSON is find --json (replay.Lookup).
type findJSON struct {
	Hash       string      `json:"hash"`
	TestID     *string     `json:"test_id"`
	ModelList  bool        `json:"model_list"`
	Places     []placeJSON `json:"places"`
	Found      *string     `json:"found"`
	Merged     []string    `json:"merged,omitempty"`
	Named      []entryJSON `json:"named"`
	Held       []entryJSON `json:"held"`
	Candidates []entryJSON `json:"candidates"`
}

// findAsJSON writes find --json of l, the lookup of hash for testID.
func findAsJSON(w io.Writer, hash, testID string, l *replay.Lookup) error {
	out := findJSON{Hash: hash, ModelList: l.ModelList, Places: []placeJSON{}, Named: []entryJSON{}, Held: []entryJSON{}, Candidates: []entryJSON{}}
	if testID != "" {
		out.TestID = &testID
	}
	for _, p := range l.Places {
		pj := placeJSON{Dir: shown(p.Dir), Want: shown(p.Want), Present: []string{}}
		for _, f := range p.Present {
			pj.Present = append(pj.Present, shown(f))
		}
		out.Places = append(out.Places, pj)
	}
	if l.Found != "" {
		f := shown(l.Found)
		out.Found = &f
	}
	for _, m := range l.Merged {
		out.Merged = append(out.Merged, shown(m))
	}
	for _, e := range l.Named {
		out.Named = append(out.Named, entryOf(e, ""))
	}
	for _, e := range l.Held {
		out.Held = append(out.Held, entryOf(e, ""))
	}
	for _, c := range l.Candidates {
		out.Candidates = append(out.Candidates, entryOf(c.Entry, c.Why))
	}
	return writeJSON(w, out)
}

// listTestJSON is list-test --json.
type listTestJSON struct {
	ID         string      `json:"id"`
	Rule       string      `json:"rule"`
	Recordings []entryJSON `json:"recordings"`
}

// hashInputJSON is one scheme's input of hash --json (reqhash.Input).
type hashInputJSON struct {
	Scheme    string `json:"scheme"`
	Hash      string `json:"hash"`
	File      string `json:"file"`
	ModelList bool   `json:"model_list"`
	Canonical string `json:"canonical"`
}

// diffJSON is diff --json (diff.Result).
type diffJSON struct {
	A            string        `json:"a"`
	B            string        `json:"b"`
	Verdict      string        `json:"verdict"`
	Severity     string        `json:"severity"`
	Why          string        `json:"why"`
	Findings     []findingJSON `json:"findings"`
	SameResult   bool          `json:"same_result"`
	SameChunking bool          `json:"same_chunking"`
	Changes      []changeJSON  `json:"changes"`
}

type findingJSON struct {
	Severity string `json:"severity"`
	Text     string `json:"text"`
}

type changeJSON struct {
	Kind string `json:"kind"`
	Path string `json:"path"`
	Op   string `json:"op"`
	Old  string `json:"old"`
	New  string `json:"new"`
	Note string `json:"note,omitempty"`
}

// diffAsJSON writes diff --json of res.
func diffAsJSON(w io.Writer, res *diff.Result) error {
	j := &res.Judgement
	out := diffJSON{A: res.A, B: res.B, Verdict: string(j.Verdict), Severity: string(j.Severity), Why: j.Why(diff.MaxWhy),
		Findings: []findingJSON{}, SameResult: res.SameResult, SameChunking: res.SameChunking, Changes: []changeJSON{}}
	for _, f := range j.Findings {
		out.Findings = append(out.Findings, findingJSON{string(f.Severity), f.Text})
	}
	for _, c := range res.Changes {
		out.Changes = append(out.Changes, changeJSON{string(c.Kind), c.Path, string(c.Op), c.Old, c.New, c.Note})
	}
	return writeJSON(w, out)
}

// doctorJSON is doctor --json (replay.Report).
type doctorJSON struct {
	Root       *string        `json:"root"`
	Recordings int            `json:"recordings"`
	Bytes      int64          `json:"bytes"`
	Statuses   map[string]int `json:"statuses"`
	Skipped    int            `json:"skipped"`
	Broken     int            `json:"broken"`
	Never      []entryJSON    `json:"never"`
	NeverBytes int64          `json:"never_bytes"`
	Leftovers  int            `json:"leftovers"`
	Misplaced  []entryJSON    `json:"misplaced"`
	Duplicates []dupJSON      `json:"duplicates"`
	Heavy      []heavyJSON    `json:"heavy"`
	Orphans    []entryJSON    `json:"orphans"`
}

type dupJSON struct {
	Keep   string   `json:"keep"`
	Copies []string `json:"copies"`
}

type heavyJSON struct {
	TestID string `json:"test_id"`
	Count  int    `json:"count"`
}

// doctorAsJSON writes doctor --json of tree's report r.
func doctorAsJSON(w io.Writer, tree *replay.Tree, r *replay.Report) error {
	out := doctorJSON{Recordings: r.Recordings, Bytes: r.Bytes, Statuses: map[string]int{}, Skipped: r.Skipped, Broken: r.Broken,
		Never: []entryJSON{}, NeverBytes: r.NeverBytes, Leftovers: r.Leftovers, Misplaced: []entryJSON{},
		Duplicates: []dupJSON{}, Heavy: []heavyJSON{}, Orphans: []entryJSON{}}
	if root, ok := tree.Root(); ok {
		s := shown(root)
		if s == "" {
			s = "."
		}
		out.Root = &s
	}
	for st, n := range r.Statuses {
		out.Statuses[st.String()] = n
	}
	for _, e := range r.Never {
		why := e.Check.Note
		if e.UnreadModelList() {
			why = "a model list not named models-<hash>-…: replay reads models-<hash>-*.json only"
		}
		out.Never = append(out.Never, entryOf(e, why))
	}
	for _, e := range r.Misplaced {
		out.Misplaced = append(out.Misplaced, entryOf(e, "replay looks in "+shown(e.ReplayDirs[0])))
	}
	for _, d := range r.Duplicates {
		dj := dupJSON{Keep: shown(d.Keep.Path), Copies: []string{}}
		for _, e := range d.Drop {
			dj.Copies = append(dj.Copies, shown(e.Path))
		}
		out.Duplicates = append(out.Duplicates, dj)
	}
	for _, h := range r.Heavy {
		out.Heavy = append(out.Heavy, heavyJSON{h.TestID, h.Count})
	}
	for _, o := range r.Orphans {
		out.Orphans = append(out.Orphans, entryOf(o.Entry, o.Why))
	}
	return writeJSON(w, out)
}
