//go:build e2e

package e2e

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp/kb"
	"github.com/recview/recview/recordings/permalink"
)

// TestDropAddress drops a seed on the page: the address bar gets the
// recording inline (d=, with its name=), as the README says, and follows
// the step; a reload opens the same recording at the same step. A
// dropped file whose link would pass 64 KB (a base64 image) leaves the
// address bare rather than making it that long.
func TestDropAddress(t *testing.T) {
	tb := newTab(t)
	tb.open("/")
	tb.dropPaths(seed(seedHello))
	tb.waitTitle(seedHello)
	tb.waitFor("the recording in the address bar", `location.hash.startsWith('#v=2&d=')`)
	hash := eval[string](tb, "location.hash")
	f, err := permalink.Parse(strings.TrimPrefix(hash, "#"))
	if err != nil || len(f.Sources) != 1 || f.Sources[0].Kind != permalink.SourceData || f.Sources[0].Name != seedHello || f.HasStep {
		t.Fatalf("the address's fragment %.120q… reads %+v (%v), want the seed inline with its name, at the last step", hash, f, err)
	}
	data, err := permalink.DecodeData(f.Sources[0].Value)
	orig, _ := os.ReadFile(seed(seedHello))
	if err != nil || !bytes.Equal(data, compact(t, orig)) {
		t.Fatalf("the address's data is not the dropped file (%v)", err)
	}

	tb.key(kb.Home)
	tb.waitStep(0, 20)
	tb.waitFor("the step in the address bar", `location.hash.endsWith('&step=0')`)
	tb.reload()
	tb.waitTitle(seedHello)
	tb.waitStep(0, 20)

	const big = "tests__integration__recordings__vision__responses__ff7db0102b28.json"
	tb.dropPaths(corpus(big))
	tb.waitTitle(big)
	// Its encoding gives up after a slice or two of the file; the address
	// must not get the 565,000 characters meanwhile, nor keep the seed's.
	for deadline := time.Now().Add(1500 * time.Millisecond); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if h := eval[string](tb, "location.hash"); h != "" {
			t.Fatalf("with %s open the address holds %d characters of fragment %.60q…, want none", big, len(h), h)
		}
	}
}

// compact is json.Compact of data.
func compact(t *testing.T, data []byte) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := json.Compact(&b, data); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}
