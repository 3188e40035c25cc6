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
