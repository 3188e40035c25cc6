package permalink

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/recview/recview/internal/tools/corpustest"
	"github.com/recview/recview/internal/tools/golden"
	"github.com/recview/recview/recordings"
)

func TestParseFragment(t *testing.T) {
	sample := Source{SourceSample, "4078aa36a9cbcb50c445a46d69fb9126952d1c85f3d413125b034730e51b6508.json", "", 0}
	for _, tc := range []struct {
		name, in string
		want     Fragment
		canon    string // f.String(); "" when it is in
	}{
		{"empty", "", Fragment{Version: 1}, "v=1"},
		{"hash only", "#", Fragment{Version: 1}, "v=1"},
		{"legacy sample and step", "#sample=" + sample.Value + "&step=3",
			Fragment{Version: 1, Sources: []Source{sample}, Step: 3, HasStep: true}, "v=1&sample=" + sample.Value + "&step=3"},
		{"legacy sample, no step", "sample=a.json", Fragment{Version: 1, Sources: []Source{{SourceSample, "a.json", "", 0}}}, "v=1&sample=a.json"},
		{"data step panel", "v=1&d=q1YqSsxLKS1KVbJSSi4tLsnPTS1SqgUA&step=0&panel=raw",
			Fragment{Version: 1, Sources: []Source{{SourceData, "q1YqSsxLKS1KVbJSSi4tLsnPTS1SqgUA", "", 0}}, Step: 0, HasStep: true, Panel: "raw"}, ""},
		{"data with padding", "v=1&d=q1Y=", Fragment{Version: 1, Sources: []Source{{SourceData, "q1Y=", "", 0}}}, ""},
		{"any order", "panel=request&step=12&v=1&src=https://example.com/a.json",
			Fragment{Version: 1, Sources: []Source{{SourceURL, "https://example.com/a.json", "", 0}}, Step: 12, HasStep: true, Panel: "request"},
			"v=1&src=https://example.com/a.json&step=12&panel=request"},
		{"src percent-encoded", "v=1&src=https://h/x.json%3Fa%3D1%26b%3D2%23frag",
			Fragment{Version: 1, Sources: []Source{{SourceURL, "https://h/x.json?a=1&b=2#frag", "", 0}}},
			"v=1&src=https://h/x.json?a=1%26b=2%23frag"},
		{"src relative with space", "src=samples/my%20file.json",
			Fragment{Version: 1, Sources: []Source{{SourceURL, "samples/my file.json", "", 0}}}, "v=1&src=samples/my%20file.json"},
		{"plus is literal", "src=/a+b.json", Fragment{Version: 1, Sources: []Source{{SourceURL, "/a+b.json", "", 0}}}, "v=1&src=/a%2Bb.json"},
		{"comparison, mixed kinds", "v=1&sample=a.json&d=AAAA",
			Fragment{Version: 1, Sources: []Source{{SourceSample, "a.json", "", 0}, {SourceData, "AAAA", "", 0}}}, ""},
		{"comparison, same kind", "v=1&src=/before.json&src=/after.json",
			Fragment{Version: 1, Sources: []Source{{SourceURL, "/before.json", "", 0}, {SourceURL, "/after.json", "", 0}}}, ""},
		{"unknown keys ignored", "v=1&theme=dark&sample=a.json&zoom&x=%zz&&",
			Fragment{Version: 1, Sources: []Source{{SourceSample, "a.json", "", 0}}}, "v=1&sample=a.json"},
		{"named data", "v=1&d=AAAA&name=4078aa36.json&step=2",
			Fragment{Version: 1, Sources: []Source{{SourceData, "AAAA", "4078aa36.json", 0}}, Step: 2, HasStep: true}, ""},
		{"comparison, both named", "v=1&d=AAAA&name=a.json&d=BBBB&name=b%20c.json",
			Fragment{Version: 1, Sources: []Source{{SourceData, "AAAA", "a.json", 0}, {SourceData, "BBBB", "b c.json", 0}}}, ""},
		{"version 2", "v=2&d=AAAA&step=1", Fragment{Version: 2, Sources: []Source{{SourceData, "AAAA", "", 0}}, Step: 1, HasStep: true}, "v=2&d=AAAA&step=1"},
		{"a cassette's interaction", "v=2&src=/c.yaml&i=3&step=1",
			Fragment{Version: 2, Sources: []Source{{SourceURL, "/c.yaml", "", 3}}, Step: 1, HasStep: true}, ""},
		{"interactions of two named cassettes", "v=2&d=AAAA&i=2&name=a.yaml&d=BBBB&name=b.yaml&i=12",
			Fragment{Version: 2, Sources: []Source{{SourceData, "AAAA", "a.yaml", 2}, {SourceData, "BBBB", "b.yaml", 12}}}, "v=2&d=AAAA&name=a.yaml&i=2&d=BBBB&name=b.yaml&i=12"},
		{"leading zeros", "step=007", Fragment{Version: 1, Step: 7, HasStep: true}, "v=1&step=7"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, err := Parse(tc.in)
			if err != nil {
				t.Fatalf("Parse(%q): %v", tc.in, err)
			}
			if !reflect.DeepEqual(f, tc.want) {
				t.Fatalf("Parse(%q) = %+v, want %+v", tc.in, f, tc.want)
			}
			canon := tc.canon
			if canon == "" {
				canon = tc.in
			}
			if got := f.String(); got != canon {
				t.Errorf("String() = %q, want %q", got, canon)
			}
			if g, err := Parse(f.String()); err != nil || !reflect.DeepEqual(g, f) {
				t.Errorf("Parse(String()) = %+v, %v; want %+v", g, err, f)
			}
		})
	}
}

