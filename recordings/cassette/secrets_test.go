package cassette

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// secretsCassette holds one interaction with every kind of credential
// Secrets looks for, made up here (no real key: each is the alphabet
// cut to a key's length), and one with every kind of value recorders'
// filters and tests leave in their place.
const secretsCassette = `interactions:
- request:
    body: '{}'
    headers:
      Authorization:
      - Bearer sk-proj-abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUV
      x-api-key:
      - sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123456789
      X-Goog-Api-Key:
      - AIzaSyabcdefghijklmnopqrstuvwxyz0123456
      X-Amz-Security-Token:
      - IQoJb3JpZ2luX2VjEabcdefghijklmnopqrstuvwxyz
      X-Auth-Token:
      - sk-live-0123456789abcdefghij moreafterspace
      Cookie:
      - __cf_bm=abcdefghijklmnopqrstuvwxyz0123456789
    method: POST
    uri: https://generativelanguage.googleapis.com/v1beta/models/m:generateContent?key=AIzaSyabcdefghijklmnopqrstuvwxyz7654321&alt=sse
  response:
    body: {string: '{}'}
    headers: {}
    status: {code: 200, message: OK}
- request:
    body: '{}'
    headers:
      authorization:
      - <filtered>
      x-api-key:
      - REDACTED
      api-key:
      - ''
      x-goog-api-key:
      - mock-api-key-abcdefghijklmnop
      proxy-authorization:
      - Bearer sk-abc
      X-Amz-Security-Token:
      - DUMMY
    method: POST
    uri: https://api.example.com/v1/chat/completions?key=<filtered>&token=
  response:
    body: {string: '{}'}
    headers: {}
    status: {code: 200, message: OK}
version: 1
`

func TestSecrets(t *testing.T) {
	c, err := Parse("secrets.yaml", []byte(secretsCassette))
	if err != nil {
		t.Fatal(err)
	}
	want := []Secret{
		{"request header Authorization", "Bearer sk-p… (56 characters)"},
		{"request header X-Amz-Security-Token", "IQoJ… (43 characters)"},
		{"request header X-Auth-Token", "sk-l… (43 characters)"}, // its first word is no scheme: not shown
		{"request header X-Goog-Api-Key", "AIza… (39 characters)"},
		{"request header x-api-key", "sk-a… (49 characters)"},
		{"query parameter key", "AIza… (39 characters)"},
	}
	if d := cmp.Diff(want, c.Interactions[0].Secrets()); d != "" {
		t.Errorf("the live credentials (-want +got):\n%s", d)
	}
	if got := c.Interactions[1].Secrets(); len(got) != 0 {
		t.Errorf("filtered values taken for credentials: %+v", got)
	}
}

// TestSecretsNoneInTestdata: the 260 real cassettes of testdata were
// filtered by their recorders (their credential headers removed): none
// is flagged.
func TestSecretsNoneInTestdata(t *testing.T) {
	for _, f := range cassetteFiles(t) {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		c, err := Parse(filepath.Base(f), data)
		if err != nil {
			t.Fatal(err)
		}
		for k := range c.Interactions {
			if s := c.Interactions[k].Secrets(); len(s) > 0 {
				t.Errorf("%s#%d: %+v", filepath.Base(f), k+1, s)
			}
		}
	}
}
