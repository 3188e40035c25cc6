package main

import (
	"bytes"
	"fmt"
	"io"
	"runtime/debug"
	"strings"
)

// commandHelp is what `recview help CMD` and `recview CMD --help` print
// of each command, before its flags: its usage, what it does, an example.
var commandHelp = map[string]struct{ usage, what, example string }{
	"show":       {"recview show [--json] FILE", "The recording for a terminal: its request, the assembled response and its hash status. FILE may be another recorder's cassette (vcrpy, Datadog's test agent, Ruby VCR, go-vcr, httprr, httpmock, the Azure SDK test proxy, HAR, vercel/ai's fixtures): show FILE shows every interaction, each headed FILE#K; FILE#K is the K-th, from 1. --json: an array for a cassette, one object for FILE#K.", "recview show tests/integration/recordings/0f54….json"},
	"assemble":   {"recview assemble FILE", "The assembled (final, non-streaming) response as JSON. Of a cassette of several interactions, name one: FILE#K.", "recview assemble rec.json | jq .choices"},
	"steps":      {"recview steps FILE", "One line per stream chunk: what the chunk adds. Of a cassette of several interactions, name one: FILE#K.", "recview steps rec.json | head"},
	"verify":     {"recview verify [--json] [--fail-on mismatch,stale] PATH…", "Checks file names against request hashes (folders recurse): ok, stale (an older recorder's name), mismatch, unknown.", "recview verify --fail-on mismatch,stale tests/integration"},
	"doctor":     {"recview doctor [--json] [--fail-on F,…] [--fix] [--prune-duplicates] PATH", "What replay finds in a tree: files it never finds, duplicates, tests with many recordings; --fix renames stale files.", "recview doctor tests/integration"},
	"find":       {"recview find [--json] HASH [--test-id ID] [ROOT]", "Where replay looks for a request hash, and the nearest recordings.", "recview find 0f54a1b2c3d4"},
	"list-test":  {"recview list-test [--json] [--contains] ID [ROOT]", "Every recording of a test: endpoint, model, chunks, status. ID is a test id, exact, or without its parameters (path::name) for every parametrization of it; --contains lists the test ids that contain ID.", "recview list-test 'tests/integration/inference/test_openai_completion.py::test_openai_chat_completion_streaming'"},
	"hash":       {"recview hash [--json] --endpoint PATH [--method M] [--test-id ID] [--body JSON | --body-file F]", "The hash and file name replay computes, and the text it hashes.", `recview hash --endpoint /v1/chat/completions --body '{"model": "m", "messages": []}'`},
	"diff":       {"recview diff [--json] A B", "Two recordings compared by meaning (exit 1 when the results differ).", "recview diff old.json new.json"},
	"link":       {"recview link [--base URL] [--step K] [--panel P] FILE | A B", "A permalink that opens FILE in the viewer, or compares A and B (base: $RECVIEW_BASE or http://127.0.0.1:8000/). FILE#K opens a cassette's K-th interaction; the link carries the whole cassette.", "recview link --base https://recview.example/ rec.json"},
	"completion": {"recview completion bash|zsh|fish", "The shell completion script: commands, then each command's flags and file names. bash: source <(recview completion bash); zsh: source <(recview completion zsh); fish: recview completion fish > ~/.config/fish/completions/recview.fish.", "recview completion bash > /etc/bash_completion.d/recview"},
	"review":     {"recview review [--json | --markdown] [flags] BASE HEAD", "Pairs and triages the recordings of two folders, or of two git revisions (HEAD against its merge base with BASE).", "recview review origin/main HEAD"},
}

// flagged are the commands that read flags (their defaults are shown).
var flagged = map[string]bool{"show": true, "verify": true, "doctor": true, "find": true, "list-test": true, "hash": true, "diff": true, "link": true, "review": true}

// flagLines are cmd's flags as its flag set prints them when asked -h:
// each "  -name" line and its description's indented lines; none for a
// command that reads no flags.
func flagLines(cmd string, stdin io.Reader) []string {
	if !flagged[cmd] {
		return nil
	}
	var b bytes.Buffer
	dispatch(cmd, []string{"-h"}, stdin, io.Discard, &b)
	var flags []string
	in := false // within a flag's lines: "  -name", then its description
	for _, line := range strings.Split(b.String(), "\n") {
		switch {
		case strings.HasPrefix(line, "  -"):
			in = true
		case !in || !strings.HasPrefix(line, "    "):
			in = false
			continue
		}
		flags = append(flags, line)
	}
	return flags
}

// flagNames are cmd's flags, "--name" each, in its flag set's order.
func flagNames(cmd string) []string {
	var names []string
	for _, line := range flagLines(cmd, strings.NewReader("")) {
		if rest, ok := strings.CutPrefix(line, "  -"); ok {
			name, _, _ := strings.Cut(rest, " ")
			names = append(names, "--"+strings.TrimSpace(name))
		}
	}
	return names
}

// help prints cmd's usage, what it does, an example and its flags to
// stdout; an unknown command is an error (exit 2).
func help(cmd string, stdin io.Reader, stdout, stderr io.Writer) error {
	h, ok := commandHelp[cmd]
	if !ok {
		fmt.Fprintf(stderr, "recview: help: unknown command %q\n%s", cmd, usage)
		return exitError{2}
	}
	fmt.Fprintf(stdout, "usage: %s\n\n%s\n\nexample:\n  %s\n", h.usage, h.what, h.example)
	if flags := flagLines(cmd, stdin); len(flags) > 0 {
		fmt.Fprintf(stdout, "\nflags:\n%s\n", strings.Join(flags, "\n"))
	}
	return nil
}

// wantsHelp reports whether args ask for help (-h, -help or --help).
func wantsHelp(args []string) bool {
	for _, a := range args {
		switch a {
		case "-h", "-help", "--help":
			return true
		case "--":
			return false
		}
	}
	return false
}

// version prints recview's module version and the commit it was built
// from, as the build recorded them (debug.ReadBuildInfo: "(devel)" and
// the VCS revision for a build from a checkout).
func version(stdout io.Writer) error {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		fmt.Fprintln(stdout, "recview (no build information)")
		return nil
	}
	v := info.Main.Version
	var rev, modified string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				modified = ", modified"
			}
		}
	}
	if rev != "" {
		v += fmt.Sprintf(" (commit %.12s%s)", rev, modified)
	}
	fmt.Fprintf(stdout, "recview %s, %s\n", v, info.GoVersion)
	return nil
}
