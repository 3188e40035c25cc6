package reqhash

import (
	"strings"
	"testing"

	"github.com/recview/recview/internal/tools/corpustest"
	"github.com/recview/recview/recordings"
)

// skipCases are files recordings.Parse refuses, by path and content, with
// the reason Skip gives ("" for a broken recording). The JSON files of
// ogx's tests/integration that are not recordings are taken from its
// tree (at 5a9cb55d8, cut short); the TypeScript config with a comment
// stands for those of other projects.
var skipCases = []struct {
	name, path, data, want string
}{
	{"CI matrix", "tests/integration/ci_matrix.json", `{"default": [{"suite": "base", "setup": "ollama"}]}`, SkipNotRecording},
	{"test case", "tests/integration/test_cases/inference/completion.json", `{"sanity": {"data": {"content": "Complete the sentence using one word: Roses are red, violets are "}}}`, SkipNotRecording},
	{"an array", "tests/integration/client-typescript/suites.json", `[{"suite": "base", "setup": "ollama", "files": ["__tests__/inference.test.ts"]}]`, SkipNotRecording},
	{"JSON with a comment", "web/tsconfig.json", "{\n  // strict\n  \"compilerOptions\": {}\n}", SkipNotJSON},
	{"empty", "tests/empty.json", "", SkipNotRecording},
	{"a field of another type", "data/x.json", `{"request": "a", "response": {}}`, SkipNotRecording},
	{"truncated, another name, elsewhere", "tests/integration/agents/answer.json", `{"request": {"method": "POST", "url": "`, SkipNotJSON},
	{"a folder that only ends in recordings", "tests/myrecordings/x.json", `{}`, SkipNotRecording},
	// Where recordings are kept: a broken recording, whatever it holds.
	{"not a recording in a recordings folder", "tests/integration/agents/recordings/ci_matrix.json", `{"default": []}`, ""},
	{"not JSON in a top recordings folder", "recordings/notes.json", "# notes", ""},
	{"truncated, a hashed name", "tests/integration/" + strings.Repeat("ab", 32) + ".json", `{"request": {`, ""},
	{"a 2025 name, not a recording", "old/" + strings.Repeat("c", 12) + ".json", `[]`, ""},
	{"a model list's name", "x/models-" + strings.Repeat("d", 64) + "-0da7d1b1.json", `{}`, ""},
}

// TestSkip: the JSON files of ogx's tests tree that are not recordings,
// and files of other projects, are skipped with their reason; a file
// where recordings are kept (a recordings folder, a hashed name) never
// is, whatever it holds, nor one Parse did not read.
func TestSkip(t *testing.T) {
	for _, c := range skipCases {
		t.Run(c.name, func(t *testing.T) {
			_, err := recordings.Parse(c.path, []byte(c.data))
			if err == nil {
				t.Fatalf("%s parses", c.path)
			}
			if got := Skip(c.path, err); got != c.want {
				t.Errorf("Skip(%q, %v) = %q, want %q", c.path, err, got, c.want)
			}
		})
	}
	t.Run("too large", func(t *testing.T) {
		err := &recordings.ParseError{Name: "big.json", Err: recordings.ErrTooLarge}
		if got := Skip("docs/big.json", err); got != "" {
			t.Errorf("Skip of a file too large = %q, want a broken recording", got)
		}
	})
	t.Run("a recording", func(t *testing.T) {
		name := corpustest.TopFiles(t)[0]
		_, err := recordings.Parse(name, corpustest.Read(t, name))
		if got := Skip("a/b.json", err); err != nil || got != "" {
			t.Errorf("Skip of a recording = %q (%v), want \"\"", got, err)
		}
	})
}
