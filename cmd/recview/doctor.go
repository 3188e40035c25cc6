package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/recview/recview/recordings/replay"
	"github.com/recview/recview/recordings/reqhash"
	"github.com/spf13/pflag"
)

// doctor prints a tree's report (replay.Report): the files replay never
// finds, duplicates, the tests with the most recordings, orphans; with
// --prune-duplicates it deletes the copies of a request another file holds,
// then with --fix renames each stale file to the name today's recorder
// computes, never over an existing file, printing what it did. Exit 2 for
// bad usage, unreadable files, a named file that is not a recording or a
// failed rename or removal; else 1 when the tree holds what --fail-on
// names (stale, mismatch, duplicate, orphan; none by default), as found
// before any fix.
func doctor(fl *pflag.FlagSet) runFunc {
	recordingDir := recordingDirFlag(fl)
	fix := fl.Bool("fix", false, "rename stale files to the name replay looks for")
	prune := fl.Bool("prune-duplicates", false, "delete the copies of a request another file holds")
	all := fl.Bool("all", false, "list every file, not the first 20 of each list")
	top := fl.Int("top", 10, "show the `N` tests with the most recordings")
	asJSON := fl.Bool("json", false, "print the report as one JSON object (docs/cli-json.md); not with --fix or --prune-duplicates")
	failOn := fl.String("fail-on", "", "comma-separated `FINDINGS` that fail (exit 1): stale, mismatch, duplicate, orphan")
	return func(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
		paths := args
		if len(paths) != 1 || *asJSON && (*fix || *prune) {
			fmt.Fprintln(stderr, "usage: recview doctor [--fix] [--prune-duplicates] [--all] [--top N] [--recording-dir DIR] PATH")
			return exitError{2}
		}
		fails, err := failOnNames(*failOn, "stale", "mismatch", "duplicate", "orphan")
		if err != nil {
			complain(stderr, "doctor", err)
			return exitError{2}
		}
		tree, failed := loadTree("doctor", paths, stdin, stderr)
		if err := setRecordingDir(tree, *recordingDir); err != nil {
			complain(stderr, "doctor", err)
			return exitError{2}
		}
		failed += refuseNamed(tree, "doctor", stderr)
		r := tree.Report(replay.ReportOptions{Top: *top, Read: readTreeFile})
		found := map[string]bool{
			"stale":     r.Statuses[reqhash.Stale] > 0,
			"mismatch":  r.Statuses[reqhash.Mismatch] > 0,
			"duplicate": len(r.Duplicates) > 0,
			"orphan":    len(r.Orphans) > 0,
		}
		w := &printer{w: stdout}
		limit := 20
		if *all {
			limit = -1
		}
		if *asJSON {
			w.err = doctorAsJSON(stdout, tree, r)
		} else {
			printReport(w, tree, r, limit)
		}
		bad := failed > 0
		removed := map[string]bool{}
		if *prune {
			w.section("PRUNE")
			for _, d := range r.Duplicates {
				for _, e := range d.Drop {
					if err := os.Remove(filepath.FromSlash(e.Path)); err != nil {
						complain(stderr, "doctor", err)
						bad = true
						continue
					}
					removed[e.Path] = true
					w.line("deleted %s (same request as %s)", shown(e.Path), shown(d.Keep.Path))
				}
			}
		}
		if *fix {
			w.section("FIX")
			for _, f := range r.Fixes {
				switch {
				case removed[f.Entry.Path]:
					continue
				case f.To == "":
					w.line("kept %s: %s", shown(f.Entry.Path), f.Skip)
					continue
				}
				if err := renameNoReplace(filepath.FromSlash(f.Entry.Path), filepath.FromSlash(f.To)); err != nil {
					complain(stderr, "doctor", err)
					bad = true
					continue
				}
				w.line("renamed %s -> %s", shown(f.Entry.Path), filepath.Base(f.To))
			}
		}
		if bad {
			return exitError{2}
		}
		if w.err != nil {
			return w.err
		}
		for _, f := range fails {
			if found[f] {
				return exitError{1}
			}
		}
		return nil
	}
}

// renameNoReplace renames from to to, refusing to replace an existing to:
// it links to first (which fails when to exists) and then removes from.
func renameNoReplace(from, to string) error {
	if err := os.Link(from, to); err != nil {
		if errors.Is(err, os.ErrExist) {
			return fmt.Errorf("not renaming %s: %s exists", from, to)
		}
		return err
	}
	return os.Remove(from)
}

