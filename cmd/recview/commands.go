package main

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// runFunc runs a command with its arguments, its flags parsed already
// (they may come anywhere among the arguments; after "--" every word is
// an argument, and "-" is one: standard input).
type runFunc func(args []string, stdin io.Reader, stdout, stderr io.Writer) error

// command is one of recview's commands: what `recview help NAME` says
// of it, and define, which adds its flags to a flag set and returns what
// runs it.
type command struct {
	name    string
	usage   string // "recview NAME [FLAGS] ARGS", its flags and arguments
	what    string // what it does; its first sentence is its completion's description
	example string // a command line
	define  func(fl *pflag.FlagSet) runFunc
}

// commands are recview's commands but help, in the order of usage.
var commands = []command{
	{"show", "recview show [--json] FILE", "The recording for a terminal: its request, the assembled response and its hash status. FILE may be another recorder's cassette (vcrpy, Datadog's test agent, Ruby VCR, go-vcr, httprr, httpmock, the Azure SDK test proxy, HAR, vercel/ai's fixtures): show FILE shows every interaction, each headed FILE#K; FILE#K is the K-th, from 1. --json: an array for a cassette, one object for FILE#K.", "recview show tests/integration/recordings/0f54….json", showCmd},
	{"assemble", "recview assemble FILE", "The assembled (final, non-streaming) response as JSON. Of a cassette of several interactions, name one: FILE#K.", "recview assemble rec.json | jq .choices", oneFile("assemble", assemble)},
	{"steps", "recview steps FILE", "One line per stream chunk: what the chunk adds. Of a cassette of several interactions, name one: FILE#K.", "recview steps rec.json | head", oneFile("steps", steps)},
	{"verify", "recview verify [--json] [--fail-on mismatch,stale] PATH…", "Checks file names against request hashes (folders recurse): ok, stale (an older recorder's name), mismatch, unknown.", "recview verify --fail-on mismatch,stale tests/integration", verify},
	{"doctor", "recview doctor [--json] [--fail-on F,…] [--fix] [--prune-duplicates] PATH", "What replay finds in a tree: files it never finds, duplicates, tests with many recordings; --fix renames stale files.", "recview doctor tests/integration", doctor},
	{"find", "recview find [--json] HASH [--test-id ID] [ROOT]", "Where replay looks for a request hash, and the nearest recordings.", "recview find 0f54a1b2c3d4", find},
	{"list-test", "recview list-test [--json] [--contains] ID [ROOT]", "Every recording of a test: endpoint, model, chunks, status. ID is a test id, exact, or without its parameters (path::name) for every parametrization of it; --contains lists the test ids that contain ID.", "recview list-test 'tests/integration/inference/test_openai_completion.py::test_openai_chat_completion_streaming'", listTest},
	{"hash", "recview hash [--json] --endpoint PATH [--method M] [--test-id ID] [--body JSON | --body-file F]", "The hash and file name replay computes, and the text it hashes. Without a body (a GET of a model list) the body is {}, what the recorder writes for a call that sends none.", `recview hash --endpoint /v1/chat/completions --body '{"model": "m", "messages": []}'`, hashCmd},
	{"diff", "recview diff [--json] A B", "Two recordings compared by meaning (exit 1 when the results differ).", "recview diff old.json new.json", diffCmd},
	{"link", "recview link [--base URL] [--step K] [--panel P] FILE | A B", "A permalink that opens FILE in the viewer, or compares A and B (base: --base, else $RECVIEW_BASE, else http://127.0.0.1:8000/). FILE#K opens a cassette's K-th interaction; the link carries the whole cassette.", "recview link --base https://recview.example/ rec.json", link},
	{"review", "recview review [--json | --markdown] [flags] BASE HEAD", "Pairs and triages the recordings of two folders, or of two git revisions (HEAD against its merge base with BASE).", "recview review origin/main HEAD", reviewCmd},
	{"version", "recview version", "recview's version and the commit it was built from.", "recview version", func(*pflag.FlagSet) runFunc {
		return func(_ []string, _ io.Reader, stdout, _ io.Writer) error { return version(stdout) }
	}},
	{"completion", "recview completion bash|zsh|fish", "The shell completion script: commands, then each command's flags and file names. bash: source <(recview completion bash); zsh (after compinit): source <(recview completion zsh); fish: recview completion fish > ~/.config/fish/completions/recview.fish.", "recview completion bash > /etc/bash_completion.d/recview", nil},
}

// lookup is the command of that name, nil when none is.
func lookup(name string) *command {
	for i := range commands {
		if commands[i].name == name {
			return &commands[i]
		}
	}
	return nil
}

// usageError is a command line a command's flags refuse (an unknown
// flag, a value that does not parse): exit 2, the error and the
// command's usage on stderr.
type usageError struct {
	cmd string // the command's name
	err error
}

// Error implements error: "CMD: WHY".
func (e usageError) Error() string { return e.cmd + ": " + e.err.Error() }

