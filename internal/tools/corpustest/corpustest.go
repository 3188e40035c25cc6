// Package corpustest gives tests the project's corpus of real recordings,
// recordings/testdata/corpus: 210 files of the ogx repository (every kind
// of file it ever held) and five canonical seeds, with MANIFEST.tsv (what
// each file is) and HASHCHECK.tsv (which request-hash scheme names each).
// It is for tests only: every function fails the test on a missing file.
package corpustest

import (
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// Largest is the base name of the corpus's longest stream: 1,399 OpenAI
// chat chunks, 1.1 MB.
const Largest = "tests__integration__responses__recordings__0ea735928993b5a2de3a444256136d53ab666dbfb7582e5562268f809aa8d5f3.json"

// Dir returns the absolute path of recordings/testdata/corpus, found from
// this source file's place in the module, so that tests of any package can
// read it.
func Dir() string {
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		panic("corpustest: no caller information")
	}
	return filepath.Join(filepath.Dir(file), "..", "..", "..", "recordings", "testdata", "corpus")
}

// Read returns the corpus file name (a path relative to Dir, '/'
// separated).
func Read(t testing.TB, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(Dir(), filepath.FromSlash(name)))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// Files lists every .json recording under Dir, seeds and
// seeds/as-captured included, as '/'-separated paths relative to Dir, in
// sorted order.
func Files(t testing.TB) []string {
	t.Helper()
	dir := Dir()
	var files []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(path, ".json") {
			rel, err := filepath.Rel(dir, path)
			if err != nil {
				return err
			}
			files = append(files, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no corpus files in %s", dir)
	}
	slices.Sort(files)
	return files
}

// TopFiles lists the .json files directly in Dir (the 210 corpus files,
// not the seeds), as base names in sorted order.
func TopFiles(t testing.TB) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(Dir(), "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus files in %s: %v", Dir(), err)
	}
	for i, f := range files {
		files[i] = filepath.Base(f)
	}
	return files
}

// TreePath returns the path a top-level corpus file had in the ogx
// repository: its name's "__" separators back to '/'
// ("tests__integration__agents__recordings__<hash>.json" was
// tests/integration/agents/recordings/<hash>.json).
func TreePath(name string) string { return strings.ReplaceAll(name, "__", "/") }

// Extras are JSON files of an ogx tests/ tree that are not recordings, as
// tree paths and contents: a TypeScript config with comments (JSON with
// comments, which JSON parsers refuse), the CI matrix and a test-case file.
// Their contents are stand-ins of the same kinds, written for recview.
var Extras = map[string]string{
	"tests/integration/client-typescript/tsconfig.json":           "{\n  // compiler options\n  \"compilerOptions\": {\"strict\": true}\n}\n",
	"tests/integration/ci_matrix.json":                            `{"default": [{"suite": "base", "setup": "ollama"}]}` + "\n",
	"tests/integration/test_cases/inference/chat_completion.json": `{"non_streaming_01": {"data": {"question": "Which planet do humans live on?", "expected": "earth"}}}` + "\n",
}

// WriteTree writes a copy of an ogx tests/integration tree under dir: the
// 210 top-level corpus files at their TreePath, and Extras. It returns
// the recordings' tree paths, sorted.
func WriteTree(t testing.TB, dir string) []string {
	t.Helper()
	var paths []string
	for _, name := range TopFiles(t) {
		p := TreePath(name)
		write(t, filepath.Join(dir, filepath.FromSlash(p)), Read(t, name))
		paths = append(paths, p)
	}
	for p, text := range Extras {
		write(t, filepath.Join(dir, filepath.FromSlash(p)), []byte(text))
	}
	slices.Sort(paths)
	return paths
}

func write(t testing.TB, path string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}
