// Command recview reads LLM API recordings (the JSON fixtures of ogx's,
// formerly llama-stack's, integration tests) in a terminal or CI.
//
//	recview show FILE            the recording for a terminal (of a cassette, every interaction)
//	recview assemble FILE        the assembled response as JSON
//	recview steps FILE           one line per stream chunk: what it adds
//	recview verify [--json] [--fail-on mismatch,stale] PATH...  file name vs request hash
//	recview doctor [--fix] [--prune-duplicates] PATH  what replay finds in a tree, and repairs
//	recview find HASH [--test-id ID] [ROOT]  where replay looks for a hash
//	recview list-test [--contains] ID [ROOT]  every recording of a test
//	recview hash --endpoint PATH --test-id ID [--body JSON | --body-file F]  the hash replay computes
//	recview diff A B             two recordings compared by meaning
//	recview link [--base URL] [--step K] [--panel P] FILE  a permalink that opens FILE in the viewer
//	recview link [--base URL] A B  a permalink that compares A and B
//	recview review [--json | --markdown] BASE HEAD  a change set paired and triaged
//
// link prints BASE#v=2&d=DATA: the whole recording rides in the URL
// fragment (see permalink.Parse). BASE defaults to
// $RECVIEW_BASE, else http://127.0.0.1:8000/, where `make serve` serves
// the viewer; pass --base for a hosted viewer. review takes two folders or
// two git revisions (see recordings/review and docs/review.md).
//
// FILE may be "-" for standard input, or another recorder's cassette
// (recordings/cassette), FILE#K its K-th interaction (docs/cli.md). Exit status: 0 on success, 1 when
// verify finds a status --fail-on names (mismatch by default), diff finds
// different results, find does not find the hash or list-test no
// recording, a link would be longer than permalink.MaxLinkLen, or review
// --fail-on finds what it names; 2 for unreadable input or bad usage.
// docs/replay.md tells what doctor, find, list-test and hash answer.
package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/recview/recview/recordings"
	"github.com/recview/recview/recordings/cassette"
	"github.com/recview/recview/recordings/fixturepath"
)

const usage = `usage: recview COMMAND [ARGS]

commands:
  show [--json] FILE     the recording: request, assembled response, hash status
                         (of a cassette, each interaction; FILE#K one)
  assemble FILE          the assembled (final, non-streaming) response as JSON
  steps FILE             one line per stream chunk: what the chunk adds
  verify [--json] [--fail-on mismatch,stale] PATH…
                         check file names against request hashes (folders recurse):
                         ok, stale (an older recorder's name), mismatch, unknown
  doctor [--json] [--fail-on F,…] [--fix] [--prune-duplicates] PATH
                         what replay finds in a tree: files it never finds, duplicates,
                         tests with many recordings; --fix renames stale files
  find [--json] HASH [--test-id ID] [ROOT]
                         where replay looks for a request hash, and the nearest recordings
  list-test [--json] [--contains] ID [ROOT]
                         every recording of a test (exact id, or every parametrization
                         of path::name): endpoint, model, chunks, status
  hash [--json] --endpoint PATH [--method M] [--test-id ID] [--body JSON | --body-file F]
                         the hash and file name replay computes, and the text it hashes
  diff [--json] A B      compare two recordings by meaning (exit 1 if the results differ)
  link FILE [--base URL] [--step K] [--panel P]
                         a permalink opening FILE in the viewer (base: $RECVIEW_BASE or http://127.0.0.1:8000/)
  link A B [--base URL]  a permalink comparing A and B
  review [--json | --markdown] BASE HEAD
                         pair and triage the recordings of two folders or two git revisions
  help COMMAND           a command's usage, an example and its flags (also: COMMAND --help)
  version                recview's version and the commit it was built from
  completion SHELL       the shell completion script of bash, zsh or fish

FILE may be - for standard input, or another recorder's cassette (vcrpy,
Datadog's test agent, Ruby VCR, go-vcr, httprr, httpmock, the Azure SDK test
proxy, HAR, vercel/ai's fixtures): FILE#K is its K-th interaction; show FILE
shows them all. Flags may come anywhere among the arguments. --json prints
one JSON value (docs/cli-json.md).
`

// exitError carries an exit status up to main.
type exitError struct{ code int }

// Error implements error: "exit N".
func (e exitError) Error() string { return fmt.Sprintf("exit %d", e.code) }

func main() {
	err := run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	var ee exitError
	switch {
	case err == nil:
	case errors.As(err, &ee):
		os.Exit(ee.code)
	default:
		fmt.Fprintln(os.Stderr, "recview:", err)
		os.Exit(2)
	}
}

// input is a file as the CLI reads it (read): an ogx recording, or
// another recorder's cassette and the interaction FILE#K names.
type input struct {
	path string // the file's path without #K; "-" for standard input
	name string // the name it is shown by: path, or "<stdin>"
	data []byte // its bytes as read
	rec  *recordings.Recording
	cas  *cassette.Cassette // when rec is nil
	k    int                // the interaction FILE#K names, from 1 (checked); 0 when none
}

