package review

import (
	"errors"
	"path"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/recview/recview/recordings"
	"github.com/recview/recview/recordings/reqhash"
)

// chat is a recording of one streamed OpenAI chat call, in the shape the
// recorder writes (see recordings/diff's example): TEMP is the
// temperature, HOST the URL's host, and CHUNKS the chunks' texts, each
// {"content": ...} delta of its own, the last one with finish_reason
// "stop".
func chat(testID, host, temp string, chunks ...string) string {
	var cs []string
	for i, c := range chunks {
		fin := "null"
		if i == len(chunks)-1 {
			fin = `"stop"`
		}
		cs = append(cs, `{"__type__": "openai.types.chat.chat_completion_chunk.ChatCompletionChunk", "__data__": {"id": "chatcmpl-`+
			host+`", "object": "chat.completion.chunk", "created": 17538148`+temp+`, "model": "llama3.2:3b", "choices": [{"index": 0, "delta": {"role": "assistant", "content": `+
			c+`}, "finish_reason": `+fin+`}]}}`)
	}
	return `{"test_id": ` + testID + `, "request": {"method": "POST", "url": "http://` + host + `:11434/v1/chat/completions", "headers": {},
  "body": {"model": "llama3.2:3b", "messages": [{"role": "user", "content": "Say hello"}], "temperature": ` + temp + `, "stream": true},
  "endpoint": "/v1/chat/completions", "model": "llama3.2:3b"},
  "response": {"is_streaming": true, "body": [` + strings.Join(cs, ", ") + `]}}`
}

// plain is a non-streamed recording of endpoint with the response body
// BODY (or an exception when BODY starts with "exception:").
func plain(testID, endpoint, body string) string {
	resp := `{"is_streaming": false, "body": ` + body + `}`
	if e, ok := strings.CutPrefix(body, "exception:"); ok {
		resp = `{"is_streaming": false, "body": null, "is_exception": true, "exception_message": "slow down",
  "exception_data": {"type": "RateLimitError", "status_code": ` + e + `, "message": "slow down"}}`
	}
	return `{"test_id": ` + testID + `, "request": {"method": "POST", "url": "http://localhost:11434` + endpoint + `", "headers": {},
  "body": {"model": "llama3.2:3b", "messages": [{"role": "user", "content": "Hi"}]}, "endpoint": "` + endpoint + `", "model": "llama3.2:3b"},
  "response": ` + resp + `}`
}

// completion is a chat.completion body saying text.
func completion(text string) string {
	return `{"__type__": "openai.types.chat.chat_completion.ChatCompletion", "__data__": {"id": "x", "object": "chat.completion", "created": 1, "model": "llama3.2:3b",
  "choices": [{"index": 0, "message": {"role": "assistant", "content": "` + text + `"}, "finish_reason": "stop"}]}}`
}

