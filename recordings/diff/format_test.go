package diff

import (
	"errors"
	"strings"
	"testing"
)

func TestFormat(t *testing.T) {
	long := strings.Repeat("word ", 40) // 200 bytes
	tests := []struct {
		name string
		res  Result
		want string
	}{
		{
			name: "no differences",
			res:  Result{A: "a.json", B: "b.json", SameResult: true, SameChunking: true},
			want: "--- a.json\n+++ b.json\nsame result\nno differences\n",
		},
		{
			name: "one line per op, notes, root path",
			res: Result{A: "a", B: "b", Changes: []Change{
				{Kind: KindMetadata, Path: "test_id", Op: OpAdded, New: "t::x"},
				{Kind: KindRequest, Path: "body.stop", Op: OpRemoved, Old: `["\n"]`},
				{Kind: KindResponse, Path: "", Op: OpChanged, Old: "null", New: "{}"},
				{Kind: KindResponse, Path: "data[0].embedding", Op: OpChanged, Old: "[1]", New: "[2]", Note: "1 of 1 numbers differ, by at most 1"},
			}},
			want: "--- a\n+++ b\nchanged result\n" +
				"metadata test_id: added t::x\n" +
				"request  body.stop: removed [\"\\n\"]\n" +
				"response (root): null → {}\n" +
				"response data[0].embedding: [1] → [2] (1 of 1 numbers differ, by at most 1)\n",
		},
		{
			name: "long values are cut at a rune boundary",
			res: Result{A: "a", B: "b", SameResult: true, Changes: []Change{
				{Kind: KindRequest, Path: "body.x", Op: OpAdded, New: strings.Repeat("a", 299) + "é" + "tail"},
			}},
			want: "--- a\n+++ b\nsame result, different chunking\n" +
				"request  body.x: added " + strings.Repeat("a", 299) + "… (6 more bytes)\n",
		},
		{
			name: "word diff: markers, indentation, unchanged runs cut, controls escaped",
			res: Result{A: "a", B: "b", Changes: []Change{
				{Kind: KindResponse, Path: "choices[0].text", Op: OpChanged, Text: []Span{
					{OpEqual, long + "start\n\n"},
					{OpRemoved, "old\x1b[0m"},
					{OpAdded, "new"},
					{OpEqual, " mid " + long + "end "},
					{OpAdded, "more"},
					{OpEqual, "\nlast line " + long},
				}},
			}},
			want: "--- a\n+++ b\nchanged result\n" +
				"response choices[0].text: changed\n" +
				"    …word word word word word word word word word word start\n" +
				"\n" +
				`    [-old\u001b[0m-]{+new+} mid word word word word word word word word word word word … word word word word word word word word word word word end {+more+}` + "\n" +
				"    last line word word word word word word word word word…\n",
		},
		{
			name: "a judgement: its verdict, severity and findings, most severe first, within MaxWhy",
			res: Result{A: "a", B: "b", Judgement: Judgement{Verdict: VerdictChanged, Severity: SeverityHigh, Findings: []Finding{
				{Severity: SeverityHigh, Concern: ConcernCall, Text: "tool call get_weather gone"},
				{Severity: SeverityHigh, Concern: ConcernCall, Text: "finish reason tool_calls → stop"},
				{Severity: SeverityNone, Text: "usage moved (completion_tokens 18 → 14, 1 more)"},
			}}},
			want: "--- a\n+++ b\nchanged result, severity high: tool call get_weather gone; finish reason tool_calls → stop\nno differences\n",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var b strings.Builder
			if err := tc.res.Format(&b); err != nil {
				t.Fatal(err)
			}
			if b.String() != tc.want {
				t.Errorf("got:\n%s\nwant:\n%s", b.String(), tc.want)
			}
		})
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestFormatWriteError(t *testing.T) {
	r := Result{A: "a", B: "b"}
	if err := r.Format(failWriter{}); err == nil || err.Error() != "disk full" {
		t.Errorf("Format = %v, want the write error", err)
	}
}
