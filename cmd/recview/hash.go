package main

import (
	"fmt"
	"io"

	"github.com/recview/recview/recordings/reqhash"
	"github.com/spf13/pflag"
)

// noBody is the body the recorder writes for a call that sends none (a
// GET of a model list, Ollama's /api/ps), as the corpus's recordings of
// them hold it.
const noBody = "{}"

// hashCmd prints what replay computes for a request body
// (reqhash.ForBody): the hash, the file name it looks for and the
// canonical text it hashes, under today's scheme (--all: every scheme of
// the recorder's history). Without --body or --body-file the body is
// noBody. Exit 2 for bad usage or a body that is not JSON.
func hashCmd(fl *pflag.FlagSet) runFunc {
	endpoint := fl.String("endpoint", "", "the URL `PATH` the request goes to, like /v1/chat/completions")
	method := fl.String("method", "POST", "the HTTP method `M`")
	testID := fl.String("test-id", "", "the pytest node `ID` of the test (none: outside a test)")
	body := fl.String("body", "", "the request body, `JSON` (default {}: a call without a body, like a GET)")
	bodyFile := fl.String("body-file", "", "a `FILE` holding the request body (- for standard input)")
	all := fl.Bool("all", false, "every scheme of the recorder's history, not only today's")
	asJSON := fl.Bool("json", false, "print a JSON array, one object per scheme (docs/cli-json.md)")
	return func(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
		if len(args) != 0 || *endpoint == "" || *body != "" && *bodyFile != "" {
			fmt.Fprintln(stderr, "usage: recview hash --endpoint PATH [--method M] [--test-id ID] [--body JSON | --body-file F] [--all]")
			return exitError{2}
		}
		data := []byte(*body)
		if *body == "" && *bodyFile == "" {
			data = []byte(noBody)
		}
		if *bodyFile != "" {
			var err error
			if *bodyFile == "-" {
				data, err = io.ReadAll(stdin)
			} else {
				data, err = readFile(*bodyFile)
			}
			if err != nil {
				complain(stderr, "hash", err)
				return exitError{2}
			}
		}
		ins, err := reqhash.ForBody(*method, *endpoint, *testID, data)
		if err != nil {
			complain(stderr, "hash", err)
			return exitError{2}
		}
		if !*all {
			ins = ins[:min(1, len(ins))]
		}
		if *asJSON {
			out := []hashInputJSON{}
			for _, in := range ins {
				out = append(out, hashInputJSON{in.Scheme, in.Hash, in.FileName, in.ModelList, in.Canonical})
			}
			return writeJSON(stdout, out)
		}
		w := &printer{w: stdout}
		for i, in := range ins {
			if i > 0 && !*all {
				break
			}
			if i > 0 {
				w.line("")
			}
			w.line("scheme     %s", in.Scheme)
			w.line("hash       %s", in.Hash)
			name := in.FileName
			if name == "" {
				name = "models-" + in.Hash + "-<digest of the models>.json"
			}
			w.line("file       %s", name)
			w.line("canonical  %s", in.Canonical)
		}
		return w.err
	}
}