func TestParseFragmentErrors(t *testing.T) {
	for _, tc := range []struct {
		name, in, msg string
		off           int64
	}{
		{"negative step", "v=1&sample=a.json&step=-1", `recordings: step: bad link: want a chunk number 0 or more, got "-1"`, 18},
		{"step not a number", "step=3a", `got "3a"`, 0},
		{"name before any source", "v=1&name=a.json&d=AAAA", `name must follow the source it names`, 4},
		{"name twice", "d=AAAA&name=a.json&name=b.json", `name must follow the source it names`, 19},
		{"name with a folder", "d=AAAA&name=../a.json", `name must be a file name`, 7},
		{"interaction before any source", "i=1&d=AAAA", `i must follow the source it names an interaction of`, 0},
		{"interaction twice", "d=AAAA&i=1&i=2", `i must follow the source it names an interaction of`, 11},
		{"interaction zero", "d=AAAA&i=0", `want an interaction number 1 or more, got "0"`, 7},
		{"interaction negative", "d=AAAA&i=-1", `got "-1"`, 7},
		{"step too big", "step=1234567890", `got "1234567890"`, 0},
		{"step plus", "step=%2B3", `got "+3"`, 0},
		{"unknown version", "v=3&d=AAAA", `recordings: v: bad link: unknown format version "3" (this viewer reads versions 1 to 2)`, 0},
		{"version with a sign", "v=+2&d=AAAA", `unknown format version "+2"`, 0},
		{"version zero", "v=0", `unknown format version "0"`, 0},
		{"three sources", "v=1&sample=a.json&sample=b.json&src=/c.json", "recordings: src: bad link: a link names at most two recordings, this is a third", 32},
		{"repeated step", "step=1&step=2", "step appears twice", 7},
		{"repeated v", "v=1&v=1", "v appears twice", 4},
		{"panel not a word", "panel=Raw1", `recordings: panel: bad link: panel must be a word of lowercase letters, not "Raw1"`, 0},
		{"panel too long", "v=2&panel=abcdefghijklmnopq", `not "abcdefghijklmnopq"`, 4},
		{"empty value", "v=1&d=", "d has no value", 4},
		{"key alone", "sample", "sample has no value", 0},
		{"bad escape", "src=%zz", `bad percent escape in "%zz"`, 0},
		{"data not base64url", "d=abc+def", `data is not base64url: '+' at byte 3`, 0},
		{"data only padding", "d==", "d has no data", 0},
		{"src javascript", "src=javascript:alert(1)", "src must be an http or https URL, not javascript:", 0},
		{"src bad URL", "src=http://%41:80x/", "src is not a URL", 0},
		{"sample with folder", "sample=../secret.json", `sample must be a file name, not "../secret.json"`, 0},
		{"sample dotdot", "sample=..", "sample must be a file name", 0},
	} {
		t.Run(tc.name, func(t *testing.T) { checkBadLink(t, tc.in, tc.msg, tc.off) })
	}
}

