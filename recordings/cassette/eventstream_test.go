package cassette

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"hash/crc32"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestEventStreams reads every AWS event stream of testdata's cassettes
// and checks each against eventstreams.tsv, which PyYAML, struct and
// zlib wrote (testdata/eventstreams.py): the messages' count and each
// one's event type, with the type of the model's own event a "chunk"
// carries.
func TestEventStreams(t *testing.T) {
	n := 0
	for _, cols := range tsvRows(t, "testdata/eventstreams.tsv") {
		k, _ := strconv.Atoi(cols[1])
		data, err := os.ReadFile(filepath.Join(cassettes, cols[0]))
		if err != nil {
			t.Fatal(err)
		}
		c, err := Parse(cols[0], data)
		if err != nil {
			t.Fatal(err)
		}
		it := &c.Interactions[k-1]
		if !it.StreamedResponse() {
			t.Errorf("%s#%d: not taken for a stream", cols[0], k)
		}
		events, err := DecodeEventStream(it.ResponseBody)
		if err != nil {
			t.Errorf("%s#%d: %v", cols[0], k, err)
			continue
		}
		var types []string
		for _, e := range events {
			typ := e.Headers[":event-type"]
			if typ == "chunk" {
				var chunk struct{ Bytes []byte }
				var inner struct{ Type string }
				switch {
				case json.Unmarshal(e.Payload, &chunk) != nil:
					t.Errorf("%s#%d: a chunk whose payload is not JSON", cols[0], k)
				case json.Unmarshal(chunk.Bytes, &inner) != nil:
					typ += ":?"
				default:
					typ += ":" + inner.Type
				}
			}
			types = append(types, typ)
		}
		if got := strconv.Itoa(len(events)) + "\t" + strings.Join(types, ","); got != cols[2]+"\t"+cols[3] {
			t.Errorf("%s#%d: %.200s\nwant %.200s", cols[0], k, got, cols[2]+"\t"+cols[3])
		}
		n++
	}
	if n != 6 {
		t.Errorf("%d event streams checked, want the 6 of eventstreams.tsv", n)
	}
}

// message encodes one event stream message with string headers.
func message(headers [][2]string, payload []byte) []byte {
	var h []byte
	for _, kv := range headers {
		h = append(h, byte(len(kv[0])))
		h = append(h, kv[0]...)
		h = append(h, 7)
		h = binary.BigEndian.AppendUint16(h, uint16(len(kv[1])))
		h = append(h, kv[1]...)
	}
	total := 16 + len(h) + len(payload)
	b := binary.BigEndian.AppendUint32(nil, uint32(total))
	b = binary.BigEndian.AppendUint32(b, uint32(len(h)))
	b = binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(b))
	b = append(append(b, h...), payload...)
	return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(b))
}

// TestEventStreamErrors: a flipped byte, a cut message and a length past
// the end are errors that say which message; a chunk's base64 bytes are
// decoded in the recording's events. A message here is 90 bytes: 16 of
// prelude and CRCs, 42 of headers (":event-type" "chunk", 20 bytes;
// ":message-type" "event", 22) and a payload of 32.
func TestEventStreamErrors(t *testing.T) {
	one := message([][2]string{{":event-type", "chunk"}, {":message-type", "event"}}, []byte(`{"bytes":"eyJ0eXBlIjoicGluZyJ9"}`))
	two := append(append([]byte(nil), one...), one...)
	if ev, err := DecodeEventStream(two); err != nil || len(ev) != 2 || ev[1].Headers[":event-type"] != "chunk" {
		t.Fatalf("two messages: %v, %+v", err, ev)
	}
	if got := string(eventsJSON(two)); got != `[{"type":"ping"},{"type":"ping"}]` {
		t.Errorf("eventsJSON = %s", got)
	}
	flipped := append([]byte(nil), two...)
	flipped[len(one)+60] ^= 1 // in the second message's payload
	cut := two[:len(two)-3]
	long := append([]byte(nil), one...)
	binary.BigEndian.PutUint32(long, uint32(len(one)+100))
	binary.BigEndian.PutUint32(long[8:], crc32.ChecksumIEEE(long[:8]))
	for name, tc := range map[string]struct {
		b    []byte
		want string
	}{
		"flipped": {flipped, "message 2 at byte 90: the message's CRC does not match"},
		"cut":     {cut, "message 2 at byte 90: a length of 90 bytes with 42 of headers, 87 bytes left"},
		"long":    {long, "message 1 at byte 0: a length of 190 bytes"},
		"short":   {[]byte("0123456789"), "message 1 at byte 0: 10 bytes left"},
	} {
		_, err := DecodeEventStream(tc.b)
		if !errors.Is(err, ErrEventStream) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", name, err, tc.want)
		}
	}
}

// FuzzDecodeEventStream: any bytes decode or give an ErrEventStream,
// never a panic; what decodes writes JSON.
func FuzzDecodeEventStream(f *testing.F) {
	f.Add(message([][2]string{{":event-type", "messageStart"}}, []byte(`{"role":"assistant"}`)))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, b []byte) {
		if _, err := DecodeEventStream(b); err != nil && !errors.Is(err, ErrEventStream) {
			t.Fatalf("error %v is not an ErrEventStream", err)
		}
		if out := eventsJSON(b); out != nil && !json.Valid(out) {
			t.Fatalf("eventsJSON gave %q", out)
		}
	})
}
