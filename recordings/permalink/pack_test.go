package permalink

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// TestPackNumbers: arrays of at least 8 numbers that read back exactly as
// float32 values are packed, anything else is left as text, and every
// input unpacks to itself.
func TestPackNumbers(t *testing.T) {
	eight := "[0.019768294,-0.0009658014,1.5e-05,-0,3,0.5,-1.25,100]"
	for _, tc := range []struct {
		name, in string
		packed   int // arrays packed
	}{
		{"an embedding", `{"embedding":` + eight + `}`, 1},
		{"seven numbers", `[1,2,3,4,5,6,7]`, 0},
		{"a float64 number", `[0.1,0.2,0.3,0.4,0.5,0.6,0.7,0.12345678901234568]`, 0},
		{"1.0 is not written back as such", `[1.0,2,3,4,5,6,7,8]`, 0},
		{"100000000 (as float32, 1e+08)", `[100000000,2,3,4,5,6,7,8]`, 0},
		{"a number past float32", `[1e39,2,3,4,5,6,7,8]`, 0},
		{"in a string", `{"a":"` + strings.ReplaceAll(eight, `"`, ``) + `"}`, 0},
		{"after an escaped quote", `{"a":"x\"[1,","b":` + eight + `}`, 1},
		{"mixed with null", `[1,2,3,4,5,6,7,null]`, 0},
		{"nested", `[` + eight + `,` + eight + `,[1]]`, 2},
		{"empty", `[]`, 0},
		{"two in a row", `{"a":` + eight + `,"b":` + eight + `}`, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := packNumbers([]byte(tc.in))
			if got := bytes.Count(p, []byte{'[', packMark}); got != tc.packed {
				t.Errorf("packNumbers(%s) = %q: %d arrays packed, want %d", tc.in, p, got, tc.packed)
			}
			if tc.packed > 0 && len(p) >= len(tc.in) {
				t.Errorf("packed %d bytes into %d", len(tc.in), len(p))
			}
			back, err := unpackNumbers(p, MaxInflated)
			if err != nil || string(back) != tc.in {
				t.Errorf("unpackNumbers = %q, %v; want %s", back, err, tc.in)
			}
		})
	}
}

// TestPackNumbersLayout checks the packed bytes by hand: "[", 0x00, the
// count as a uvarint, then each float32 little-endian (1 = 0x3f800000,
// -2 = 0xc0000000, 0.5 = 0x3f000000), then "]".
func TestPackNumbersLayout(t *testing.T) {
	got := packNumbers([]byte(`[1,-2,0.5,1,1,1,1,1]`))
	want := []byte{'[', 0x00, 8,
		0, 0, 0x80, 0x3f, 0, 0, 0, 0xc0, 0, 0, 0, 0x3f,
		0, 0, 0x80, 0x3f, 0, 0, 0x80, 0x3f, 0, 0, 0x80, 0x3f, 0, 0, 0x80, 0x3f, 0, 0, 0x80, 0x3f, ']'}
	if !bytes.Equal(got, want) {
		t.Errorf("packNumbers = % x\nwant           % x", got, want)
	}
}

func TestUnpackNumbersErrors(t *testing.T) {
	for _, tc := range []struct {
		name  string
		in    []byte
		limit int
		want  error
	}{
		{"cut short", []byte{'[', 0x00, 8, 0, 0, 0x80, 0x3f, ']'}, MaxInflated, ErrBadLink},
		{"no count", []byte{'[', 0x00}, MaxInflated, ErrBadLink},
		{"zero numbers", []byte{'[', 0x00, 0, ']'}, MaxInflated, ErrBadLink},
		{"count past the data", []byte{'[', 0x00, 0xff, 0xff, 0xff, 0xff, 0x0f, ']'}, MaxInflated, ErrBadLink},
		{"past the limit", append([]byte{'[', 0x00, 2}, 0, 0, 0x80, 0x3f, 0, 0, 0x80, 0x3f, ']'), 3, ErrLinkTooLarge},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got, err := unpackNumbers(tc.in, tc.limit); !errors.Is(err, tc.want) {
				t.Errorf("unpackNumbers(% x) = %q, %v; want %v", tc.in, got, err, tc.want)
			}
		})
	}
}

// FuzzPackNumbers: any compact JSON unpacks from its packing to itself,
// and unpackNumbers never panics on any bytes.
func FuzzPackNumbers(f *testing.F) {
	f.Add([]byte(`{"embedding":[0.019768294,-0.0009658014,1.5e-05,-0,3,0.5,-1.25,100]}`))
	f.Add([]byte(`[[1,2,3,4,5,6,7,8],"[1,2,3,4,5,6,7,8]",[1,2]]`))
	f.Add([]byte{'[', 0x00, 8, 0, 0, 0x80, 0x3f, ']'})
	f.Fuzz(func(t *testing.T, in []byte) {
		unpackNumbers(in, 1<<20)
		var c bytes.Buffer
		if json.Compact(&c, in) != nil {
			return
		}
		back, err := unpackNumbers(packNumbers(c.Bytes()), MaxInflated)
		if err != nil || !bytes.Equal(back, c.Bytes()) {
			t.Fatalf("%q packs and unpacks to %q, %v", c.Bytes(), back, err)
		}
	})
}