// TestPermalinkGolden decodes frozen links. The links in
// testdata were written once, by the encoder of their version
// (go test -run PermalinkGolden -update writes only missing files of the
// current version), and must never change: links pasted into pull
// requests have to open forever. Each vN-NAME.link holds a fragment of
// format version N; vN-NAME.json the compact recording its data decodes
// to. The v2 link is an embedding, whose numbers version 2 packs.
func TestPermalinkGolden(t *testing.T) {
	for _, tc := range []struct {
		version    int
		name, file string
		step       int
		hasStep    bool
		panel      string
	}{
		{1, "openai-tool-stream", "seeds/4078aa36a9cbcb50c445a46d69fb9126952d1c85f3d413125b034730e51b6508.json", 5, true, ""},
		{1, "anthropic-sse", "tests__integration__messages__recordings__f22657bfd86db6348c0a0d0b17332dcfc038b345d2a7be8da4b880a433d36a52.json", 0, false, "request"},
		{2, "embeddings", "tests__integration__responses__recordings__7975422e72258311444c13e6224cde52e51868e33f84cbbf3cf7254819c72cd1.json", 0, false, "response"},
	} {
		t.Run(fmt.Sprintf("v%d-%s", tc.version, tc.name), func(t *testing.T) {
			base := filepath.Join("testdata", fmt.Sprintf("v%d-%s", tc.version, tc.name))
			linkPath, jsonPath := base+".link", base+".json"
			if _, err := os.Stat(linkPath); os.IsNotExist(err) && *golden.Update {
				if tc.version != Version {
					t.Fatalf("%s is missing, and only version %d links can be written now", linkPath, Version)
				}
				writeGolden(t, tc.file, linkPath, jsonPath, tc.step, tc.hasStep, tc.panel)
			}
			link, err := os.ReadFile(linkPath)
			if err != nil {
				t.Fatal(err)
			}
			want, err := os.ReadFile(jsonPath)
			if err != nil {
				t.Fatal(err)
			}
			f, err := Parse(strings.TrimSpace(string(link)))
			if err != nil {
				t.Fatal(err)
			}
			if f.Version != tc.version || len(f.Sources) != 1 || f.Sources[0].Kind != SourceData ||
				f.HasStep != tc.hasStep || f.Step != tc.step || f.Panel != tc.panel {
				t.Fatalf("fragment %+v, want v%d, one d= source, step %d (%v), panel %q", f, tc.version, tc.step, tc.hasStep, tc.panel)
			}
			got, err := DecodeData(f.Sources[0].Value)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != strings.TrimSuffix(string(want), "\n") {
				t.Fatalf("decoded data differs from %s:\n%s", jsonPath, golden.FirstDiff(want, got))
			}
			if _, err := recordings.Parse(tc.name, got); err != nil {
				t.Errorf("decoded data is not a recording: %v", err)
			}
		})
	}
}

// writeGolden writes a link of the current format version for a corpus
// file, and the compact JSON it decodes to.
func writeGolden(t *testing.T, file, linkPath, jsonPath string, step int, hasStep bool, panel string) {
	data, err := os.ReadFile(filepath.Join(corpustest.Dir(), file))
	if err != nil {
		t.Fatal(err)
	}
	d, err := EncodeData(data)
	if err != nil {
		t.Fatal(err)
	}
	f := Fragment{Version: Version, Sources: []Source{{SourceData, d, "", 0}}, Step: step, HasStep: hasStep, Panel: panel}
	if err := os.MkdirAll(filepath.Dir(linkPath), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(jsonPath, append(compact(t, data), '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(linkPath, []byte(f.String()+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %s (%d characters)", linkPath, len(f.String()))
}

// checkBadLink holds Parse(in) to ErrBadLink, as a *recordings.ParseError
// at offset off whose message holds msg.
func checkBadLink(t *testing.T, in, msg string, off int64) {
	t.Helper()
	f, err := Parse(in)
	if !errors.Is(err, ErrBadLink) {
		t.Fatalf("Parse(%q) = %+v, %v; want ErrBadLink", in, f, err)
	}
	var pe *recordings.ParseError
	if !errors.As(err, &pe) || pe.Offset != off {
		t.Errorf("error %#v, want a *recordings.ParseError at offset %d", err, off)
	}
	if !strings.Contains(err.Error(), msg) {
		t.Errorf("error %q, want it to contain %q", err, msg)
	}
}
