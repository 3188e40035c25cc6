package pageworker

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/recview/recview/recordings/diff"
	"github.com/recview/recview/recordings/permalink"
)

// TestMessagesRoundTrip: every message reads back, from its body, as it
// was posted, and its kind is its own.
func TestMessagesRoundTrip(t *testing.T) {
	msgs := []Message{
		&Ready{},
		&Failure{Err: "the worker cannot start"},
		&Review{GitHub: &permalink.Review{Kind: permalink.ReviewPR, Owner: "ogx-ai", Repo: "ogx", Number: 3681}},
		&Review{},
		&ReviewFolder{Side: "base", Paths: []string{"a/b.json", "a/c.json"}},
		&Status{Phase: "Comparing", Done: 3, Total: 7, Rate: "57 of 60 GitHub API requests left", Notes: []string{"x"}},
		&Report{Rows: []Row{{Base: "a.json", Head: "b.json", Change: "renamed", Request: "same", Result: "changed", MetadataOnly: true,
			TestID: "t.py::test_x", Endpoint: "/v1/chat/completions", Name: "stale", Severity: "high", Verdict: "changed result", Why: "line\nbreak",
			Meaningful: true, Err: "base: <b>", Digest: "9e9e"}, {Head: "c.json"}},
			Verdicts: []Count{{Of: "changed result", N: 1}}, Changes: []Count{{Of: "renamed", N: 2}}, Skipped: 1,
			Multiplied: []TestCount{{TestID: "t", Base: 1, Head: 75}}, MultipliedAdded: 74, Files: []FileRef{{Side: "head", Path: "b.json"}}},
		&ReplayAdd{Items: []Item{{Path: "p.json", Size: 2}}, Tests: []string{"tests/t.py"}},
		&ReplayReport{ID: 4, Compare: true},
		&NotFound{ID: 5, Text: "Recording not found for request hash: abc"},
		&Answer{ID: 5, HTML: `<section class="notfound"></section>`},
		&Answer{ID: 6, HTML: `<div>head</div>`, Folds: []Fold{{Name: "never", Summary: "<span>s</span>", Body: "<div>b</div>"}}},
		&Compare{ID: 7, Names: [2]string{"a.json", "b.json"}},
		&Answer{ID: 7, Comparison: &Comparison{Text: map[int][]diff.Span{0: {{Op: diff.OpEqual, Text: "a "}, {Op: diff.OpAdded, Text: "b"}}}, Finish: map[int]bool{1: true}}},
		&Answer{ID: 8, Err: "b.json: not a recording"},
		&ReadCassette{ID: 9, Name: "test_x.yaml"},
		&Warm{Paths: []string{"samples/a.json", "samples/b.json"}},
		&WriteComment{ID: 10, Viewer: "https://recview.example/", ChangeSet: "ogx-ai/ogx#3978", Decisions: []Decided{
			{Digest: strings.Repeat("0a", 16), Decision: "flag", Note: "the tool call is gone | <b>"}, {Digest: strings.Repeat("1b", 16), Decision: "accept"}}},
		&Answer{ID: 10, Comment: &Comment{Markdown: "<!-- recview -->\n### x\n", File: `{"recview":"decisions"}`, Flagged: 1, Accepted: 2,
			Undecided: 3, UndecidedHigh: 1, OtherFlagged: 4, OtherAccepted: 5, Stale: 6}},
		&Answer{ID: 9, Cassette: &Cassette{Recorder: "vcrpy", Interactions: []Interaction{
			{Method: "POST", URI: "https://api.example/v1/chat/completions", Status: 200, Streamed: true,
				Secrets:   []string{"credential recorded in request header Authorization: Bearer sk-p… (56 characters)"},
				Recording: json.RawMessage(`{"request":{"url":"https://api.example/v1/chat/completions"}}`)}}}},
	}
	kinds := map[Kind]bool{}
	for _, m := range msgs {
		kinds[m.Kind()] = true
		body, err := Encode(m)
		if err != nil {
			t.Fatalf("%T: %v", m, err)
		}
		// A fresh value of m's type.
		fresh := map[Kind]func() Message{
			KindReady: func() Message { return &Ready{} }, KindFailure: func() Message { return &Failure{} },
			KindReview: func() Message { return &Review{} }, KindStatus: func() Message { return &Status{} },
			KindReport: func() Message { return &Report{} }, KindReplayAdd: func() Message { return &ReplayAdd{} },
			KindReplayReport: func() Message { return &ReplayReport{} }, KindNotFound: func() Message { return &NotFound{} },
			KindAnswer: func() Message { return &Answer{} }, KindCompare: func() Message { return &Compare{} },
			KindCassette: func() Message { return &ReadCassette{} }, KindReviewFolder: func() Message { return &ReviewFolder{} },
			KindComment: func() Message { return &WriteComment{} }, KindWarm: func() Message { return &Warm{} },
		}[m.Kind()]()
		if err := Decode(m.Kind(), body, fresh); err != nil {
			t.Fatalf("%T: %v\n%s", m, err, body)
		}
		if diff := cmp.Diff(m, fresh); diff != "" {
			t.Errorf("%T (-posted +read):\n%s", m, diff)
		}
	}
	if len(kinds) != 14 {
		t.Errorf("%d kinds among the messages, want the fourteen of the protocol", len(kinds))
	}
}

