package fixturepath

import (
	"os"
	"slices"
	"strings"
	"testing"
)

func TestPaths(t *testing.T) {
	for p, want := range map[string][2]bool{ // Recording, Cassette
		"tests/integration/recordings/abc.json":                {true, false},
		"recordings/ABC.JSON":                                  {true, false},
		"tests/integration/recordings/abc.yaml":                {false, false},
		"tests/recordings.json":                                {false, false},
		"tests/models/cassettes/test_openai/test_x.yaml":       {false, true},
		"tests/contrib/botocore/bedrock_cassettes/invoke.yaml": {false, true},
		"fixtures/vcr_cassettes/a.YML":                         {false, true},
		"tests/cassettes/openai/chat.json":                     {false, true},
		"tests/cassettes.yaml":                                 {false, false},
		"tests/models/cassettes/test_openai/test_x.yaml.orig":  {false, false},
		"tests/cassettes/recordings/x.json":                    {true, true},
		// Ruby VCR, rig
		"spec/fixtures/cassettes/gpt-3_5-turbo_chat.yml":        {false, true},
		"spec/fixtures/vcr_cassettes/chat_basic.yml":            {false, true},
		"tests/cassettes/openai/streaming/streaming_smoke.yaml": {false, true},
		// go-vcr, httprr
		"providertests/testdata/TestAnthropicCommon/claude/multi_tool.yaml": {false, true},
		"testdata/x.yml":       {false, false},
		"testdata/config.json": {false, false},
		"pkg/testdata.yaml":    {false, false},
		"llms/anthropic/testdata/TestClient_Create.httprr":  {false, true},
		"vectorstores/chroma/testdata/TestChroma.httprr.gz": {false, true},
		"x.httprr.orig": {false, false},
		// HAR, the Azure SDK test proxy
		"packages/a/recordings/Test_1/should_2/recording.har": {false, true},
		"capture.HAR": {false, true},
		"tests/SessionRecords/ChatTests/MultiMessageChat.json":            {false, true},
		"src/test/resources/session-records/ChatTests.testChat.json":      {false, true},
		".assets/Lv3SBH1fUX/net/sdk/openai/tests/SessionRecords/X/Y.json": {false, true},
		"tests/SessionRecords/ChatTests/MultiMessageChat.yaml":            {false, false},
		"sdk/ai/tests/recordings/test_chat.pyTestChat.test_chat.json":     {true, false},
		// vercel/ai
		"packages/anthropic/src/__fixtures__/anthropic-text.json":            {false, true},
		"packages/openai/src/responses/__fixtures__/openai-mcp.1.chunks.txt": {false, true},
		"packages/openai/src/__fixtures__/notes.txt":                         {false, false},
		"packages/openai/src/fixtures/a.chunks.txt":                          {false, false},
	} {
		if got := [2]bool{Recording(p), Cassette(p)}; got != want {
			t.Errorf("%q: Recording, Cassette = %v, want %v", p, got, want)
		}
		if Fixture(p) != (want[0] || want[1]) {
			t.Errorf("Fixture(%q) = %v", p, Fixture(p))
		}
	}
}

// TestCassetteTest derives test ids as pytest-recording's default
// layout writes cassettes (plugin.py: vcr_cassette_dir is the module's
// folder/cassettes/MODULE, the name the test's node name, "Class.name"
// for a method).
func TestCassetteTest(t *testing.T) {
	for p, want := range map[string]string{
		"tests/models/cassettes/test_openai/test_x.yaml":                   "tests/models/test_openai.py::test_x",
		"tests/cassettes/test_settings/test_stop_settings[anthropic].yaml": "tests/test_settings.py::test_stop_settings[anthropic]",
		"cassettes/test_a/TestB.test_c[1.5].yml":                           "test_a.py::TestB::test_c[1.5]",
		"tests/contrib/openai/cassettes/v1/completion.yaml":                "",
		"tests/cassettes/openai/chat.json":                                 "",
	} {
		if got := CassetteTest(p); got != want {
			t.Errorf("CassetteTest(%q) = %q, want %q", p, got, want)
		}
	}
}

func TestYAML(t *testing.T) {
	for p, want := range map[string]bool{"a.yaml": true, "x/b.YML": true, "c.json": false, "d.yaml.orig": false, "yaml": false} {
		if got := YAML(p); got != want {
			t.Errorf("YAML(%q) = %v, want %v", p, got, want)
		}
	}
}

func TestCassetteOnly(t *testing.T) {
	for p, want := range map[string]bool{"a.yaml": true, "x/b.YML": true, "t/TestX.httprr": true, "t/TestX.httprr.gz": true,
		"r/recording.har": true, "__fixtures__/a.1.chunks.txt": true, "c.json": false, "notes.txt": false, "a.har.orig": false} {
		if got := CassetteOnly(p); got != want {
			t.Errorf("CassetteOnly(%q) = %v, want %v", p, got, want)
		}
	}
}

// TestInteraction: an interaction's path reads back as its cassette and
// number, a '#' in the cassette's own name kept; a path that does not end
// in "#K" (K a positive number) is no interaction's.
func TestInteraction(t *testing.T) {
	for _, p := range []string{"tests/cassettes/test_a/test_b.yaml", "cassettes/test_x[#1].yaml", "c.json"} {
		for _, k := range []int{1, 12} {
			ip := Interaction(p, k)
			if file, got, ok := CutInteraction(ip); !ok || file != p || got != k {
				t.Errorf("CutInteraction(%q) = %q, %d, %v; want %q, %d", ip, file, got, ok, p, k)
			}
		}
	}
	if got := Interaction("a.yaml", 3); got != "a.yaml#3" {
		t.Errorf("Interaction(a.yaml, 3) = %q", got)
	}
	for _, p := range []string{"a.yaml", "a.yaml#", "a.yaml#0", "a.yaml#-1", "a.yaml#x", "a#2.yaml"} {
		if file, k, ok := CutInteraction(p); ok || file != p || k != 0 {
			t.Errorf("CutInteraction(%q) = %q, %d, %v; want no interaction", p, file, k, ok)
		}
	}
}

// TestFixtureSources: every fixture of recordings/testdata, at the path
// it has in its own repository (the MANIFESTs' source paths: vcrpy's and
// the test agent's cassettes, and the seven other recorders' files), is
// a cassette's path.
func TestFixtureSources(t *testing.T) {
	n := 0
	for _, m := range []struct{ file, column string }{
		{"../testdata/cassettes/MANIFEST.tsv", "path"},
		{"../testdata/recorders/MANIFEST.tsv", "source_path"},
	} {
		data, err := os.ReadFile(m.file)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSpace(string(data)), "\n")
		col := slices.Index(strings.Split(lines[0], "\t"), m.column)
		for _, l := range lines[1:] {
			p := strings.Split(l, "\t")[col]
			if !Cassette(p) || !Fixture(p) {
				t.Errorf("%s: not a cassette's path", p)
			}
			n++
		}
	}
	if n != 260+405 {
		t.Errorf("%d paths, want the 665 of the MANIFESTs", n)
	}
}
