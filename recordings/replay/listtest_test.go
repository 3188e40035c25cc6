package replay

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/recview/recview/internal/tools/corpustest"
)

// TestListTestRules: ListTest's three rules on the recordings of three
// test ids whose names share a start, as ogx's
// test_openai_chat_completion_streaming and
// test_openai_chat_completion_streaming_with_n do. The corpus recording
// of test_openai_completion_streaming is the first; the other two are
// copies of it with their test_id renamed (the field ListTest reads):
// another parametrization of the same test, and a test whose name only
// starts with it.
func TestListTestRules(t *testing.T) {
	const (
		fn    = "tests/integration/inference/test_openai_completion.py::test_openai_completion_streaming"
		param = "[txt=ollama/llama3.2:3b-instruct-fp16-inference:completion:sanity]"
	)
	seed := string(corpustest.Read(t, "tests__integration__inference__recordings__8567635651a5e7104394951bbbba040e5c7f3ba11084fb6e81328f4905100a65.json"))
	if !strings.Contains(seed, `"test_id": "`+fn+param+`"`) {
		t.Fatal("the corpus recording is not of " + fn + param)
	}
	dir := "tests/integration/inference/recordings/"
	tree := New()
	tree.Add(dir+"a.json", []byte(seed))
	tree.Add(dir+"b.json", []byte(strings.Replace(seed, fn+param, fn+"_with_n"+param, 1)))
	tree.Add(dir+"c.json", []byte(strings.Replace(seed, param, "[txt=ollama/llama3.2:3b-instruct-fp16-other]", 1)))
	paths := func(es []*Entry) (out []string) {
		for _, e := range es {
			out = append(out, strings.TrimPrefix(e.Path, dir))
		}
		return out
	}
	for _, c := range []struct {
		id       string
		contains bool
		want     []string
		rule     Rule
	}{
		{fn + param, false, []string{"a.json"}, RuleExact},
		{fn + param, true, []string{"a.json"}, RuleExact},
		{fn, false, []string{"a.json", "c.json"}, RuleParametrized},
		{fn + "_with_n", false, []string{"b.json"}, RuleParametrized},
		{"test_openai_completion_streaming", false, nil, RuleParametrized},
		{"test_openai_completion_streaming", true, []string{"a.json", "b.json", "c.json"}, RuleContains},
		{fn + "[txt=none]", false, nil, RuleExact},
		{fn + "[txt=ollama", true, []string{"a.json", "c.json"}, RuleContains},
	} {
		got, rule := tree.ListTest(c.id, c.contains)
		if d := cmp.Diff(c.want, paths(got)); d != "" || rule != c.rule {
			t.Errorf("ListTest(%q, %v): rule %q, want %q; paths (-want +got):\n%s", c.id, c.contains, rule, c.rule, d)
		}
	}
}
