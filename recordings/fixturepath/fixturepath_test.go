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
