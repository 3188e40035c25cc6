package fixturepath

import "testing"

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
