package review

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/recview/recview/recordings"
	"github.com/recview/recview/recordings/diff"
)

// TestNoFalseTwins: in #3737, eleven deleted recordings without a
// test_id stood beside added ones of the same endpoint that ask
// something else, and the rule of three differing leaves made them
// twins. Each is deleted now, its head counterpart added. The questions,
// read from the files, are in the comments.
func TestNoFalseTwins(t *testing.T) {
	base, head, _ := readChangeSet(t, full3737)
	res := review(t, base, head)
	checkOnce(t, base, head, res)
	for _, name := range []string{
		"e944144fdb97da834af2cdeab44762241f9f39a8f67bb62e8387b7ad8a2dcfc1.json", // "Test OpenAI telemetry creation"; def4979ac980 asks "What's the weather in Tokyo?"
		"10ece70d06dbc674e26ae82aeed4538eb03fa37208d34fc9ae95ceb8080c1a0d.json", // "Who is the CEO of Meta?"; af930233ce6e "Hello"
		"d22d7c2e60d39915b2aacb591419f8d8a860c1da814d3876bfd3de5c38dc9347.json", // embeddings of "How does machine learning improve over time?"; 194c309b84c1 of "This is a test file 1"
		"d858d338f661f472242103493b8a13cd0da7f4760394075f4d2d04c1ba51ab71.json", // "What is the capital of France?"; 20a72a182674 "This is a test file 2"
		"48dd89d77a4037f212263d6a92f0a1e66732c76df5816ec59caca96e2113ccf1.json", // "precomputed embedding test"; 4705735cf4a9 "What is the secret string?"
		"e0b9360c65768d4036c26c47627e18271a487aeb5a4ec915d97f09743548194b.json", // "Python programming language"; 5e5b5b2a71a5 "This is a test file 1"
		"8f55915af64ddf878d11ba74eff48af173aba452b0527a899a13f7ce684d3384.json", // "What is the biological inspiration for neural networks?"; 8a3fe2131561 "This is a test file 2"
		"f2bd2ed904ec8bd9b38bebe7127ace6602d8c642eb0a831088073516d2a934f2.json", // "duplicate"; 905c500ff836 "This is a test file 1"
		"f42049752448ad324b156a790892d275e9e636205e237bd0784c91bbcf9bafa9.json", // "How do systems learn without explicit programming?"; af2bbdaa1a50 "This is a test file 0"
		"a9e485a6df4580a83397faaf868328e397c9a9e4bac5ebe4d126430405d4e95d.json", // "What makes Python different from C++ and Java?"; d714a7d06de1 "This is a test file"
		"dc42c9eaaeabf3f28597636a9edcc245c45cbc58997958455e017ff4abfca69e.json", // "Why are data structures important in computer science?"; f5591b58afc7 "machine learning and artificial intelligence"
	} {
		if p := find(t, res, "/"+name); p.Change != Deleted {
			t.Errorf("%s: %s to %s, want deleted", name, p.Change, p.Head)
		}
	}
	for _, set := range []string{full3681, full3737, full4103} {
		b, h, _ := readChangeSet(t, set)
		checkAsked(t, b, h, review(t, b, h))
	}
}

// checkAsked checks that every renamed pair of res asks the same thing:
// the texts of the two requests' messages (prompts, inputs, tool
// kwargs) nine words in ten the same.
func checkAsked(t *testing.T, base, head []File, res *Result) {
	t.Helper()
	data := map[string][]byte{}
	for _, f := range base {
		data["b:"+f.Path] = f.Data
	}
	for _, f := range head {
		data["h:"+f.Path] = f.Data
	}
	asked := func(key string) string {
		r, err := recordings.Parse(key, data[key])
		if err != nil {
			t.Fatal(err)
		}
		var s []string
		for _, m := range r.Conversation().Messages {
			s = append(s, m.Text())
		}
		if r.Shape == recordings.ShapeTool {
			s = append(s, string(r.Body.MarshalTo(nil)))
		}
		return strings.Join(s, "\n")
	}
	for _, p := range res.Pairs {
		if p.Change != Renamed {
			continue
		}
		if a, b := asked("b:"+p.Base), asked("h:"+p.Head); diff.Similarity(a, b) < 0.9 {
			t.Errorf("%s → %s: renamed, and they ask %.80q and %.80q", p.Base, p.Head, a, b)
		}
	}
}

