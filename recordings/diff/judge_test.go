package diff

import (
	"strconv"
	"strings"
	"testing"
)

// embeddings is an /v1/embeddings recording of one vector.
func embeddings(input, vector string) string {
	return `{"test_id":` + quote(tid) + `,"request":{"method":"POST","url":"http://localhost:8321/v1/embeddings","headers":{},` +
		`"body":{"model":"all-minilm","input":[` + quote(input) + `]},"endpoint":"/v1/embeddings","model":"all-minilm"},` +
		`"response":{"body":{"__type__":"openai.types.create_embedding_response.CreateEmbeddingResponse","__data__":{"object":"list","model":"all-minilm",` +
		`"data":[{"object":"embedding","index":0,"embedding":` + vector + `}],"usage":{"prompt_tokens":3,"total_tokens":3}}},"is_streaming":false}}`
}

// vec is a vector of n numbers, x, x+step, x+2·step...
func vec(n int, x, step float64) string {
	var b strings.Builder
	b.WriteByte('[')
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.FormatFloat(x+float64(i)*step, 'g', -1, 64))
	}
	return b.String() + "]"
}

// withParams adds members to a JSON object's end.
func withParams(body, members string) string {
	return body[:len(body)-1] + "," + members + "}"
}

// TestJudge: the verdict, severity and first finding of each rule of
// Severity, on recordings made for it (the real pairs of each rule are in
// recordings/review's TestSeverityByHand).
func TestJudge(t *testing.T) {
	withTool := func(id, args, finish string) string {
		return recording(tid, chatBody("0.7", question), completion(id, 1700000000, `""`, finish, toolCall(id, args)))
	}
	text := func(s string) string {
		return recording(tid, chatBody("0.7", question), completion("chatcmpl-A1", 1700000000, quote(s), "stop", ""))
	}
	toolResult := func(callID string) string {
		return chatBody("0.7", question, `{"role":"assistant","content":"","tool_calls":`+toolCall(callID, `{"city":"Paris"}`)+`}`,
			`{"role":"tool","tool_call_id":`+quote(callID)+`,"content":"21 degrees"}`)
	}
	exc := `{"body":null,"is_streaming":false,"is_exception":true,"exception_message":"slow down","exception_data":{"type":"RateLimitError","status_code":429,"message":"slow down"}}`
	for _, tc := range []struct {
		name    string
		a, b    string
		verdict Verdict
		sev     Severity
		result  ResultStatus
		first   string // the first finding
	}{
		{"tool call gone", withTool("call_1", `{"city":"Paris"}`, "tool_calls"), base,
			VerdictChanged, SeverityHigh, ResultChanged, "tool call get_weather gone"},
		{"tool call arguments as parsed JSON", withTool("call_1", `{"city":"Paris"}`, "tool_calls"), withTool("call_1", `{"city":"Lyon"}`, "tool_calls"),
			VerdictChanged, SeverityHigh, ResultChanged, `tool call get_weather: city "Paris" → "Lyon"`},
		// #3737's book_flight: arguments whose members are JSON text,
		// compared as that JSON by path; the new side's passenger is no
		// longer valid JSON, said first.
		{"arguments holding JSON text", withTool("c", `{"flight":"{\"date\":\"2023-08-20\",\"to\":\"JFK\"}","passenger":"{\"age\":30}"}`, "tool_calls"),
			withTool("c", `{"flight":"{\"date\":\"2023-12-15\",\"to\":\"JFK\"}","passenger":"{\"age\":\", \"name\":\"x\"}"}`, "tool_calls"),
			VerdictChanged, SeverityHigh, ResultChanged, `tool call get_weather: passenger → not valid JSON, flight.date "2023-08-20" → "2023-12-15"`},
		{"arguments no longer JSON", withTool("c", `{"city":"Paris"}`, "tool_calls"), withTool("c", `{"city":"Par`, "tool_calls"),
			VerdictChanged, SeverityHigh, ResultChanged, "tool call get_weather: arguments → not valid JSON"},
		{"arguments spaced otherwise, another call id", withTool("call_1", `{"city": "Paris"}`, "tool_calls"), withTool("call_2", `{"city":"Paris"}`, "tool_calls"),
			VerdictMetadata, SeverityNone, ResultSame, "only ids, timestamps or type names differ"},
		{"finish reason", text("Sunny, 21 degrees."), recording(tid, chatBody("0.7", question), completion("chatcmpl-A1", 1700000000, `"Sunny, 21 degrees."`, "length", "")),
			VerdictChanged, SeverityHigh, ResultChanged, "finish reason stop → length"},
		{"error appeared", base, recording(tid, chatBody("0.7", question), exc),
			VerdictChanged, SeverityHigh, ResultChanged, "error appeared: RateLimitError 429"},
		{"streamed, the same answer", recording(tid, chatBody("0.7", question), stream("c", "Sunny, ", "21 degrees.")), base,
			VerdictChunking, SeverityHigh, ResultChunking, "streamed → not streamed"},
		{"request: a parameter", base, recording(tid, chatBody("0.2", question), completion("chatcmpl-A1", 1700000000, `"Sunny, 21 degrees."`, "stop", "")),
			VerdictRequest, SeverityHigh, ResultSame, "request changed: temperature"},
		{"request: a parameter dropped at its default", recording(tid, withParams(chatBody("0.7", question), `"response_format":{"type":"text"},"n":1`), completion("x", 1, `"Sunny."`, "stop", "")),
			recording(tid, chatBody("0.7", question), completion("x", 1, `"Sunny."`, "stop", "")),
			VerdictRequest, SeverityLow, ResultSame, `response_format {"type":"text"} dropped, n 1 dropped (the API's default)`},
		{"request: a parameter dropped, not at its default", recording(tid, withParams(chatBody("0.7", question), `"n":2`), completion("x", 1, `"Sunny."`, "stop", "")),
			recording(tid, chatBody("0.7", question), completion("x", 1, `"Sunny."`, "stop", "")),
			VerdictRequest, SeverityHigh, ResultSame, "request changed: n"},
		{"request: the recorded endpoint moved", recording(tid, chatBody("0.7", question), completion("x", 1, `"Sunny."`, "stop", "")),
			strings.Replace(recording(tid, chatBody("0.7", question), completion("x", 1, `"Sunny."`, "stop", "")), "8321/v1/chat", "8321/v1/v1/chat", 1),
			VerdictRequest, SeverityLow, ResultSame, "recorded endpoint moved: /v1/chat/completions → /v1/v1/chat/completions, same body, same answer"},
		{"request: another question", text("Sunny, 21 degrees."),
			recording(tid, chatBody("0.7", `{"role":"user","content":"Who is the CEO of Meta?"}`), completion("x", 1, `"Mark Zuckerberg."`, "stop", "")),
			VerdictChanged, SeverityHigh, ResultChanged, `different question: "Weather in Paris?" → "Who is the CEO of Meta?"`},
		{"request: the question in other words", recording(tid, chatBody("0.7", `{"role":"user","content":"What is the weather in Paris today, and should I take an umbrella with me?"}`), completion("x", 1, `"Sunny."`, "stop", "")),
			recording(tid, chatBody("0.7", `{"role":"user","content":"What is the weather in Paris today, and should I take an umbrella along with me?"}`), completion("x", 1, `"Sunny."`, "stop", "")),
			VerdictRequest, SeverityHigh, ResultSame, `request changed: messages[0].content (nothing → "along")`},
		// #4103's weather answer, shortened: a long answer reworded, its
		// made-up temperature another.
		{"a figure inside a reworded answer", text(strings.Repeat("San Francisco is lovely. ", 12) + "It is a fine day, around 58°F (14°C) with a light wind from the west and some fog."),
			text(strings.Repeat("San Francisco is lovely. ", 12) + "The sky is partly cloudy, the temperature around 68 degrees Fahrenheit (20 degrees Celsius) and a gentle breeze."),
			VerdictChanged, SeverityHigh, ResultChanged, "number changed: 58 °F → 68 °F, 14 °C → 20 °C"},
		{"request: ids carried from the answer only", recording(tid, toolResult("call_1"), completion("x", 1, `"21 degrees in Paris."`, "stop", "")),
			recording(tid, toolResult("call_9"), completion("x", 1, `"21 degrees in Paris."`, "stop", "")),
			VerdictSame, SeverityLow, ResultSame, "request differs only in ids (id, tool_call_id)"},
		{"another number", text("It is 21 degrees."), text("It is 25 degrees."),
			VerdictChanged, SeverityHigh, ResultChanged, "answer changed: 21 → 25"},
		{"a few words", text("Sunny, 21 degrees in Paris today."), text("Sunny and 21 degrees in Paris."),
			VerdictChanged, SeverityLow, ResultChanged, "answer: -1 +1 words"}, // "today" out, "and" in
		{"reworded", text("Sunny, 21 degrees."), text("Expect sunshine all day, with the thermometer at 21 degrees and a light wind."),
			// The words of the word diff's edits as shown: its cleanup folds
			// the shared "21 degrees" into the edit around it.
			VerdictChanged, SeverityMedium, ResultChanged, "answer reworded: -3 +14 words"},
		{"the same JSON spelled otherwise", text(`{"city": "Paris", "degrees": 21}`), text(`{"degrees":21,"city":"Paris"}`),
			VerdictSame, SeverityLow, ResultSame, "answer spelled differently (the same JSON)"},
		{"white space", text(`{"name":"get_weather","parameters {"city": "Tokyo"}}`), text(`{"name":"get_weather","parameters {"city":"Tokyo"}}`),
			VerdictSame, SeverityLow, ResultSame, "answer differs in white space only"},
		{"embedding of another dimension", embeddings("hello", vec(16, 0.1, 0.01)), embeddings("hello", vec(12, 0.1, 0.01)),
			VerdictChanged, SeverityHigh, ResultChanged, "embedding 16 → 12 numbers"},
		{"embedding of another meaning", embeddings("hello", vec(16, 0.1, 0.01)), embeddings("hello", vec(16, 0.25, -0.03)),
			VerdictChanged, SeverityHigh, ResultChanged, "embedding changed (cosine"},
		{"embedding moved by float noise", embeddings("hello", vec(16, 0.1, 0.01)), embeddings("hello", vec(16, 0.10005, 0.01)),
			VerdictSame, SeverityNone, ResultSame, "1 embedding moved by at most"},
		{"usage alone", base, strings.Replace(base, `"completion_tokens":5,"total_tokens":17`, `"completion_tokens":7,"total_tokens":19`, 1),
			VerdictSame, SeverityNone, ResultSame, "usage moved (completion_tokens 5 → 7, 1 more)"},
		{"unchanged", base, base, VerdictUnchanged, SeverityNone, ResultSame, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			j := Compare(parse(t, "a.json", tc.a), parse(t, "b.json", tc.b)).Judgement
			first := ""
			if len(j.Findings) > 0 {
				first = j.Findings[0].Text
			}
			if j.Verdict != tc.verdict || j.Severity != tc.sev || j.Result != tc.result || !strings.HasPrefix(first, tc.first) {
				t.Errorf("got %s / %s / %s / %q\nwant %s / %s / %s / %q\nfindings %v",
					j.Verdict, j.Severity, j.Result, first, tc.verdict, tc.sev, tc.result, tc.first, j.Findings)
			}
			if tc.first == "" && first != "" {
				t.Errorf("findings %v, want none", j.Findings)
			}
		})
	}
}

func TestSimilarity(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want float64
	}{
		{"Who is the CEO of Meta?", "Hello", 0},
		{"How does machine learning improve over time?", "This is a test file 1", 0},
		{"Test trace openai 0", "Test trace openai 1", 0.75},
		{"What's the weather in Tokyo?", "what's the WEATHER in Tokyo", 1},
		{"", "", 1},
		{"a b c d e f g h i j", "a b c d e f g h i k", 0.9},
	} {
		if got := Similarity(tc.a, tc.b); got != tc.want {
			t.Errorf("Similarity(%q, %q) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}
