package main

import (
	"errors"

	"github.com/recview/recview/internal/pageworker"
	"github.com/recview/recview/internal/pageworker/replayhtml"
	"github.com/recview/recview/recordings/replay"
	"github.com/recview/recview/recordings/reqhash"
)

// folder is replay's view of the folder open in the page: the tree built
// from what the page's index found in each file (pageworker.Item), and a
// reader of the folder's files for what the index does not hand over
// (files that are not recordings, Python tests, the requests compared).
type folder struct {
	tree *replay.Tree
	// read returns the bytes of a file of the folder by its path, or
	// why it cannot.
	read func(path string) ([]byte, error)
	// readAhead, when not nil, is handed the files a report is about to
	// read (replay.ReportOptions.ReadAhead).
	readAhead func(paths []string)
}

// newFolder is an empty folder whose files read reads.
func newFolder(read func(string) ([]byte, error)) *folder {
	return &folder{tree: replay.New(), read: read}
}

// entryOf is the replay.Entry of an Item of a recording (the fields Add
// fills; the tree computes the rest).
func entryOf(it *pageworker.Item) replay.Entry {
	return replay.Entry{
		Path: it.Path, Size: it.Size, Kind: replay.Recording,
		TestID: it.TestID, HasTestID: it.HasTestID, Shape: it.Shape,
		Method: it.Method, Endpoint: it.Endpoint, Model: it.Model, Provider: it.Provider, ToolName: it.ToolName,
		Streaming: it.Streaming, Chunks: it.Chunks,
		Check: reqhash.Check{Status: it.Status, Scheme: it.Scheme, FileHash: it.FileHash, ModelList: it.ModelList,
			ReplayHash: it.ReplayHash, ReplayName: it.ReplayName},
	}
}

// add adds the files the index read: a recording from its Item, a file
// the index could not read as one from its bytes (replay.Tree.Add tells a
// file that is not a recording from a broken one), a file that cannot be
// read at all as broken.
func (f *folder) add(items []pageworker.Item) {
	for i := range items {
		it := &items[i]
		if !it.NotRecording {
			f.tree.AddEntry(entryOf(it))
			continue
		}
		data, err := f.read(it.Path)
		if err != nil {
			f.tree.AddEntry(replay.Entry{Path: it.Path, Size: it.Size, Kind: replay.Broken, Err: err})
			continue
		}
		f.tree.Add(it.Path, data)
	}
}

// addTest adds a Python test file (what it defines tells which tests
// exist); one that cannot be read is left out.
func (f *folder) addTest(p string) {
	if data, err := f.read(p); err == nil {
		f.tree.Add(p, data)
	}
}

// report is the folder's replay.Report for the page; with compare, the
// heavy tests' requests are compared, which reads their files again (in
// the browser, hundreds of reads for a large folder: the quick report
// comes first).
func (f *folder) report(compare bool) replayhtml.Report {
	opt := replay.ReportOptions{}
	if compare {
		opt.Read, opt.ReadAhead = f.read, f.readAhead
	}
	r := f.tree.Report(opt)
	out := replayhtml.Report{
		Recordings: r.Recordings, Skipped: r.Skipped, Broken: r.Broken, Bytes: r.Bytes,
		OK: r.Statuses[reqhash.OK], Stale: r.Statuses[reqhash.Stale], Mismatch: r.Statuses[reqhash.Mismatch], Unknown: r.Statuses[reqhash.Unknown], NotReplayed: r.Statuses[reqhash.NotReplayed],
		NeverN: len(r.Never), NeverBytes: r.NeverBytes, Leftovers: r.Leftovers,
		DuplicatesN: len(r.Duplicates), DuplicateBytes: r.DuplicateBytes,
		OrphansN: len(r.Orphans), Tests: r.Orphans != nil, Compared: compare,
	}
	out.Root, out.RootKnown = f.tree.Root()
	for _, e := range r.Never[:min(len(r.Never), replayhtml.MaxList)] {
		out.Never = append(out.Never, fileOf(e))
	}
	for _, fx := range r.Fixes {
		if fx.To != "" {
			out.Fixes++
		}
	}
	for i, d := range r.Duplicates {
		out.Copies += len(d.Drop)
		if i < replayhtml.MaxList {
			g := replayhtml.Duplicate{Keep: d.Keep.Path}
			for _, e := range d.Drop {
				g.Drop = append(g.Drop, e.Path)
			}
			out.Duplicates = append(out.Duplicates, g)
		}
	}
	for _, h := range r.Heavy {
		x := replayhtml.Heavy{TestID: h.TestID, Count: h.Count}
		for _, g := range h.Groups {
			x.Groups = append(x.Groups, replayhtml.Group{Endpoint: g.Endpoint, Model: g.Model, N: len(g.Entries), Fields: g.Fields, OnlyMissed: g.OnlyMissed})
		}
		out.Heavy = append(out.Heavy, x)
	}
	out.MisplacedN = len(r.Misplaced)
	for _, e := range r.Misplaced[:min(len(r.Misplaced), replayhtml.MaxList)] {
		out.Misplaced = append(out.Misplaced, replayhtml.Listed{Path: e.Path, Why: "replay looks in " + e.ReplayDirs[0]})
	}
	for _, o := range r.Orphans[:min(len(r.Orphans), replayhtml.MaxList)] {
		out.Orphans = append(out.Orphans, replayhtml.Listed{Path: o.Entry.Path, Why: o.Why})
	}
	return out
}

