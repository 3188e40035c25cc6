package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/recview/recview/recordings/permalink"
)

// decodeLink splits a printed link into its base and fragment and decodes
// the fragment's data.
func decodeLink(t *testing.T, out string) (base string, f permalink.Fragment, data []byte) {
	t.Helper()
	if !strings.HasSuffix(out, "\n") || strings.Count(out, "\n") != 1 {
		t.Fatalf("output is not one line: %.200q", out)
	}
	base, frag, ok := strings.Cut(strings.TrimSuffix(out, "\n"), "#")
	if !ok {
		t.Fatalf("no # in %.200q", out)
	}
	f, err := permalink.Parse(frag)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Sources) != 1 || f.Sources[0].Kind != permalink.SourceData {
		t.Fatalf("sources %+v, want one d=", f.Sources)
	}
	data, err = permalink.DecodeData(f.Sources[0].Value)
	if err != nil {
		t.Fatal(err)
	}
	return base, f, data
}

func compactFile(t *testing.T, path string) []byte {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := json.Compact(&b, raw); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestLink(t *testing.T) {
	want := compactFile(t, seed)
	for _, tc := range []struct {
		name     string
		args     []string
		base     string
		step     int
		hasStep  bool
		panel    string
		fragHead string
	}{
		{"default", []string{"link", seed}, defaultBase, 0, false, "", "v=2&d="},
		{"step after file", []string{"link", seed, "--step", "5"}, defaultBase, 5, true, "", "v=2&d="},
		{"step 0, panel, base first", []string{"link", "--base", "https://recview.example/app/#stale", "--panel", "raw", "--step=0", seed},
			"https://recview.example/app/", 0, true, "raw", "v=2&d="},
		{"last step", []string{"link", "-step", "18", seed}, defaultBase, 18, true, "", "v=2&d="},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := runCmd(t, "", tc.args...)
			if code != 0 || errOut != "" {
				t.Fatalf("exit %d, stderr %q", code, errOut)
			}
			base, f, data := decodeLink(t, out)
			if base != strings.TrimSuffix(tc.base, "#") {
				t.Errorf("base %q, want %q", base, tc.base)
			}
			if !strings.HasPrefix(out, tc.base+"#"+tc.fragHead) {
				t.Errorf("link %.60q does not start with %q", out, tc.base+"#"+tc.fragHead)
			}
			if f.HasStep != tc.hasStep || f.Step != tc.step || f.Panel != tc.panel {
				t.Errorf("fragment step %d (%v), panel %q; want %d (%v), %q", f.Step, f.HasStep, f.Panel, tc.step, tc.hasStep, tc.panel)
			}
			if s := "&step=" + strconv.Itoa(tc.step); tc.hasStep != (strings.Contains(out, s+"&") || strings.Contains(out, s+"\n")) {
				t.Errorf("%s in the link: %v, want %v (%q)", s, !tc.hasStep, tc.hasStep, out[len(out)-40:])
			}
			if !bytes.Equal(data, want) {
				t.Errorf("link data is not the file's compact JSON (%d vs %d bytes)", len(data), len(want))
			}
			if got := f.Sources[0].Name; got != filepath.Base(seed) {
				t.Errorf("name= %q, want the file's name %q (its hash)", got, filepath.Base(seed))
			}
		})
	}
}

func TestLinkStdin(t *testing.T) {
	raw, err := os.ReadFile(seed)
	if err != nil {
		t.Fatal(err)
	}
	out, errOut, code := runCmd(t, string(raw), "link", "-")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if _, _, data := decodeLink(t, out); !bytes.Equal(data, compactFile(t, seed)) {
		t.Error("link data differs from the file")
	}
}

func TestLinkErrors(t *testing.T) {
	notRecording := t.TempDir() + "/x.json"
	os.WriteFile(notRecording, []byte(`{"hello": "world"}`), 0o644)
	for _, tc := range []struct {
		name  string
		stdin string
		args  []string
		msg   string
	}{
		{"no file", "", []string{"link"}, "usage: recview link FILE"},
		{"three files", "", []string{"link", seed, seed, seed}, "usage: recview link FILE"},
		{"two stdins", "", []string{"link", "-", "-"}, "usage: recview link FILE"},
		{"step on a comparison", "", []string{"link", "--step", "1", seed, seed}, "--step applies to one file"},
		{"missing file", "", []string{"link", corpus + "/nope.json"}, "no such file"},
		{"not JSON", "", []string{"link", "link.go"}, "invalid JSON"},
		{"not a recording", "", []string{"link", notRecording}, "not a recording"},
		{"stdin not a recording", "[1, 2]", []string{"link", "-"}, "not a recording"},
		{"negative step", "", []string{"link", "--step", "-1", seed}, "want a chunk number 0 or more"},
		{"step past the end", "", []string{"link", "--step", "19", seed}, "the stream has 18 chunks"},
		{"step on a non-stream", "", []string{"link", "--step", "0", corpus + "/tests__integration__recordings__vision__responses__3877ecf1bc62.json"}, "not a stream"},
		{"bad panel", "", []string{"link", "--panel", "chunks", seed}, "want request, response or raw"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := runCmd(t, tc.stdin, tc.args...)
			if code != 2 || out != "" {
				t.Errorf("exit %d, stdout %.80q; want 2 and nothing", code, out)
			}
			if !strings.Contains(errOut, tc.msg) {
				t.Errorf("stderr %q, want %q", errOut, tc.msg)
			}
		})
	}
}

