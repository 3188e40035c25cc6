package review

import (
	"strings"
	"testing"
)

// TestVerdictsByHand checks a sample of each verdict the real change sets
// hold against what was read by hand from the files (python3: json.load,
// the stream's deltas joined, json.dumps(sort_keys=True) and hashlib for
// the hashes, difflib for the bytes). What was found is written by each
// case. Verdicts the real sets do not hold (different chunking, changed
// request, unreadable) are checked on constructed pairs in
// TestConstructed.
func TestVerdictsByHand(t *testing.T) {
	type want struct {
		suffix   string // of the pair's base or head path
		change   Change
		verdict  Verdict
		request  RequestStatus
		result   ResultStatus
		metaOnly bool
		name     NameStatus
		why      []string // each in the pair's findings (its Why is the first of them)
	}
	cases := map[string][]want{
		"qwen3-rerecord-3978": {
			// The same request; the one tool call's arguments went from
			// {"celcius": null, "liquid_name": "polyjuice"} to
			// {"celcius": false, ...}; usage the same (31, 216).
			{"214aef96107c5b061ce3bcd25c78394ec74b113acf60c2b2834ebd339a2aea96.json", Modified, VerdictChanged, RequestSame, ResultChanged, false, NameOK,
				[]string{"tool call get_boiling_point_with_metadata: celcius null → false"}},
			// Base: a tool call get_weather {"city": "New York"},
			// finish_reason tool_calls. Head: no tool call, the call
			// written as text ({"name":"get_weather","parameters={"city":...}}),
			// finish_reason stop.
			{"2a5013730936b86b2fd76564de3a35310d648076eaa29de10a0e8efa68d088cf.json", Modified, VerdictChanged, RequestSame, ResultChanged, false, NameOK,
				[]string{"tool call get_weather gone", "finish reason tool_calls → stop"}},
			// Base: text {"name":"complex","parameters":{}"}} (3 words),
			// stop. Head: a tool call simple {"x": "1"}, tool_calls;
			// completion_tokens 10 → 16.
			{"12ea4e4a2705b0589c186d9d068bac0afa6d2385867afa554c6c672722a4e1c0.json", Modified, VerdictChanged, RequestSame, ResultChanged, false, NameOK,
				[]string{"answer: -3 +0 words", "tool call simple added", "finish reason stop → tool_calls", "usage moved (completion_tokens 10 → 16"}},
			// finish_reason stop → length (max_tokens hit), 10 → 20
			// completion tokens.
			{"3a680a3aabcdeab5d9a7cf137c2d4cb9dbd89b4a42691835373be5655e288f8c.json", Modified, VerdictChanged, RequestSame, ResultChanged, false, NameOK,
				[]string{"finish reason stop → length", "usage moved (completion_tokens 10 → 20"}},
			// The same call get_weather {"city": "Tokyo"}; its id
			// (call_6nqo069h / call_xbuc1qmx) and completion_tokens
			// (18 → 14) differ: usage alone never makes a change.
			{"2172059863d4d17e7525483102a6753617b60a8c33ece637db18061d23086536.json", Modified, VerdictSame, RequestSame, ResultSame, false, NameOK,
				[]string{"usage moved (completion_tokens 18 → 14"}},
			// diff of the files: one line, the tool call's id.
			{"0672151405782409929e4fcb9a130bd533b227d68adce923498e858ff3c4330f.json", Modified, VerdictMetadata, RequestSame, ResultSame, true, NameOK,
				[]string{"only ids"}},
		},
		"normalize-ids-3676": {
			// diff of the files: "id" chatcmpl-… → rec-…, "created" →
			// 0, created_at → 1970-01-01, Ollama's durations → 0. The
			// name is the 2025 recorder's 12-hex v0 hash: stale, today's
			// recorder looks for the current scheme's 64-hex name.
			{"2a5a4e821bc8.json", Modified, VerdictMetadata, RequestSame, ResultSame, true, NameStale, []string{"only ids"}},
			// json.dumps({"method", "endpoint": urlparse(url).path, "body"},
			// sort_keys=True) hashes to c6f4b8c1d375…, not 1d82e9439ae3:
			// no scheme explains the name.
			{"1d82e9439ae3.json", Added, VerdictAdded, "", "", false, NameMismatch,
				[]string{"request hashes to c6f4b8c1d375.json"}},
		},
		"test-isolation-3681": {
			// The same request (messages [{"user", "Test trace openai
			// 0"}]); the base name is the v0 hash of it, the head name the
			// current scheme's with "test_id": null; the answers differ
			// ("I'm happy to help you test…" / "I'm not capable of…").
			// git pairs this base file with 1222cc… (R072), a request for
			// "Which planet do humans live on?": not the same recording.
			{"140187e305dc.json", Renamed, VerdictChanged, RequestSame, ResultChanged, false, NameOK,
				[]string{"renamed: test_id entered the hash (v0-no-test_id-raw-body → current)", "answer reworded: "}},
			{"1222cc2a1817ea0c0102021b088b65955fbb15fabd608e3ba97b4f91f7c053aa.json", Added, VerdictAdded, "", "", false, NameOK, nil},
			// The same embeddings request; the 384 numbers differ by at
			// most 5.7352e-05.
			{"dee1518c6628.json", Renamed, VerdictSame, RequestSame, ResultSame, false, NameOK,
				[]string{"1 embedding moved by at most 5.74e-05"}},
			// diff of the files: the head adds "test_id": null, nothing
			// else.
			{"1e11c2b20ff8.json", Renamed, VerdictMetadata, RequestSame, ResultSame, true, NameOK,
				[]string{"test_id entered the hash"}},
			// The same bytes under a new name; the file holds no test_id,
			// and its request hashes under the current scheme (test_id
			// None) to 009d5a015c45…, another file of the head tree.
			{"044dcd8fdeb1.json", Renamed, VerdictUnchanged, RequestSame, ResultSame, false, NameMismatch,
				[]string{"identical content", "request hashes to 009d5a015c45….json"}},
			// Ollama /api/ps: {"models": []} then one model (llama3.2:3b).
			{"d0ac68cbde69.json", Renamed, VerdictEnvironment, RequestSame, ResultEnvironment, false, NameOK,
				[]string{"environment"}},
		},
		"instructions-param-3741": {
			// A /v1/models list new in head.
			{"models-64a2277c90f0f42576f60c1030e3a020403d34a95f56931b792d5939f4cebc57-abd54ea0.json", Added, VerdictEnvironment, "", "", false, NameOK, nil},
			// The same request; 8 → 50 completion tokens of other text.
			{"4da32cdf48ae4c3b381e3557edb99afa0ff16a609aaa941737e99606961a6a07.json", Modified, VerdictChanged, RequestSame, ResultChanged, false, NameOK,
				[]string{"answer reworded: -6 +45 words", "usage moved (completion_tokens 8 → 50"}},
		},
	}
	for name, wants := range cases {
		base, head := subset(t, name)
		res := review(t, base, head)
		for _, w := range wants {
			t.Run(name+"/"+w.suffix[:12], func(t *testing.T) {
				p := find(t, res, w.suffix)
				if p.Change != w.change || p.Verdict != w.verdict || p.Request != w.request || p.Result != w.result ||
					p.MetadataOnly != w.metaOnly || p.Name != w.name {
					t.Errorf("got %s / %s / request %q / result %q / metadata only %v / name %q\nwant %s / %s / %q / %q / %v / %q\nwhy: %s",
						p.Change, p.Verdict, p.Request, p.Result, p.MetadataOnly, p.Name,
						w.change, w.verdict, w.request, w.result, w.metaOnly, w.name, p.Why)
				}
				for _, s := range w.why {
					if !strings.Contains(findings(p), s) {
						t.Errorf("findings %q lack %q", findings(p), s)
					}
				}
			})
		}
	}
}

// findings is the texts of a pair's findings, joined by "; ".
func findings(p Pair) string {
	var s []string
	for _, f := range p.Findings {
		s = append(s, f.Text)
	}
	return strings.Join(s, "; ")
}
