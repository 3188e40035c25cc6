package reqhash

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/recview/recview/internal/tools/corpustest"
	"github.com/recview/recview/recordings/internal/pyjson"
)

// TestRequestHashesCorpus: for every corpus file HASHCHECK.tsv gives a
// scheme, ForRequest has that scheme, its Canonical text hashes to Hash,
// and FileName is the file's own name (the corpus prefixes names with
// their folder, "tests__integration__..."), 12 hex digits for v0.
func TestRequestHashesCorpus(t *testing.T) {
	n := 0
	for _, row := range corpustest.HashCheck(t) {
		if row.Scheme == "none" {
			continue
		}
		t.Run(row.File, func(t *testing.T) {
			hs, err := ForRequest(hashReadDoc(t, row.File))
			if err != nil {
				t.Fatal(err)
			}
			var got *Input
			for i := range hs {
				sum := sha256.Sum256([]byte(hs[i].Canonical))
				if hex.EncodeToString(sum[:]) != hs[i].Hash {
					t.Errorf("%s: Hash %s is not the SHA-256 of Canonical", hs[i].Scheme, hs[i].Hash)
				}
				if hs[i].Scheme == row.Scheme {
					got = &hs[i]
				}
			}
			if got == nil {
				t.Fatalf("no %s scheme among %d", row.Scheme, len(hs))
			}
			if !strings.HasPrefix(got.Hash, row.Hash) {
				t.Errorf("Hash %s, want the file's %s", got.Hash, row.Hash)
			}
			base := filepath.Base(row.File)
			if h, ok := FromName(got.FileName); !ok || h[:len(row.Hash)] != row.Hash {
				t.Errorf("FileName %q does not hold the file's hash %s", got.FileName, row.Hash)
			}
			// Model lists: the digest covers the response (one corpus
			// file's is stale), and older ones are not named models-.
			if len(row.Hash) == 64 && !strings.Contains(got.FileName, "models-") && base != got.FileName && !strings.HasSuffix(base, "__"+got.FileName) {
				t.Errorf("FileName %q, want the end of %q", got.FileName, base)
			}
			n++
		})
	}
	if n != 206 {
		t.Errorf("%d files checked, want the 206 with a scheme", n)
	}
}

// TestBodyHashesCorpus: the request body of every inference recording
// named under the current scheme, with its method, URL path and test_id,
// gives the recording's own file name.
func TestBodyHashesCorpus(t *testing.T) {
	n := 0
	for _, row := range corpustest.HashCheck(t) {
		if row.Scheme != SchemeCurrent || len(row.Hash) != 64 || strings.Contains(row.File, "models-") {
			continue
		}
		doc := hashReadDoc(t, row.File)
		req := doc.Get("request")
		if !req.Exists("body") || strings.Contains(string(req.GetStringBytes("url")), "bedrock") {
			continue
		}
		_, path := pyjson.URLParse(string(req.GetStringBytes("url")))
		hs, err := ForBody(string(req.GetStringBytes("method")), path, string(doc.GetStringBytes("test_id")), req.Get("body").MarshalTo(nil))
		if err != nil {
			t.Fatalf("%s: %v", row.File, err)
		}
		if hs[0].Scheme != SchemeCurrent || !strings.HasSuffix(row.File, hs[0].FileName) {
			t.Errorf("%s: ForBody gives %s %s", row.File, hs[0].Scheme, hs[0].FileName)
		}
		n++
	}
	if n != 79 { // counted in HASHCHECK.tsv by hand
		t.Errorf("%d recordings checked, want 79", n)
	}
}

// TestCanonicalByHand compares Canonical with the text CPython 3.11 makes
// of two corpus requests by the recorder's rules: for the chat request
// json.dumps({"method": "POST", "endpoint": urlparse(url).path, "body":
// body, "test_id": test_id}, sort_keys=True), whose SHA-256 is the file's
// name (no value in it is changed by normalization; note the path is the
// URL's "/v1/v1/..." and not request.endpoint); for the tool request
// json.dumps({"provider", "tool_name", "kwargs"}, sort_keys=True).
func TestCanonicalByHand(t *testing.T) {
	for _, tc := range []struct{ file, want string }{
		{"tests__integration__messages__recordings__f7c9050b819b93ab26e3bfdd8bc759553a8b56cf43cb1381dd153a27315df165.json",
			`{"body": {"max_tokens": 16, "messages": [{"content": "Hi", "role": "user"}], "model": "gpt-4o", "stream": false}, "endpoint": "/v1/v1/chat/completions", "method": "POST", "test_id": "tests/integration/messages/test_messages.py::test_messages_response_headers[txt=openai/gpt-4o]"}`},
		{"tests__integration__responses__recordings__661e959c98b894f6daf608d415bbf64f6a5a1af0eef8012354886062b9244f7b.json",
			`{"kwargs": {"query": "latest Python version 2023"}, "provider": "tavily", "tool_name": "web_search"}`},
	} {
		hs, err := ForRequest(hashReadDoc(t, tc.file))
		if err != nil {
			t.Fatal(err)
		}
		if hs[0].Canonical != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.file, hs[0].Canonical, tc.want)
		}
		if !strings.HasSuffix(tc.file, "__"+hs[0].FileName) {
			t.Errorf("%s: FileName %s", tc.file, hs[0].FileName)
		}
	}
}

func TestHashInputsErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		run  func() error
		want error
		msg  string
	}{
		{"no request", func() error { _, err := ForRequest(hashParse(t, `{"response": {}}`)); return err }, ErrNoScheme, "no request object"},
		{"file processor", func() error {
			_, err := ForRequest(hashParse(t, `{"request": {"provider": "p", "api": "a", "file_id": "f"}}`))
			return err
		}, ErrNoScheme, "file processors are not replayed"},
		{"body not JSON", func() error {
			_, err := ForBody("POST", "/v1/chat/completions", "", []byte("{\n  \"model\": x}"))
			return err
		}, nil, "request body:2:12: invalid JSON"},
		{"endpoint not a path", func() error {
			_, err := ForBody("POST", "v1/chat/completions", "", []byte(`{}`))
			return err
		}, ErrNoScheme, "must be a path"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.run()
			if err == nil || (tc.want != nil && !errors.Is(err, tc.want)) || !strings.Contains(err.Error(), tc.msg) {
				t.Errorf("error %v, want %v containing %q", err, tc.want, tc.msg)
			}
		})
	}
}