func TestDecodeErrors(t *testing.T) {
	if err := Decode(KindStatus, []byte(`{}`), &Answer{}); err == nil || !strings.Contains(err.Error(), `"status" message where "answer"`) {
		t.Errorf("a status read as an answer: %v", err)
	}
	if err := Decode(KindAnswer, []byte(`{"id":`), &Answer{}); err == nil || !strings.Contains(err.Error(), `"answer"`) {
		t.Errorf("a truncated answer: %v", err)
	}
	if err := Decode(KindReport, []byte("{}\n{\"base\":"), &Report{}); err == nil || !strings.Contains(err.Error(), "line 2") {
		t.Errorf("a report cut in its first row: %v", err)
	}
	for _, bad := range []string{`{"severity":1}`, `{"meaningful":"yes"}`, `[]`} {
		if err := Decode(KindReport, []byte("{}\n{}\n"+bad), &Report{}); err == nil || !strings.Contains(err.Error(), "line 3") {
			t.Errorf("a row %s read with %v, want an error naming line 3", bad, err)
		}
	}
	// What encoding/json would read: null and absent fields as zero,
	// unknown ones ignored, escapes unescaped.
	var r Report
	if err := Decode(KindReport, []byte(`{}`+"\n"+`{"base":null,"why":"a\u0020\"b\"","meaningful":true,"extra":[1]}`), &r); err != nil ||
		len(r.Rows) != 1 || r.Rows[0] != (Row{Why: `a "b"`, Meaningful: true}) {
		t.Errorf("a row read as %+v, %v", r.Rows, err)
	}
}

// TestReportLines: a report is one line, then one line a row, and the
// reader pauses after each row.
func TestReportLines(t *testing.T) {
	rep := &Report{Rows: make([]Row, 5), Skipped: 2}
	for i := range rep.Rows {
		rep.Rows[i].Head = strings.Repeat("x", i) + "\n.json"
	}
	body, err := EncodeReport(rep)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(body), "\n"); n != 5 {
		t.Errorf("%d line breaks for 5 rows:\n%s", n, body)
	}
	pauses := 0
	got, err := DecodeReport(body, func() { pauses++ })
	if err != nil || pauses != 5 || !cmp.Equal(rep, got) {
		t.Errorf("read back %+v (%d pauses, %v), want %+v", got, pauses, err, rep)
	}
}

// BenchmarkDecodeReport reads a report of 413 rows (ogx's #3681 has as
// many pairs), each as long as a real one, as the page does when the
// review's worker answers.
func BenchmarkDecodeReport(b *testing.B) {
	rep := &Report{Verdicts: []Count{{Of: "changed result", N: 400}}, Changes: []Count{{Of: "renamed", N: 115}}}
	for i := range 413 {
		rep.Rows = append(rep.Rows, Row{
			Base: "tests/integration/inference/recordings/" + strings.Repeat("0f", 32) + ".json", Head: "tests/integration/common/recordings/" + strings.Repeat("a1", 32) + ".json",
			Change: "renamed", Request: "same", Result: "changed", TestID: "tests/integration/inference/test_openai_completion.py::test_openai_chat_completion_streaming[txt=ollama/llama3.2:3b-instruct-fp16-inference:chat_completion:streaming_01]",
			Endpoint: "/v1/chat/completions", Name: "ok", Why: "answer reworded: -31 +33 words (tool call get_weather arguments changed)", Severity: "medium",
			Verdict: "changed result", Meaningful: i%3 != 0, Digest: strings.Repeat("9e", 16)})
	}
	data, err := EncodeReport(rep)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := DecodeReport(data, func() {}); err != nil {
			b.Fatal(err)
		}
	}
}

// TestReviewFolderJSON: a ReviewFolder written by hand reads back, by
// encoding/json, as the folder it was (what the worker decodes), for
// paths with quotes, backslashes, control characters, non-ASCII text and
// HTML's special characters, and for none.
func TestReviewFolderJSON(t *testing.T) {
	for _, f := range []ReviewFolder{
		{Side: "head", Paths: []string{"a/b.json", `q"uote\back.json`, "tab\tnew\nline\x01.json", "é/日本/🙂.json", "<a>&b.json", ""}},
		{Side: "base", Paths: []string{}},
		{Side: "base"},
	} {
		body, err := Encode(&f)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := json.Marshal(&f)
		var got, exp ReviewFolder
		if err := json.Unmarshal(body, &got); err != nil {
			t.Fatalf("%s: %v", body, err)
		}
		json.Unmarshal(want, &exp)
		if !reflect.DeepEqual(got, exp) {
			t.Errorf("read back %#v, want %#v (encoding/json's %s)", got, exp, want)
		}
	}
}
