package main

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/recview/recview/recordings/replay"
	"github.com/recview/recview/recordings/reqhash"
	"github.com/spf13/pflag"
)

// verifyResult is one line of `recview verify --json`.
type verifyResult struct {
	Status       string `json:"status"`
	Scheme       string `json:"scheme"`
	Path         string `json:"path"`
	FileHash     string `json:"file_hash,omitempty"`
	Computed     string `json:"computed,omitempty"`
	ExpectedName string `json:"expected_name,omitempty"`
	// Duplicates describes each key repeated in one object of the file
	// (recordings.DuplicateKey.String), where replay reads the last value.
	Duplicates []string `json:"duplicates,omitempty"`
	// ReplayHash and ReplayName are what replay looks the request up by
	// today; ReplayPath is the file it opens ("" when none: the test
	// fails in replay); Leftover marks a stale file whose request that
	// file already holds.
	ReplayHash string `json:"replay_hash,omitempty"`
	ReplayName string `json:"replay_name,omitempty"`
	ReplayPath string `json:"replay_path,omitempty"`
	Leftover   bool   `json:"leftover,omitempty"`
}

// failOnStatuses are the statuses --fail-on accepts.
var failOnStatuses = map[string]reqhash.Status{"mismatch": reqhash.Mismatch, "stale": reqhash.Stale, "unknown": reqhash.Unknown}

// verify checks each recording (folders recursively, *.json files only)
// against its request hash and prints "status<TAB>scheme<TAB>path" per
// file, followed for a stale or mismatched file by "<TAB>replay: NAME" and
// where replay finds that name; or JSON lines with --json. JSON files that
// are not recordings are skipped and counted. A summary goes to stderr, and
// so does a warning "PATH:LINE:COL: duplicate key ..." for each key
// repeated in one object of a file. Exit 1 when a file has a status
// --fail-on names (mismatch by default), 2 when a file that looks like a
// recording cannot be read or parsed.
func verify(fl *pflag.FlagSet) runFunc {
	recordingDir := recordingDirFlag(fl)
	asJSON := fl.Bool("json", false, "print one JSON object per file")
	failOn := fl.String("fail-on", "mismatch", "comma-separated `STATUSES` that fail (exit 1): mismatch, stale, unknown")
	return func(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
		paths := args
		if len(paths) == 0 {
			fmt.Fprintln(stderr, "usage: recview verify [--json] [--fail-on mismatch,stale] [--recording-dir DIR] PATH...")
			return exitError{2}
		}
		names, err := failOnNames(*failOn, "mismatch", "stale", "unknown")
		if err != nil {
			complain(stderr, "verify", err)
			return exitError{2}
		}
		var failing []reqhash.Status
		for _, n := range names {
			failing = append(failing, failOnStatuses[n])
		}
		tree, failed := loadTree("verify", paths, stdin, stderr)
		if err := setRecordingDir(tree, *recordingDir); err != nil {
			complain(stderr, "verify", err)
			return exitError{2}
		}
		failed += refuseNamed(tree, "verify", stderr)
		counts := map[reqhash.Status]int{}
		skipped, duplicated := 0, 0
		enc := json.NewEncoder(stdout)
		for _, e := range tree.Entries() {
			switch e.Kind {
			case replay.Skipped:
				if !named[e.Path] {
					skipped++
				}
				continue
			case replay.Broken:
				complain(stderr, "verify", e.Err)
				failed++
				continue
			}
			hc := e.Check
			counts[hc.Status]++
			path := shown(e.Path)
			var dups []string
			for _, d := range e.Duplicates {
				fmt.Fprintf(stderr, "%s:%d:%d: %s\n", path, d.Line, d.Col, d)
				dups = append(dups, d.String())
			}
			if len(dups) > 0 {
				duplicated++
			}
			if *asJSON {
				res := verifyResult{hc.Status.String(), hc.Scheme, path, hc.FileHash, hc.Computed, hc.ExpectedName, dups,
					hc.ReplayHash, hc.ReplayName, "", e.Leftover}
				if e.ReplayPath != "" {
					res.ReplayPath = shown(e.ReplayPath)
				}
				enc.Encode(res)
				continue
			}
			scheme := hc.Scheme
			if scheme == "" || hc.Status == reqhash.Mismatch || hc.Status == reqhash.NotReplayed {
				scheme = "-"
			}
			fmt.Fprintf(stdout, "%s\t%s\t%s%s\n", hc.Status, scheme, path, replayNote(&e))
		}
		total := counts[reqhash.OK] + counts[reqhash.Stale] + counts[reqhash.Mismatch] + counts[reqhash.Unknown] + counts[reqhash.NotReplayed]
		fmt.Fprintf(stderr, "%s: %d ok, %d stale, %d mismatch, %d unknown", plural(total, "file", ""),
			counts[reqhash.OK], counts[reqhash.Stale], counts[reqhash.Mismatch], counts[reqhash.Unknown])
		if n := counts[reqhash.NotReplayed]; n > 0 {
			fmt.Fprintf(stderr, ", %d not replayed", n)
		}
		if duplicated > 0 {
			fmt.Fprintf(stderr, ", %d with duplicate keys", duplicated) // files: "1 with duplicate keys" reads right
		}
		if failed > 0 {
			fmt.Fprintf(stderr, ", %d unreadable", failed)
		}
		if skipped > 0 {
			fmt.Fprintf(stderr, "; %d skipped (not recordings)", skipped)
		}
		fmt.Fprintln(stderr)
		if failed > 0 {
			return exitError{2}
		}
		for _, st := range failing {
			if counts[st] > 0 {
				return exitError{1}
			}
		}
		return nil
	}
}

// replayNote is what verify adds to a stale or mismatched file's line:
// the name replay looks for and whether the tree holds it.
func replayNote(e *replay.Entry) string {
	hc := e.Check
	if (hc.Status != reqhash.Stale && hc.Status != reqhash.Mismatch) || hc.ReplayName == "" {
		return ""
	}
	switch {
	case e.Leftover:
		return "\treplay: " + hc.ReplayName + " (held by " + shown(e.ReplayPath) + ": this file is a leftover)"
	case e.ReplayPath != "":
		return "\treplay: " + hc.ReplayName + " (found at " + shown(e.ReplayPath) + ")"
	}
	return "\treplay: " + hc.ReplayName + " (missing)"
}