// printReport writes r for a terminal, each list cut at limit entries
// (-1: all).
func printReport(w *printer, tree *replay.Tree, r *replay.Report, limit int) {
	root, ok := tree.Root()
	w.section("TREE")
	if ok {
		w.field("root", shown(strings.TrimSuffix(root, "/")))
	} else {
		w.field("root", "unknown: no recording sits under tests/integration/; replay's folders cannot be told")
	}
	w.field("recordings", fmt.Sprintf("%d (%s)", r.Recordings, replay.Size(r.Bytes)))
	status := fmt.Sprintf("%d ok, %d stale, %d mismatch, %d unknown", r.Statuses[reqhash.OK],
		r.Statuses[reqhash.Stale], r.Statuses[reqhash.Mismatch], r.Statuses[reqhash.Unknown])
	if n := r.Statuses[reqhash.NotReplayed]; n > 0 {
		status += fmt.Sprintf(", %d not replayed (file processors: the recorder makes the real call)", n)
	}
	w.field("status", status)
	w.field("skipped", fmt.Sprintf("%s that %s", plural(r.Skipped, "JSON file", ""), iff(r.Skipped == 1, "is not a recording", "are not recordings")))
	if r.Broken > 0 {
		w.field("broken", fmt.Sprintf("%s (recview verify says where)", iff(r.Broken == 1, "1 file looks like a recording and does not parse", fmt.Sprintf("%d files look like recordings and do not parse", r.Broken))))
	}

	w.section(fmt.Sprintf("NEVER FOUND BY REPLAY: %s, %s", plural(len(r.Never), "file", ""), replay.Size(r.NeverBytes)))
	w.line("%d stale (%d of them leftovers: replay finds their request under today's name), %d mismatch, %d not replayed",
		r.Statuses[reqhash.Stale], r.Leftovers, r.Statuses[reqhash.Mismatch], r.Statuses[reqhash.NotReplayed])
	for i, e := range r.Never {
		if cut(w, i, limit, len(r.Never)) {
			break
		}
		what := e.Check.Status.String()
		if e.Check.Status == reqhash.Stale {
			what += " (" + e.Check.Scheme + ")"
		}
		if e.UnreadModelList() {
			what = "model list, not named models-…"
		}
		w.line("%-40s %s", what, shown(e.Path))
		if note := replayNote(e); note != "" {
			w.line("%-40s %s", "", note[1:])
		}
		if e.UnreadModelList() {
			w.line("%-40s %s", "", "replay reads a model list from models-<hash>-*.json only; today's recorder names it "+e.Check.ReplayName)
		}
		if e.Check.Status == reqhash.NotReplayed {
			w.line("%-40s %s", "", e.Check.Note)
		}
	}
	if len(r.Misplaced) > 0 {
		w.section(fmt.Sprintf("OK NAME, WRONG FOLDER: %s outside the folders replay looks in for their test", plural(len(r.Misplaced), "file", "")))
		for i, e := range r.Misplaced {
			if cut(w, i, limit, len(r.Misplaced)) {
				break
			}
			w.line("%s (replay looks in %s)", shown(e.Path), shown(e.ReplayDirs[0]))
		}
	}

	w.section(fmt.Sprintf("DUPLICATES: %s held by more than one file, %s in the copies", plural(len(r.Duplicates), "request", ""), replay.Size(r.DuplicateBytes)))
	for i, d := range r.Duplicates {
		if cut(w, i, limit, len(r.Duplicates)) {
			break
		}
		w.line("keep %s", shown(d.Keep.Path))
		for _, e := range d.Drop {
			w.line("  drop %s (%s)", shown(e.Path), e.Check.Status)
		}
	}

	w.section("TESTS WITH THE MOST RECORDINGS")
	for _, h := range r.Heavy {
		w.line("%4d  %s", h.Count, h.TestID)
		for _, g := range h.Groups {
			if len(g.Entries) < 2 {
				continue
			}
			to := strings.TrimSpace(g.Endpoint + " " + g.Model)
			if e := g.Entries[0]; to == "" {
				to = e.Provider + "." + e.ToolName
			}
			desc := fmt.Sprintf("%d to %s", len(g.Entries), to)
			switch {
			case g.OnlyMissed:
				desc += ": differ only in fields the normalization misses: " + strings.Join(g.Fields, ", ")
			case len(g.Fields) > 0:
				desc += ": differ in " + strings.Join(g.Fields[:min(8, len(g.Fields))], ", ")
			}
			w.line("      %s", desc)
		}
	}
	if r.Orphans != nil {
		w.section(fmt.Sprintf("RECORDINGS OF TESTS THAT NO LONGER EXIST: %d", len(r.Orphans)))
		for i, o := range r.Orphans {
			if cut(w, i, limit, len(r.Orphans)) {
				break
			}
			w.line("%s: %s", shown(o.Entry.Path), o.Why)
		}
	}
	renames := 0
	for _, f := range r.Fixes {
		if f.To != "" {
			renames++
		}
	}
	w.section("REPAIR")
	w.line("recview doctor --fix renames %s to the name replay looks for; --prune-duplicates deletes %s",
		plural(renames, "stale file", ""), plural(countDrops(r), "copy", "copies"))
}

func countDrops(r *replay.Report) int {
	n := 0
	for _, d := range r.Duplicates {
		n += len(d.Drop)
	}
	return n
}

// cut writes "… N more (--all lists them)" at the limit and reports that
// the list stops.
func cut(w *printer, i, limit, n int) bool {
	if limit >= 0 && i == limit {
		w.line("… %d more (--all lists them)", n-limit)
		return true
	}
	return false
}