// TestLinkTooLong: a link past permalink.MaxLinkLen (a recording with a
// base64 image, 566,015 characters inline) is not printed: exit 1 and the
// error on stderr, naming the file and suggesting src=. The same for a
// comparison with that file on either side.
func TestLinkTooLong(t *testing.T) {
	const big = corpus + "/tests__integration__recordings__vision__responses__ff7db0102b28.json"
	for _, args := range [][]string{{"link", big}, {"link", seed, big}, {"link", big, seed, "--panel", "raw"}} {
		t.Run(strings.Join(args[1:], " "), func(t *testing.T) {
			out, errOut, code := runCmd(t, "", args...)
			if code != 1 || out != "" {
				t.Fatalf("exit %d, stdout %.80q; want 1 and nothing", code, out)
			}
			for _, want := range []string{"ff7db0102b28.json", "more than the 65536", "src="} {
				if !strings.Contains(errOut, want) {
					t.Errorf("stderr %q lacks %q", errOut, want)
				}
			}
		})
	}
	// A short link gets no warning.
	if _, errOut, code := runCmd(t, "", "link", seed); errOut != "" || code != 0 {
		t.Errorf("short link: exit %d, stderr %q", code, errOut)
	}
}

// TestLinkCompare: two files give a comparison link, the first file on
// the left: two d= sources, each with its file's compact JSON and name.
func TestLinkCompare(t *testing.T) {
	other := corpus + "/tests__integration__recordings__vision__responses__3877ecf1bc62.json"
	out, errOut, code := runCmd(t, "", "link", "--panel", "response", seed, other)
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	base, frag, ok := strings.Cut(strings.TrimSuffix(out, "\n"), "#")
	if !ok || base != defaultBase {
		t.Fatalf("link %.80q: want %s#...", out, defaultBase)
	}
	f, err := permalink.Parse(frag)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Sources) != 2 || f.Panel != "response" || f.HasStep {
		t.Fatalf("fragment %+v: want two sources, panel response, no step", f)
	}
	for i, path := range []string{seed, other} {
		s := f.Sources[i]
		data, err := permalink.DecodeData(s.Value)
		if err != nil {
			t.Fatal(err)
		}
		if s.Kind != permalink.SourceData || s.Name != filepath.Base(path) || !bytes.Equal(data, compactFile(t, path)) {
			t.Errorf("source %d: kind %s, name %q, %d bytes; want d= of %s", i, s.Kind, s.Name, len(data), filepath.Base(path))
		}
	}
}

// TestLinkBaseFromEnv: RECVIEW_BASE is the default base; --base wins.
func TestLinkBaseFromEnv(t *testing.T) {
	t.Setenv("RECVIEW_BASE", "https://recview.example/")
	out, _, _ := runCmd(t, "", "link", seed)
	if !strings.HasPrefix(out, "https://recview.example/#v=2&d=") {
		t.Errorf("link %.60q: want the base of RECVIEW_BASE", out)
	}
	out, _, _ = runCmd(t, "", "link", "--base", "https://other.example/", seed)
	if !strings.HasPrefix(out, "https://other.example/#v=2&d=") {
		t.Errorf("link %.60q: want --base over RECVIEW_BASE", out)
	}
}

// TestLinkBasePrecedence: the base is --base, else $RECVIEW_BASE, else
// http://127.0.0.1:8000/ (where make serve serves the viewer); an empty
// RECVIEW_BASE is unset; --base "" is a link of the fragment alone.
func TestLinkBasePrecedence(t *testing.T) {
	for _, c := range []struct {
		env  string
		args []string
		want string
	}{
		{"", nil, "http://127.0.0.1:8000/#v=2&d="},
		{"", []string{"--base", "https://flag.example/"}, "https://flag.example/#v=2&d="},
		{"https://env.example/", nil, "https://env.example/#v=2&d="},
		{"https://env.example/", []string{"--base=https://flag.example/"}, "https://flag.example/#v=2&d="},
		{"https://env.example/", []string{"--base", ""}, "#v=2&d="},
	} {
		t.Setenv("RECVIEW_BASE", c.env)
		out, errOut, code := runCmd(t, "", append(append([]string{"link"}, c.args...), seed)...)
		if code != 0 || !strings.HasPrefix(out, c.want) {
			t.Errorf("RECVIEW_BASE=%q link %q: exit %d %s, %.60q; want it to start %q", c.env, c.args, code, errOut, out, c.want)
		}
	}
}
