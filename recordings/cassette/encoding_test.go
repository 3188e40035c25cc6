package cassette

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"testing"

	"github.com/andybalholm/brotli"
)

// TestContentEncodings: a response body under each Content-Encoding is
// decoded, and one a recorder kept decoded under the header (plain JSON)
// is read as it is.
func TestContentEncodings(t *testing.T) {
	const want = `{"id":"msg_1","content":[{"type":"text","text":"Paris"}]}`
	var br, fl bytes.Buffer
	bw := brotli.NewWriter(&br)
	bw.Write([]byte(want))
	bw.Close()
	fw, _ := flate.NewWriter(&fl, flate.BestCompression)
	fw.Write([]byte(want))
	fw.Close()
	for name, tc := range map[string]struct {
		encoding string
		body     []byte
	}{
		"br":            {"br", br.Bytes()},
		"deflate":       {"deflate", fl.Bytes()},
		"br kept plain": {"br", []byte(want)},
		"Deflate plain": {"Deflate", []byte(want)},
	} {
		doc := "interactions:\n- request: {method: POST, uri: 'https://api.anthropic.com/v1/messages', body: '{}'}\n" +
			"  response:\n    headers: {Content-Encoding: [" + tc.encoding + "]}\n" +
			"    body: {string: !!binary '" + base64.StdEncoding.EncodeToString(tc.body) + "'}\n    status: {code: 200, message: OK}\nversion: 1\n"
		c, err := Parse(name+".yaml", []byte(doc))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if got := string(c.Interactions[0].ResponseBody); got != want {
			t.Errorf("%s: body %q, want %q", name, got, want)
		}
	}
}