// TestNoTwinOfAnotherQuestion makes, from each chat and embeddings
// recording of the corpus, the case #3737 had: a base file without a
// test_id and a head file of another test whose request is the same but
// for its question, taken from another recording of the same endpoint.
// None may pair. The controls: the same question pairs, and so does one
// of twelve words or more with one word changed.
func TestNoTwinOfAnotherQuestion(t *testing.T) {
	names, err := filepath.Glob(filepath.Join(corpusDir, "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	type doc = map[string]any
	var docs []doc
	var files []string                    // the corpus file of each doc
	var questions = map[string][]string{} // by endpoint
	for _, name := range names {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		var d doc
		if json.Unmarshal(data, &d) != nil {
			continue
		}
		if q, ok := question(d); ok {
			docs = append(docs, d)
			files = append(files, filepath.Base(name))
			ep := endpointOf(d)
			questions[ep] = append(questions[ep], q)
		}
	}
	if len(docs) < 10 {
		t.Fatalf("%d chat and embeddings recordings in the corpus, want 10 or more", len(docs))
	}
	pairs := 0
	for i, d := range docs {
		q, _ := question(d)
		var other string
		for _, o := range questions[endpointOf(d)] {
			if diff.Similarity(o, q) < 0.5 {
				other = o
				break
			}
		}
		if other == "" {
			continue
		}
		pairs++
		file := func(dir string, testID any, ask string) File {
			c := clone(t, d)
			c["test_id"] = testID
			setQuestion(c, ask)
			data, err := json.Marshal(c)
			if err != nil {
				t.Fatal(err)
			}
			return File{Path: dir + "/recordings/" + strings.Repeat("ab", 6) + ".json", Data: data}
		}
		t.Run(files[i], func(t *testing.T) {
			b := file("tests/integration/old", nil, q)
			res := review(t, []File{b}, []File{file("tests/integration/new", "tests/integration/test_x.py::test_other", other)})
			for _, p := range res.Pairs {
				if p.Change == Renamed {
					t.Errorf("%.60q and %.60q paired: %s", q, other, p.Why)
				}
			}
			if p := only(t, []File{b}, []File{file("tests/integration/new", "tests/integration/test_x.py::test_same", q)}); p.Change != Renamed {
				t.Errorf("the same question %.60q did not pair: %s", q, p.Change)
			}
			long := "Please tell me, in one short sentence and plain words, " + q
			edited := strings.Replace(long, "short", "brief", 1)
			if p := only(t, []File{file("tests/integration/old", nil, long)}, []File{file("tests/integration/new", "tests/integration/test_x.py::test_same", edited)}); p.Change != Renamed {
				t.Errorf("one word of %d changed did not pair: %s", len(strings.Fields(long)), p.Change)
			}
		})
	}
	if pairs < 10 {
		t.Errorf("%d pairs made, want 10 or more", pairs)
	}
}

// endpointOf is a recording's request endpoint.
func endpointOf(d map[string]any) string {
	req, _ := d["request"].(map[string]any)
	ep, _ := req["endpoint"].(string)
	return ep
}

// question is what a chat or embeddings recording asks: its input, or
// its last message's content, when a string.
func question(d map[string]any) (string, bool) {
	req, _ := d["request"].(map[string]any)
	body, _ := req["body"].(map[string]any)
	switch endpointOf(d) {
	case "/v1/embeddings":
		switch in := body["input"].(type) {
		case string:
			return in, true
		case []any:
			if len(in) == 1 {
				s, ok := in[0].(string)
				return s, ok
			}
		}
	case "/v1/chat/completions":
		msgs, _ := body["messages"].([]any)
		if len(msgs) > 0 {
			m, _ := msgs[len(msgs)-1].(map[string]any)
			s, ok := m["content"].(string)
			return s, ok && m["role"] == "user"
		}
	}
	return "", false
}

// setQuestion puts q where question reads it.
func setQuestion(d map[string]any, q string) {
	body := d["request"].(map[string]any)["body"].(map[string]any)
	if endpointOf(d) == "/v1/embeddings" {
		if _, ok := body["input"].(string); ok {
			body["input"] = q
		} else {
			body["input"] = []any{q}
		}
		return
	}
	msgs := body["messages"].([]any)
	msgs[len(msgs)-1].(map[string]any)["content"] = q
}

func clone(t *testing.T, d map[string]any) map[string]any {
	t.Helper()
	data, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	var c map[string]any
	if err := json.Unmarshal(data, &c); err != nil {
		t.Fatal(err)
	}
	return c
}
