package review

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestSeverityByHand checks each severity rule (diff.Severity,
// docs/review.md) on a real pair of ogx's change sets. What each pair
// holds was read from its two files (python3: json.load, the stream's
// deltas joined, the request bodies compared key by key), and is written
// by each case. The rules no real pair holds (an error appearing or
// going, a response streamed or not, an embedding of another meaning, a
// yes that became a no) are checked on made pairs in recordings/diff's
// TestJudge.
func TestSeverityByHand(t *testing.T) {
	type want struct {
		suffix  string // of the pair's base or head path
		sev     Severity
		verdict Verdict
		finding []string // each in the pair's findings
	}
	cases := map[string][]want{
		full4103: {
			// Base: the call written as text ({"name": "book_flight",
			// "parameters": {...}}), finish_reason stop. Head: a tool call
			// book_flight, finish_reason tool_calls.
			{"95be86b56c9f5f688bfb396933972ec68f056ccbdc10bee6610d2c6722761d5a.json", SeverityHigh, VerdictChanged,
				[]string{"tool call book_flight added", "finish reason stop → tool_calls"}},
			// Base: "I can’t help with this. Is there something else you
			// need?" Head: "Michael Jordan was born in the year of ".
			{"0a2adfcbd0a23b2d7713b678c5fbf3eff74e4fbf0d1de5740bb983492bea9a2d.json", SeverityHigh, VerdictChanged,
				[]string{"answer changed: refusal gone"}},
			// "The capital of the United States is Washington, D.C. …" →
			// "… of the United States of America is …": two words.
			{"3d2d95c9e7f6a2e434c69fb2d5ff50a3cce15ef5f308d5443beebd71a7dc7818.json", SeverityLow, VerdictChanged,
				[]string{"answer: -0 +2 words"}},
			// {"first_name": "Michael", "last_name": "Jordan",
			// "year_of_birth": 1963} against the same object with a space
			// after "{" and before ",".
			{"50fe7d08e8a84d609b5d189fcf303f28abe6244b50d92a81ce25703890d3968e.json", SeverityLow, VerdictSame,
				[]string{"answer spelled differently (the same JSON)"}},
			// A new recording of a guardrail test that had 1 and has 75.
			{"025c36f9316fb9ea6f443ab59c8463be6e6e5b451d7775ff4a836c7333935d92.json", SeverityLow, VerdictAdded,
				[]string{"test went from 1 to 75 recordings"}},
		},
		full3737: {
			// Base: request.url …/v1/v1/completions (family openai-
			// completions), head …/v1/v1/chat/completions; the bodies the
			// same (messages, tools, model: compared key by key); both
			// answers one tool call get_weather {"city":"Tokyo"} (ids
			// call_9732h2cb and call_lv9fe61b): the same result, read
			// across the two families. Only where the call was recorded
			// moved: low, and the family change is that move.
			{"7794d17cdf3672c5508ce0b07b0622513134f71115f13dd5e65ddae9f2b54862.json", SeverityLow, VerdictRequest,
				[]string{"recorded endpoint moved: /v1/v1/completions → /v1/v1/chat/completions, same body, same answer"}},
			// The same URL move; the answers "The Latin name for the Sun is
			// Sol." (7 words) and "The Sun is commonly referred to as Sol
			// in Latin." (10): compared as text, never "-8 +0 words"; the
			// rewording is what matters.
			{"36968c3ac66be305df6bdac7b747612e4e6645cf3bfcec16f96a41397cbfd5aa.json", SeverityMedium, VerdictChanged,
				[]string{"answer reworded: -7 +9 words", "recorded endpoint moved: /v1/v1/completions → /v1/v1/chat/completions, same body"}},
			// The head request has no "response_format": {"type": "text"},
			// the API's default; both answers "The capital of France is
			// Paris."
			{"55c7250c01acd7f27b62fa966eae24af54de6d7e0e393918c58ac7215c60a29f.json", SeverityLow, VerdictRequest,
				[]string{`response_format {"type":"text"} dropped (the API's default)`}},
			// "Blue.\n\nMy answer is …" → "purple.\n\nThis is …".
			{"c9f153318fe61fb66b52b29c940a2decc5def5e2c19069e084ccfc0b0f5705b3.json", SeverityHigh, VerdictChanged,
				[]string{`answer changed: "blue" → "purple"`}},
			// The same request ("Test dimensions parameter", dimensions 16):
			// 384 numbers in base, 16 in head.
			{"73901e939ef12a9e015f47ad3886700de695975e8d1f43a22b580d788aa8e642.json", SeverityHigh, VerdictChanged,
				[]string{"embedding 384 → 16 numbers"}},
			// The requests differ in messages[2].tool_calls[0].id and
			// messages[3].tool_call_id only (call_p77md7it → call_ixvkq8fh),
			// ids of the model's earlier answer; git renames it (R094).
			{"4fc6b187aa6b7f051b9ff2fa2e0fff98710f05ab321a04ab003ccdb1a5ba718f.json", SeverityLow, VerdictSame,
				[]string{"request differs only in ids (id, tool_call_id)"}},
			// Answers {"name":"get_weather","parameters {"city": "Tokyo"}}
			// and the same without the space after the colon.
			{"5ae0fe8a12bcbdc6790a759957aef63ebe279ddffb1248b805ff8c22e4d95119.json", SeverityLow, VerdictSame,
				[]string{"answer differs in white space only"}},
		},
		filepath.Join("testdata", "qwen3-rerecord-3978"): {
			// The one call's arguments {"celcius": null, …} → {"celcius":
			// false, …}.
			{"214aef96107c5b061ce3bcd25c78394ec74b113acf60c2b2834ebd339a2aea96.json", SeverityHigh, VerdictChanged,
				[]string{"tool call get_boiling_point_with_metadata: celcius null → false"}},
			// A tool call get_weather {"city":"New York"} → the call written
			// as text; finish_reason tool_calls → stop.
			{"2a5013730936b86b2fd76564de3a35310d648076eaa29de10a0e8efa68d088cf.json", SeverityHigh, VerdictChanged,
				[]string{"tool call get_weather gone", "finish reason tool_calls → stop"}},
			// max_tokens 20: "Hello! How can I help you today?" (stop) →
			// "Hello! It's nice to meet you. …" cut (length).
			{"3a680a3aabcdeab5d9a7cf137c2d4cb9dbd89b4a42691835373be5655e288f8c.json", SeverityHigh, VerdictChanged,
				[]string{"finish reason stop → length"}},
			// completion_tokens 18 → 14; the same call get_weather
			// {"city": "Tokyo"} under another id.
			{"2172059863d4d17e7525483102a6753617b60a8c33ece637db18061d23086536.json", SeverityNone, VerdictSame,
				[]string{"usage moved (completion_tokens 18 → 14"}},
		},
		filepath.Join("testdata", "instructions-param-3741"): {
			// "The capital of Italy is Rome." → 45 more words about Rome
			// (the seat of the EU...): Rome stays, the rest is new.
			{"4da32cdf48ae4c3b381e3557edb99afa0ff16a609aaa941737e99606961a6a07.json", SeverityMedium, VerdictChanged,
				[]string{"answer reworded: -6 +45 words"}},
		},
		filepath.Join("testdata", "normalize-ids-3676"): {
			// ids chatcmpl-… → rec-…, created → 0.
			{"2a5a4e821bc8.json", SeverityNone, VerdictMetadata, []string{"only ids"}},
		},
		full3681: {
			// Ollama /api/ps: {"models": []}, then one model.
			{"d0ac68cbde69.json", SeverityNone, VerdictEnvironment, []string{"environment"}},
			// The 384 numbers moved by at most 5.7352e-05.
			{"dee1518c6628.json", SeverityNone, VerdictSame, []string{"1 embedding moved by at most 5.74e-05 (float noise)"}},
			{"044dcd8fdeb1.json", SeverityNone, VerdictUnchanged, []string{"identical content"}},
		},
	}
	for set, wants := range cases {
		var base, head []File
		if strings.HasSuffix(set, ".tar.gz") {
			base, head, _ = readChangeSet(t, set)
		} else {
			base, head = readTree(t, filepath.Join(set, "base")), readTree(t, filepath.Join(set, "head"))
		}
		res := review(t, base, head)
		for _, w := range wants {
			t.Run(filepath.Base(set)+"/"+w.suffix[:12], func(t *testing.T) {
				p := find(t, res, w.suffix)
				if p.Severity != w.sev || p.Verdict != w.verdict {
					t.Errorf("%s / %s, want %s / %s; findings %q", p.Severity, p.Verdict, w.sev, w.verdict, findings(p))
				}
				for _, s := range w.finding {
					if !strings.Contains(findings(p), s) {
						t.Errorf("findings %q lack %q", findings(p), s)
					}
				}
				// The first finding, cut with "…" when it alone is longer
				// than diff.MaxWhy.
				if !strings.HasPrefix(findings(p), strings.TrimSuffix(p.Why, "…")) {
					t.Errorf("why %q is not the first of the findings %q", p.Why, findings(p))
				}
			})
		}
	}
}
