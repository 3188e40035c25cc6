package main

import (
	"encoding/json"
	"path/filepath"
	"testing"
)

// TestJSONOutputs: each command's --json on the corpus tree, run from the
// tree's folder so that paths are relative, against a golden file read by
// hand against the files (see each case). Every output is one JSON value.
func TestJSONOutputs(t *testing.T) {
	tests := ogxTree(t)
	t.Chdir(filepath.Dir(tests))
	const modelsHash = "64a2277c90f0f42576f60c1030e3a020403d34a95f56931b792d5939f4cebc57"
	for _, c := range []struct {
		name string
		args []string
		code int
	}{
		// A streamed chat completion: its metadata and hash as verify and show print them,
		// its request as in the file, its assembled response.
		{"show", []string{"show", "--json", "tests/integration/agents/recordings/2a5013730936b86b2fd76564de3a35310d648076eaa29de10a0e8efa68d088cf.json"}, 0},
		// The six merged model lists of common/recordings (TestFindModelList).
		{"find", []string{"find", modelsHash, ".", "--json"}, 0},
		// The four recordings of the stop-sequence test (grep of the corpus).
		{"list-test", []string{"list-test", "--json", "tests/integration/inference/test_openai_completion.py::test_openai_completion_stop_sequence", "."}, 0},
		// The model list's hash, as the file names say.
		{"hash", []string{"hash", "--json", "--endpoint", "/v1/v1/models", "--body", "{}"}, 0},
		// The roses pair (testdata/diff-roses-2025-2026.golden in text).
		{"diff", []string{"diff", "--json", "tests/integration/inference/recordings/responses/84cab42e1f5c.json", "tests/integration/inference/recordings/8567635651a5e7104394951bbbba040e5c7f3ba11084fb6e81328f4905100a65.json"}, 1},
		// The inference folder alone: corpus-replay.tsv's 37 rows under it,
		// 27 ok and 10 stale; its one leftover's holder is in common/, not
		// read here, so none.
		{"doctor", []string{"doctor", "--json", "tests/integration/inference"}, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			out, errOut, code := runCmd(t, "", c.args...)
			if code != c.code {
				t.Fatalf("exit %d, want %d: %s", code, c.code, errOut)
			}
			if !json.Valid([]byte(out)) {
				t.Fatalf("not one JSON value:\n%.500s", out)
			}
			golden(t, "json-"+c.name+".golden", out)
		})
	}
}
