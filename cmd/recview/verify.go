package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/recview/recview/recordings/reqhash"
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
}

// verify checks each file (folders recursively, *.json files only) against
// its request hash and prints "status<TAB>scheme<TAB>path" per file, or
// JSON lines with --json; a summary goes to stderr, and so does a warning
// "PATH:LINE:COL: duplicate key ..." for each key repeated in one object
// of a file. Exit 1 when any file mismatches, 2 when a file cannot be read
// or parsed.
func verify(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fl := flag.NewFlagSet("verify", flag.ContinueOnError)
	fl.SetOutput(stderr)
	asJSON := fl.Bool("json", false, "print one JSON object per file")
	if err := fl.Parse(args); err != nil {
		return exitError{2}
	}
	if fl.NArg() == 0 {
		fmt.Fprintln(stderr, "usage: recview verify [--json] PATH...")
		return exitError{2}
	}
	counts := map[reqhash.Status]int{}
	failed, duplicated := 0, 0
	enc := json.NewEncoder(stdout)
	check := func(path string) {
		r, err := load(path, stdin)
		if err != nil {
			fmt.Fprintln(stderr, err)
			failed++
			return
		}
		hc := reqhash.Verify(filepath.Base(r.Name), r.Doc)
		counts[hc.Status]++
		var dups []string
		for _, d := range r.Duplicates {
			fmt.Fprintf(stderr, "%s:%d:%d: %s\n", path, d.Line, d.Col, d)
			dups = append(dups, d.String())
		}
		if len(dups) > 0 {
			duplicated++
		}
		if *asJSON {
			enc.Encode(verifyResult{hc.Status.String(), hc.Scheme, path, hc.FileHash, hc.Computed, hc.ExpectedName, dups})
			return
		}
		scheme := hc.Scheme
		if scheme == "" {
			scheme = "-"
		}
		fmt.Fprintf(stdout, "%s\t%s\t%s\n", hc.Status, scheme, path)
	}
	for _, p := range fl.Args() {
		if p == "-" {
			check(p)
			continue
		}
		st, err := os.Stat(p)
		if err != nil {
			fmt.Fprintln(stderr, "recview:", err)
			failed++
			continue
		}
		if !st.IsDir() {
			check(p)
			continue
		}
		err = filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				fmt.Fprintln(stderr, "recview:", err)
				failed++
				return nil
			}
			if !d.IsDir() && strings.HasSuffix(d.Name(), ".json") {
				check(path)
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	total := counts[reqhash.OK] + counts[reqhash.Mismatch] + counts[reqhash.Unknown]
	fmt.Fprintf(stderr, "%d files: %d ok, %d mismatch, %d unknown", total, counts[reqhash.OK], counts[reqhash.Mismatch], counts[reqhash.Unknown])
	if duplicated > 0 {
		fmt.Fprintf(stderr, ", %d with duplicate keys", duplicated)
	}
	if failed > 0 {
		fmt.Fprintf(stderr, ", %d unreadable", failed)
	}
	fmt.Fprintln(stderr)
	switch {
	case failed > 0:
		return exitError{2}
	case counts[reqhash.Mismatch] > 0:
		return exitError{1}
	}
	return nil
}