// read reads the file at path ("-" for standard input): a recording, or
// a cassette of another recorder (recordings/cassette, any of its
// formats: a .yaml or .yml file, or a file that is not a recording but
// is a cassette). path#K names the K-th interaction of a cassette, from
// 1, when path#K is not itself a file. The errors are the core's: the
// recording's for a file that looks like JSON and is neither (its line
// and column), else the cassette's; or they say which interactions
// there are. Binary data that is no cassette either (a PNG, a gzip that
// is no httprr trace) is the recording's error: "not a recording:
// binary data (PNG image)".
func read(path string, stdin io.Reader) (*input, error) {
	in := &input{path: path, name: path}
	pick := ""
	var err error
	if path == "-" {
		in.name = "<stdin>"
		in.data, err = io.ReadAll(io.LimitReader(stdin, recordings.MaxSize+1))
	} else {
		in.data, err = readFile(path)
		if i := strings.LastIndexByte(path, '#'); err != nil && i > 0 {
			if d, err2 := readFile(path[:i]); err2 == nil {
				in.path, in.name, pick, in.data, err = path[:i], path[:i], path[i+1:], d, nil
			}
		}
	}
	if err != nil {
		return nil, err
	}
	var recErr error
	if pick == "" && !fixturepath.YAML(in.path) {
		r, err := recordings.Parse(in.name, in.data)
		if err == nil {
			in.rec = r
			return in, nil
		}
		recErr = err
	}
	c, err := cassette.Parse(in.name, in.data)
	if err != nil {
		switch {
		case pick != "":
			if _, err := recordings.Parse(in.name, in.data); err == nil {
				return nil, fmt.Errorf("%s is a recording, not a cassette: #%s names a cassette's interaction", in.name, pick)
			}
		case recErr != nil && (looksJSON(in.data) || recordings.Binary(in.data) != ""):
			return nil, recErr // JSON or binary data that is neither: the recording's error
		case recErr != nil:
			return nil, fmt.Errorf("%w; nor a cassette recview reads (%s)", recErr, strings.TrimPrefix(err.Error(), "cassette: "))
		}
		return nil, err
	}
	in.cas = c
	if pick != "" {
		k, err := strconv.Atoi(pick)
		if err != nil || k < 1 || k > len(c.Interactions) {
			return nil, fmt.Errorf("%s: #%s: %s", in.name, pick, holds(len(c.Interactions)))
		}
		in.k = k
	}
	return in, nil
}

// holds says which interactions a cassette of n holds.
func holds(n int) string {
	switch n {
	case 0:
		return "the cassette holds no interactions"
	case 1:
		return "the cassette holds 1 interaction, #1"
	}
	return fmt.Sprintf("the cassette holds interactions #1 to #%d", n)
}

// looksJSON reports data whose first byte but blanks opens a JSON
// object or array.
func looksJSON(data []byte) bool {
	t := bytes.TrimSpace(data)
	return len(t) > 0 && (t[0] == '{' || t[0] == '[')
}

// one is the interaction a command of one recording (assemble, steps,
// link, diff) reads of a cassette: the one FILE#K names, or the only
// one; else an error naming FILE#K and listing the interactions.
func (in *input) one() (int, error) {
	switch n := len(in.cas.Interactions); {
	case in.k > 0:
		return in.k, nil
	case n == 1:
		return 1, nil
	case n == 0:
		return 0, fmt.Errorf("%s: %s", in.name, holds(0))
	}
	list := make([]string, len(in.cas.Interactions))
	for i, it := range in.cas.Interactions {
		called := strings.TrimSpace(it.Method + " " + it.URI)
		if called == "" {
			called = it.Endpoint
		}
		list[i] = fmt.Sprintf("#%d %s (%d)", i+1, called, it.Status)
	}
	return 0, fmt.Errorf("%s: a cassette of %d interactions: name one, %s#K:\n  %s", in.name, len(list), in.name, strings.Join(list, "\n  "))
}

// interaction is interaction k (from 1) of the cassette as a recording
// named FILE#K, and what load says of it beside it.
func (in *input) interaction(k int) (r *recordings.Recording, info loaded, err error) {
	it := &in.cas.Interactions[k-1]
	info.cassette, info.notice = true, it.Notice
	for _, s := range it.Secrets() {
		info.warnings = append(info.warnings, s.String())
	}
	r, err = recordings.Parse(fixturepath.Interaction(in.name, k), it.Recording())
	return r, info, err
}

// load reads the one recording at path (read): a recording, or the
// interaction of a cassette that path#K names, or a cassette's only
// one. info says what the recording does not: whether it is a
// cassette's interaction, its recorded credentials (cassette.Secret)
// and its notice.
func load(path string, stdin io.Reader) (r *recordings.Recording, info loaded, err error) {
	in, err := read(path, stdin)
	if err != nil {
		return nil, info, err
	}
	if in.rec != nil {
		return in.rec, info, nil
	}
	k, err := in.one()
	if err != nil {
		return nil, info, err
	}
	return in.interaction(k)
}

// loaded is what load says of a recording beside it.
type loaded struct {
	cassette bool     // an interaction of another recorder's cassette
	warnings []string // its recorded credentials
	notice   string   // what recview chose or could not read of it (cassette.Interaction.Notice)
}

// readFile reads a file, refusing anything larger than recordings.MaxSize
// before reading it.
func readFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var b bytes.Buffer
	if st, err := f.Stat(); err == nil {
		if st.Size() > recordings.MaxSize {
			return nil, fmt.Errorf("%s: %w (%d bytes)", path, recordings.ErrTooLarge, st.Size())
		}
		b.Grow(int(st.Size()) + bytes.MinRead) // one read, no regrowth
	}
	_, err = b.ReadFrom(f)
	return b.Bytes(), err
}

// corePrefixes are the prefixes the core's errors carry, Go's way of
// naming the package that failed; complain leaves them out.
var corePrefixes = []string{"recordings: ", "replay: ", "reqhash: ", "permalink: ", "review: ", "diff: "}

// complain prints err on stderr in the CLI's one error style,
// "recview: CMD: WHY": the command that failed, then the error without
// the core's package prefixes (which name code, not what went wrong).
func complain(stderr io.Writer, cmd string, err error) {
	msg := err.Error()
	for _, p := range corePrefixes {
		msg = strings.ReplaceAll(msg, p, "")
	}
	fmt.Fprintf(stderr, "recview: %s: %s\n", cmd, msg)
}