// named is a file in dir named as the recorder names its recording: the
// current scheme's hash of its request.
func named(t *testing.T, dir, doc string) File {
	t.Helper()
	r, err := recordings.Parse("x.json", []byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	hs, err := reqhash.ForRequest(r.Doc)
	if err != nil {
		t.Fatal(err)
	}
	return File{Path: dir + "/" + hs[0].FileName, Data: []byte(doc)}
}

const testA = `"tests/integration/test_a.py::test_hello"`

// TestConstructed checks the verdicts and pairings the real change sets
// lack on pairs made for the purpose.
func TestConstructed(t *testing.T) {
	const dir = "tests/integration/recordings"
	hello2 := chat(testA, "localhost", "0.7", `"Hel"`, `"lo!"`)
	hello3 := chat(testA, "localhost", "0.7", `"H"`, `"ello"`, `"!"`)
	hello3Cold := chat(testA, "localhost", "0.2", `"H"`, `"ello"`, `"!"`)
	hello3Host := strings.Replace(chat(testA, "0.0.0.0", "0.7", `"H"`, `"ello"`, `"!"`), `"headers": {}`, `"headers": {"X-Trace": "1"}`, 1)
	ok := plain(testA, "/v1/chat/completions", completion("Hi there"))
	rateLimited := plain(testA, "/v1/chat/completions", "exception:429")

	t.Run("same result, different chunking", func(t *testing.T) {
		f := named(t, dir, hello2)
		g := File{Path: f.Path, Data: []byte(hello3)}
		p := only(t, []File{f}, []File{g})
		check(t, p, Modified, VerdictChunking, SeverityNone, RequestSame, ResultChunking, false, "chunks 2 → 3")
	})
	t.Run("changed request, near twin", func(t *testing.T) {
		// The temperature changed, so did the hash and the name: the two
		// files pair as one recording, renamed for that field.
		p := only(t, []File{named(t, dir, hello3)}, []File{named(t, dir, hello3Cold)})
		check(t, p, Renamed, VerdictRequest, SeverityHigh, RequestChanged, ResultSame, false, "request changed: temperature")
		if p.Rename != "the request changed" {
			t.Errorf("rename %q, want the request changed", p.Rename)
		}
		if !slices.Equal(p.RequestPaths, []string{"body.temperature"}) {
			t.Errorf("request paths %q, want body.temperature", p.RequestPaths)
		}
	})
	t.Run("what the hash ignores", func(t *testing.T) {
		f := named(t, dir, hello3)
		p := only(t, []File{f}, []File{{Path: f.Path, Data: []byte(hello3Host)}})
		check(t, p, Modified, VerdictSame, SeverityNone, RequestSame, ResultSame, false, "not hashed: url host, headers")
	})
	t.Run("error appeared", func(t *testing.T) {
		f := named(t, dir, ok)
		p := only(t, []File{f}, []File{{Path: f.Path, Data: []byte(rateLimited)}})
		check(t, p, Modified, VerdictChanged, SeverityHigh, RequestSame, ResultChanged, false, "error appeared: RateLimitError 429")
	})
	t.Run("error gone", func(t *testing.T) {
		f := named(t, dir, rateLimited)
		p := only(t, []File{f}, []File{{Path: f.Path, Data: []byte(ok)}})
		check(t, p, Modified, VerdictChanged, SeverityHigh, RequestSame, ResultChanged, false, "error gone (was RateLimitError 429)")
	})
	t.Run("type module renamed", func(t *testing.T) {
		// The llama_stack -> ogx rename, in a tool result's type name.
		tool := func(module string) string {
			return `{"test_id": ` + testA + `, "request": {"test_id": ` + testA + `, "provider": "tavily", "tool_name": "web_search", "kwargs": {"query": "q"}},
  "response": {"is_streaming": false, "body": {"__type__": "` + module + `.tools.ToolInvocationResult", "__data__": {"content": "{\"a\": 1}", "items": [{"__type__": "` + module + `.tools.Item", "__data__": {"x": 1}}]}}}}`
		}
		f := named(t, dir, tool("llama_stack.apis"))
		p := only(t, []File{f}, []File{{Path: f.Path, Data: []byte(tool("ogx_api"))}})
		check(t, p, Modified, VerdictMetadata, SeverityNone, RequestSame, ResultSame, true, "only ids")
	})
	t.Run("environment", func(t *testing.T) {
		tags := func(models string) string {
			return strings.Replace(plain(`null`, "/api/tags", `{"models": [`+models+`]}`), `"method": "POST"`, `"method": "GET"`, 1)
		}
		f := File{Path: dir + "/models-tags.json", Data: []byte(tags(`{"model": "a"}`))}
		p := only(t, []File{f}, []File{{Path: f.Path, Data: []byte(tags(`{"model": "a"}, {"model": "b"}`))}})
		check(t, p, Modified, VerdictEnvironment, SeverityNone, RequestSame, ResultEnvironment, false, "environment")
	})
	t.Run("a test renamed, the same request", func(t *testing.T) {
		// As git's renames of 99 % in ogx's #5229: a test's parameters
		// got other ids, its recordings other names.
		other := strings.Replace(ok, testA, `"tests/integration/test_b.py::test_hi"`, 1)
		p := only(t, []File{named(t, dir, ok)}, []File{named(t, dir, other)})
		check(t, p, Renamed, VerdictSame, SeverityNone, RequestSame, ResultSame, false, "renamed: test_id changed")
	})
	t.Run("another test, another parameter: two recordings", func(t *testing.T) {
		other := strings.Replace(strings.Replace(hello3Cold, testA, `"tests/integration/test_b.py::test_hi"`, 1), `"temperature": 0.2`, `"temperature": 0.3`, 1)
		res := review(t, []File{named(t, dir, hello3Cold)}, []File{named(t, dir, other)})
		// Sorted by test_id: test_a's deleted recording, then test_b's
		// added one.
		if len(res.Pairs) != 2 || res.Pairs[0].Change != Deleted || res.Pairs[1].Change != Added {
			t.Errorf("pairs %+v, want one deleted and one added", res.Pairs)
		}
	})
	t.Run("moved", func(t *testing.T) {
		f := named(t, dir, ok)
		g := File{Path: "tests/integration/inference/recordings/" + f.Path[len(dir)+1:], Data: f.Data}
		p := only(t, []File{f}, []File{g})
		check(t, p, Renamed, VerdictUnchanged, SeverityNone, RequestSame, ResultSame, false, "identical content, moved from tests/integration/recordings/")
	})
	t.Run("answer changed", func(t *testing.T) {
		f := named(t, dir, ok)
		p := only(t, []File{f}, []File{{Path: f.Path, Data: []byte(plain(testA, "/v1/chat/completions", completion("Hello, how are you")))}})
		check(t, p, Modified, VerdictChanged, SeverityMedium, RequestSame, ResultChanged, false, "answer reworded: -2 +4 words")
	})
}

// TestUnreadableAndSkipped: JSON that is not a recording, and files that
// are not JSON outside a recordings folder, are skipped; a recording that
// does not parse is an unreadable pair.
func TestUnreadableAndSkipped(t *testing.T) {
	rec := named(t, "tests/integration/recordings", plain(testA, "/v1/chat/completions", completion("Hi")))
	base := []File{
		{Path: "tsconfig.json", Data: []byte("{ // comments\n}")},
		{Path: "tests/cases.json", Data: []byte(`{"cases": [1, 2]}`)},
		rec,
	}
	head := []File{
		{Path: "tsconfig.json", Data: []byte("{ // comments\n}")},
		{Path: "tests/cases.json", Data: []byte(`{"cases": [1, 2, 3]}`)},
		{Path: rec.Path, Data: rec.Data[:len(rec.Data)/2]},
	}
	res := review(t, base, head)
	checkOnce(t, base, head, res)
	want := []Skipped{
		{Base, "tests/cases.json", "not a recording"}, {Head, "tests/cases.json", "not a recording"},
		{Base, "tsconfig.json", "not JSON"}, {Head, "tsconfig.json", "not JSON"},
	}
	if !slices.Equal(res.Skipped, want) {
		t.Errorf("skipped %v, want %v", res.Skipped, want)
	}
	if len(res.Pairs) != 1 {
		t.Fatalf("%d pairs, want 1", len(res.Pairs))
	}
	p := res.Pairs[0]
	if p.Verdict != VerdictUnreadable || p.Base != rec.Path || p.Head != rec.Path || !strings.Contains(p.Err, "head: ") ||
		!strings.Contains(p.Why, "invalid JSON") || p.Request != "" || p.Result != "" {
		t.Errorf("pair %+v: want unreadable on the head side, invalid JSON", p)
	}
}

// TestSkipIsTheShared: the files Review skips, and their reasons, are
// reqhash.Skip's (the viewer's folder index lists the same files apart
// with the same reasons); a file it refuses to skip (a recordings folder,
// a hashed name) is an unreadable pair.
func TestSkipIsTheShared(t *testing.T) {
	head := []File{
		{Path: "tests/integration/ci_matrix.json", Data: []byte(`{"default": [{"suite": "base", "setup": "ollama"}]}`)},
		{Path: "tests/integration/client-typescript/suites.json", Data: []byte(`[{"suite": "base"}]`)},
		{Path: "tests/integration/client-typescript/tsconfig.json", Data: []byte("{ // comments\n}")},
		{Path: "tests/integration/agents/recordings/notes.json", Data: []byte(`{"notes": []}`)},
		{Path: "tests/integration/" + strings.Repeat("e", 64) + ".json", Data: []byte(`{"request": {`)},
		{Path: "empty.json"},
	}
	res := review(t, nil, head)
	checkOnce(t, nil, head, res)
	want := map[string]string{}
	for _, f := range head {
		_, err := recordings.Parse(f.Path, f.Data)
		want[f.Path] = reqhash.Skip(f.Path, err)
	}
	got := map[string]string{}
	for _, s := range res.Skipped {
		got[s.Path] = s.Reason
	}
	for _, p := range res.Pairs {
		if p.Verdict != VerdictUnreadable {
			t.Errorf("pair %s: %s, want unreadable", p.Head, p.Verdict)
		}
		got[p.Head] = ""
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("skipped (-reqhash.Skip +Review):\n%s", d)
	}
	if n := len(res.Skipped); n != 4 {
		t.Errorf("%d files skipped, want the four that are not recordings outside a recordings folder", n)
	}
}

// TestIdenticalPairsFirst: among recordings of one request and test,
// files with the same bytes pair before the order of their paths says:
// base a holds what head d holds, base b what head c holds (the two
// answers are of one length, so nothing else tells them apart).
func TestIdenticalPairsFirst(t *testing.T) {
	const dir = "tests/integration/recordings"
	x := chat(testA, "localhost", "0.7", `"Hel"`, `"lo!"`)
	y := chat(testA, "localhost", "0.7", `"Hey"`, `"yo!"`)
	base := []File{{Path: dir + "/a.json", Data: []byte(x)}, {Path: dir + "/b.json", Data: []byte(y)}}
	head := []File{{Path: dir + "/c.json", Data: []byte(y)}, {Path: dir + "/d.json", Data: []byte(x)}}
	res := review(t, base, head)
	checkOnce(t, base, head, res)
	var got []string
	for _, p := range res.Pairs {
		got = append(got, path.Base(p.Base)+" "+path.Base(p.Head))
	}
	slices.Sort(got)
	if want := []string{"a.json d.json", "b.json c.json"}; !slices.Equal(got, want) {
		t.Errorf("pairs %q, want %q", got, want)
	}
}

// TestTestCounts: the recordings of each test are counted on each side;
// a test whose recordings multiply is listed by Grown and named in the
// Why of its added recordings.
func TestTestCounts(t *testing.T) {
	const dir = "tests/integration/recordings"
	var base, head []File
	base = append(base, named(t, dir, plain(testA, "/v1/chat/completions", completion("Hi"))))
	head = append(head, base[0])
	for _, q := range []string{"Hi again", "Hi once more", "Hi and bye"} {
		head = append(head, named(t, dir, strings.Replace(plain(testA, "/v1/chat/completions", completion("Hi")), `"content": "Hi"`, `"content": "`+q+`"`, 1)))
	}
	res := review(t, base, head)
	id := strings.Trim(testA, `"`)
	if g := res.Grown(2); len(g) != 1 || g[0] != (TestCount{id, 1, 4}) {
		t.Errorf("grown %v, want %s 1 → 4", g, id)
	}
	for _, p := range res.Pairs {
		if p.Tests != (TestCount{id, 1, 4}) {
			t.Errorf("%s: tests %v", p.Label(), p.Tests)
		}
		if p.Change == Added && !strings.Contains(p.Why, "test has 4 recordings (1 in base)") {
			t.Errorf("%s: why %q", p.Label(), p.Why)
		}
	}
}

func TestBadTree(t *testing.T) {
	f := File{Path: "a.json", Data: []byte("{}")}
	for _, tc := range []struct {
		name       string
		base, head []File
		msg        string
	}{
		{"twice", []File{f, f}, nil, `base: "a.json" given twice`},
		{"empty", nil, []File{{Path: ""}}, "empty path"},
		{"absolute", nil, []File{{Path: "/a.json"}}, "absolute path"},
		{"dot dot", []File{{Path: "a/../b.json"}}, nil, "component"},
		{"backslash", []File{{Path: `a\b.json`}}, nil, `"\"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Review(tc.base, tc.head, nil)
			if !errors.Is(err, ErrBadTree) || !strings.Contains(err.Error(), tc.msg) {
				t.Errorf("error %v, want ErrBadTree with %q", err, tc.msg)
			}
		})
	}
}

// only reviews two trees that must give one pair, and returns it.
func only(t *testing.T, base, head []File) Pair {
	t.Helper()
	res := review(t, base, head)
	checkOnce(t, base, head, res)
	if len(res.Pairs) != 1 {
		var s []string
		for _, p := range res.Pairs {
			s = append(s, string(p.Change)+" "+p.Label())
		}
		t.Fatalf("%d pairs, want 1: %q", len(res.Pairs), s)
	}
	return res.Pairs[0]
}

func check(t *testing.T, p Pair, change Change, v Verdict, sev Severity, req RequestStatus, result ResultStatus, metaOnly bool, why ...string) {
	t.Helper()
	if p.Change != change || p.Verdict != v || p.Severity != sev || p.Request != req || p.Result != result || p.MetadataOnly != metaOnly {
		t.Errorf("got %s / %s / %s / %q / %q / %v, want %s / %s / %s / %q / %q / %v (why: %s)",
			p.Change, p.Verdict, p.Severity, p.Request, p.Result, p.MetadataOnly, change, v, sev, req, result, metaOnly, p.Why)
	}
	for _, w := range why {
		if !strings.Contains(p.Why, w) {
			t.Errorf("why %q lacks %q", p.Why, w)
		}
	}
}