// run executes one command line, args without the program's name: it
// is main without the process, for tests. The error is an exitError
// once what went wrong is on stderr.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return exitError{2}
	}
	root := newRoot(stdin, stdout, stderr)
	if sub, _, err := root.Find(args); err == nil && sub != root {
		args = longFlags(sub, args)
	}
	root.SetArgs(args)
	err := root.Execute()
	var ee exitError
	var ue usageError
	switch {
	case err == nil, errors.As(err, &ee):
		return err
	case errors.As(err, &ue):
		fmt.Fprintf(stderr, "recview: %s\n", ue)
		if c := lookup(ue.cmd); c != nil {
			fmt.Fprintf(stderr, "usage: %s\n", c.usage)
		}
	default:
		fmt.Fprintln(stderr, "recview:", err)
	}
	return exitError{2}
}

// newRoot is recview's command tree on cobra, reading stdin and writing
// stdout and stderr: a subcommand per command, help and the hidden
// __complete that the completion scripts call. recview alone, or a
// word that names no command, prints usage on stderr (exit 2); -h,
// --help and help print it on stdout; --version is version.
func newRoot(stdin io.Reader, stdout, stderr io.Writer) *cobra.Command {
	root := &cobra.Command{
		Use:                "recview",
		Args:               cobra.ArbitraryArgs,
		DisableFlagParsing: true, // its words are read here: an unknown command is no flag error
		SilenceErrors:      true,
		SilenceUsage:       true,
		CompletionOptions:  cobra.CompletionOptions{DisableDefaultCmd: true},
		RunE: func(_ *cobra.Command, args []string) error {
			switch {
			case len(args) == 0:
				fmt.Fprint(stderr, usage)
				return exitError{2}
			case args[0] == "-h" || args[0] == "-help" || args[0] == "--help":
				_, err := fmt.Fprint(stdout, usage)
				return err
			case args[0] == "--version" || args[0] == "-version":
				return version(stdout)
			}
			fmt.Fprintf(stderr, "recview: unknown command %q\n%s", args[0], usage)
			return exitError{2}
		},
	}
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error { return usageError{c.Name(), err} })
	root.SetHelpFunc(func(c *cobra.Command, _ []string) {
		if c == root {
			fmt.Fprint(stdout, usage)
			return
		}
		printHelp(stdout, c)
	})
	names := make([]string, 0, len(commands))
	for _, c := range commands {
		names = append(names, c.name)
	}
	slices.Sort(names)
	for _, c := range commands {
		cc := &cobra.Command{
			Use:   c.name,
			Short: firstSentence(c.what),
			Args:  cobra.ArbitraryArgs, // each command says what it wants
		}
		switch {
		case c.name == "completion":
			cc.ValidArgs = []string{"bash", "zsh", "fish"}
			cc.RunE = func(_ *cobra.Command, args []string) error { return completion(root, args, stdout, stderr) }
		default:
			runIt := c.define(cc.Flags())
			cc.RunE = func(_ *cobra.Command, args []string) error { return runIt(args, stdin, stdout, stderr) }
		}
		if c.name == "version" {
			cc.ValidArgsFunction = cobra.NoFileCompletions
		}
		completeFlags(cc)
		root.AddCommand(cc)
	}
	root.SetHelpCommand(&cobra.Command{
		Use:   "help [COMMAND]",
		Short: "A command's usage, an example and its flags (also COMMAND --help)",
		Args:  cobra.ArbitraryArgs,
		ValidArgsFunction: func(_ *cobra.Command, args []string, prefix string) ([]cobra.Completion, cobra.ShellCompDirective) {
			var match []cobra.Completion
			for _, n := range names {
				if len(args) == 0 && strings.HasPrefix(n, prefix) {
					match = append(match, n)
				}
			}
			return match, cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(_ *cobra.Command, args []string) error {
			if len(args) != 1 {
				_, err := fmt.Fprint(stdout, usage)
				return err
			}
			sub, _, err := root.Find(args)
			if err != nil || sub == root || lookup(args[0]) == nil {
				fmt.Fprintf(stderr, "recview: help: unknown command %q\n%s", args[0], usage)
				return exitError{2}
			}
			printHelp(stdout, sub)
			return nil
		},
	})
	return root
}

// completeFlags tells the completion scripts what the values of cc's
// flags are: a folder, a file, or one of a few words.
func completeFlags(cc *cobra.Command) {
	fl := cc.Flags()
	for name, words := range map[string][]string{
		"panel":   {"request", "response", "raw"},
		"method":  {"GET", "POST", "DELETE"},
		"fail-on": failOnWords[cc.Name()],
	} {
		if fl.Lookup(name) != nil && len(words) > 0 {
			cc.RegisterFlagCompletionFunc(name, cobra.FixedCompletions(words, cobra.ShellCompDirectiveNoFileComp))
		}
	}
	for _, name := range []string{"recording-dir", "prefix"} {
		if fl.Lookup(name) != nil {
			cc.MarkFlagDirname(name)
		}
	}
	for _, name := range []string{"body-file", "decisions"} {
		if fl.Lookup(name) != nil {
			cc.MarkFlagFilename(name)
		}
	}
}

// failOnWords are what each command's --fail-on takes.
var failOnWords = map[string][]string{
	"verify": {"mismatch", "stale", "unknown"},
	"doctor": {"stale", "mismatch", "duplicate", "orphan"},
	"review": {"stale", "changed", "high"},
}

// firstSentence is s up to its first ". ", without the period.
func firstSentence(s string) string {
	first, _, _ := strings.Cut(s, ". ")
	return strings.TrimSuffix(first, ".")
}
