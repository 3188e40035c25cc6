package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// write makes the files of tree (path: content) under a new folder.
func write(t *testing.T, tree map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range tree {
		p := filepath.Join(dir, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// read lists the files under dir as path: content.
func read(t *testing.T, dir string) map[string]string {
	t.Helper()
	tree := map[string]string{}
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			data, _ := os.ReadFile(p)
			rel, _ := filepath.Rel(dir, p)
			tree[filepath.ToSlash(rel)] = string(data)
		}
		return err
	})
	return tree
}

func TestApply(t *testing.T) {
	tests := []struct {
		name    string
		before  map[string]string
		patch   string
		after   map[string]string
		wantErr string
	}{{
		name:   "modified, the second hunk moved by the first",
		before: map[string]string{"a.go": "1\n2\n3\n4\n5\n6\n7\n8\n9\n"},
		patch: "message\n\ndiff --git a/a.go b/a.go\nindex 1..2 100644\n--- a/a.go\n+++ b/a.go\n" +
			"@@ -1,2 +1,3 @@\n+0\n 1\n 2\n@@ -7,2 +8,1 @@ func x\n 7\n-8\n",
		after: map[string]string{"a.go": "0\n1\n2\n3\n4\n5\n6\n7\n9\n"},
	}, {
		name:   "new, deleted and renamed files",
		before: map[string]string{"dir/old.go": "package a\n\nfunc f() {}\n", "gone.go": "a\nb\n"},
		patch: "diff --git a/dir/old.go b/dir/new_other.go\nsimilarity index 90%\nrename from dir/old.go\nrename to dir/new_other.go\n--- a/dir/old.go\n+++ b/dir/new_other.go\n" +
			"@@ -1,2 +1,4 @@\n+//go:build !wasm\n+\n package a\n \n" +
			"diff --git a/sub/made.go b/sub/made.go\nnew file mode 100644\n--- /dev/null\n+++ b/sub/made.go\n@@ -0,0 +1,2 @@\n+package sub\n+// x\n" +
			"diff --git a/gone.go b/gone.go\ndeleted file mode 100644\n--- a/gone.go\n+++ /dev/null\n@@ -1,2 +0,0 @@\n-a\n-b\n",
		after: map[string]string{"dir/new_other.go": "//go:build !wasm\n\npackage a\n\nfunc f() {}\n", "sub/made.go": "package sub\n// x\n"},
	}, {
		name:   "no newline at the end",
		before: map[string]string{"a.txt": "a\nb"},
		patch:  "diff --git a/a.txt b/a.txt\n--- a/a.txt\n+++ b/a.txt\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+c\n",
		after:  map[string]string{"a.txt": "a\nc\n"},
	}, {
		name:    "a hunk that does not match changes nothing",
		before:  map[string]string{"a.go": "1\n2\n", "b.go": "x\n"},
		patch:   "diff --git a/b.go b/b.go\n--- a/b.go\n+++ b/b.go\n@@ -1 +1 @@\n-x\n+y\ndiff --git a/a.go b/a.go\n--- a/a.go\n+++ b/a.go\n@@ -1,2 +1,2 @@\n 1\n-3\n+4\n",
		wantErr: "a.go: conflict",
	}, {
		name:    "a new file that exists",
		before:  map[string]string{"a.go": "1\n"},
		patch:   "diff --git a/a.go b/a.go\nnew file mode 100644\n--- /dev/null\n+++ b/a.go\n@@ -0,0 +1 @@\n+2\n",
		wantErr: "a.go: already exists",
	}, {
		name:    "a mode change",
		before:  map[string]string{"a.go": "1\n"},
		patch:   "diff --git a/a.go b/a.go\nold mode 100644\nnew mode 100755\n",
		wantErr: "not supported",
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := write(t, tt.before)
			err := Apply(dir, []byte(tt.patch))
			got := read(t, dir)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("Apply: %v, want an error with %q", err, tt.wantErr)
				}
				if len(got) != len(tt.before) {
					t.Fatalf("a failed patch changed the files: %q", got)
				}
				for name, text := range tt.before {
					if got[name] != text {
						t.Errorf("a failed patch changed %s: %q", name, got[name])
					}
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(tt.after) {
				t.Errorf("files %q, want %q", got, tt.after)
			}
			for name, text := range tt.after {
				if got[name] != text {
					t.Errorf("%s is %q, want %q", name, got[name], text)
				}
			}
		})
	}
}

// TestGoAppPatches applies make dist's patches of go-app to a copy of the
// module go.mod pins: each file they rename, add and delete is where the
// patches put it.
func TestGoAppPatches(t *testing.T) {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "github.com/maxence-charriere/go-app/v10").Output()
	if err != nil {
		t.Fatalf("go list -m: %v", err)
	}
	src := filepath.Join(strings.TrimSpace(string(out)), "pkg", "app")
	dir := t.TempDir()
	app := filepath.Join(dir, "pkg", "app")
	os.MkdirAll(app, 0o755)
	entries, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if data, err := os.ReadFile(filepath.Join(src, e.Name())); err == nil && !e.IsDir() {
			os.WriteFile(filepath.Join(app, e.Name()), data, 0o644)
		}
	}
	for _, p := range []string{"wasm-without-net-http.patch", "without-uuid.patch", "without-encryption.patch"} {
		data, err := os.ReadFile(filepath.Join("..", "..", "..", "third_party", "go-app", p))
		if err != nil {
			t.Fatal(err)
		}
		if err := Apply(dir, data); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
	}
	for name, starts := range map[string]string{
		"http_other.go": "//go:build !wasm\n\npackage app\n", "resource_other.go": "//go:build !wasm\n\npackage app\n",
		"crypto_other.go": "//go:build !wasm\n\npackage app\n", "location.go": "package app\n",
		"wasmexec_wasm.go": "", "uuid.go": "", "crypto_wasm.go": "package app\n",
	} {
		data, err := os.ReadFile(filepath.Join(app, name))
		if err != nil || !strings.HasPrefix(string(data), starts) {
			t.Errorf("%s after the patches: %.40q (%v), want it to start %q", name, data, err, starts)
		}
	}
	for _, gone := range []string{"http.go", "resource.go", "crypto.go", "wasm.go"} {
		if _, err := os.Stat(filepath.Join(app, gone)); err == nil {
			t.Errorf("%s is still there after the patches", gone)
		}
	}
	if data, _ := os.ReadFile(filepath.Join(app, "context.go")); strings.Contains(string(data), "github.com/google/uuid") {
		t.Errorf("context.go still imports google/uuid")
	}
}