// fileOf is an entry as the page lists it.
func fileOf(e *replay.Entry) replayhtml.File {
	return replayhtml.File{Path: e.Path, Status: e.Check.Status.String(), Size: e.Size, Replay: e.Check.ReplayName,
		ReplayAt: e.ReplayPath, Leftover: e.Leftover, TestID: e.TestID, Endpoint: e.Endpoint, Model: e.Model}
}

// lookup reads replay's error in a pasted text (replay.ParseNotFound),
// looks its hash up in the folder (Tree.Find) and, when the text holds a
// request body too (replay.PastedBody) and nothing was found, compares it
// with the nearest candidate (replay.Nearest).
func (f *folder) lookup(text string) replayhtml.Lookup {
	nf, err := replay.ParseNotFound(text)
	if err != nil {
		return replayhtml.Lookup{Err: "The text holds no \"Recording not found for request hash\" (nor the older \"No recorded response found for request hash\") followed by the hash."}
	}
	if nf.TestID == "" && nf.TestName != "" {
		nf.TestID = f.tree.TestIDOf(nf.TestName)
	}
	out := replayhtml.Lookup{Hash: nf.Hash, Model: nf.Model, Method: nf.Method, URL: nf.URL, Endpoint: nf.Endpoint, TestID: nf.TestID, Form: nf.Form}
	l, err := f.tree.Find(nf.Query())
	if err != nil {
		out.Err = err.Error()
		return out
	}
	for _, p := range l.Places {
		out.Places = append(out.Places, replayhtml.Place{Dir: p.Dir, Want: p.Want, Present: p.Present})
	}
	out.Found, out.Merged = l.Found, l.Merged
	for _, e := range l.Named {
		out.Named = append(out.Named, fileOf(e))
	}
	for _, e := range l.Held {
		out.Held = append(out.Held, fileOf(e))
	}
	for _, c := range l.Candidates {
		out.Candidates = append(out.Candidates, replayhtml.Candidate{File: fileOf(c.Entry), Why: c.Why})
	}
	body, ok := replay.PastedBody(text)
	out.Body = ok
	if !ok || l.Found != "" {
		return out
	}
	c, d, err := replay.Nearest(l.Candidates, nf, body, f.read)
	switch {
	case errors.Is(err, replay.ErrNoCandidate) && len(l.Candidates) == 0:
		out.BodyErr = "No recording of the same test or model to compare the request with."
	case err != nil:
		out.BodyErr = err.Error()
	default:
		out.BodyHash, out.Nearest, out.Canonical, out.Recorded = d.Hash, c.Entry.Path, d.Canonical, d.Recorded
		for _, ch := range d.Changes {
			out.Changes = append(out.Changes, replayhtml.Change{Path: ch.Path, Recorded: ch.Recorded, Requested: ch.Requested})
		}
	}
	return out
}
