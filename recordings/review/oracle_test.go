//go:build !js

package review

// The oracle for "same result" on OpenAI chat pairs: the official Go
// SDK's ChatCompletionAccumulator (see recordings/peer_openai_test.go).
// Linked into the native test binary only.

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/openai/openai-go/v3"
	"github.com/recview/recview/internal/base/jsonx"
	"github.com/recview/recview/recordings"
)

// oracleChoice is what a test of an OpenAI chat answer can see of one
// choice: its role, text, refusal, finish reason and tool calls (ids and
// usage aside, as the review's "same result" says).
type oracleChoice struct {
	Role, Content, Refusal, Finish string
	Calls                          []oracleCall
}

// oracleCall is a tool call, its arguments decoded by encoding/json (so
// that key order and spacing do not count), or kept as text when they
// are not JSON.
type oracleCall struct {
	Name string
	Args any
}

// oracleAnswer assembles a chat recording with openai-go: each chunk of a
// stream added to a ChatCompletionAccumulator, or the body decoded as a
// ChatCompletion. ok is false for recordings it cannot read (exceptions).
func oracleAnswer(t *testing.T, r *recordings.Recording) (choices []oracleChoice, ok bool) {
	t.Helper()
	var cc openai.ChatCompletion
	switch {
	case r.Exception != nil:
		return nil, false
	case r.Streaming:
		var acc openai.ChatCompletionAccumulator
		for i := range r.Chunks {
			var chunk openai.ChatCompletionChunk
			if err := json.Unmarshal(r.Chunks[i].Raw(), &chunk); err != nil {
				t.Fatalf("%s: chunk %d: %v", r.Name, i, err)
			}
			if !acc.AddChunk(chunk) {
				t.Fatalf("%s: chunk %d: AddChunk returned false", r.Name, i)
			}
		}
		cc = acc.ChatCompletion
	default:
		if err := json.Unmarshal(jsonx.Compact(r.ResponseBody), &cc); err != nil {
			t.Fatalf("%s: %v", r.Name, err)
		}
	}
	for _, c := range cc.Choices {
		oc := oracleChoice{Role: string(c.Message.Role), Content: c.Message.Content, Refusal: c.Message.Refusal, Finish: c.FinishReason}
		for _, tc := range c.Message.ToolCalls {
			call := oracleCall{Name: tc.Function.Name}
			if json.Unmarshal([]byte(tc.Function.Arguments), &call.Args) != nil {
				call.Args = tc.Function.Arguments
			}
			oc.Calls = append(oc.Calls, call)
		}
		choices = append(choices, oc)
	}
	return choices, true
}

// TestSameResultOracle: for every pair of OpenAI chat recordings in the
// change sets of testdata (the whole of #3681 too), the review says
// "same" or "chunking" exactly when openai-go assembles the same answers
// from both sides.
func TestSameResultOracle(t *testing.T) {
	type set struct {
		name       string
		base, head []File
	}
	var sets []set
	for _, name := range subsets {
		b, h := subset(t, name)
		sets = append(sets, set{name, b, h})
	}
	b, h, _ := readChangeSet(t, full3681)
	sets = append(sets, set{"test-isolation-3681 (whole)", b, h})
	for _, name := range subsets[:3] {
		if b, h, ok := sharedSet(t, name); ok {
			sets = append(sets, set{name + " (whole)", b, h})
		} else {
			t.Logf("%s: not in %s, left out", name, sharedSets)
		}
	}
	compared, same := 0, 0
	for _, s := range sets {
		files := map[string][]byte{}
		for _, f := range s.base {
			files["base:"+f.Path] = f.Data
		}
		for _, f := range s.head {
			files["head:"+f.Path] = f.Data
		}
		res := review(t, s.base, s.head)
		for _, p := range res.Pairs {
			if p.Base == "" || p.Head == "" || p.Verdict == VerdictUnreadable {
				continue
			}
			ra, errA := recordings.Parse(p.Base, files["base:"+p.Base])
			rb, errB := recordings.Parse(p.Head, files["head:"+p.Head])
			if errA != nil || errB != nil {
				t.Fatal(errA, errB)
			}
			if ra.Family != recordings.FamilyOpenAIChat || rb.Family != recordings.FamilyOpenAIChat {
				continue
			}
			ca, okA := oracleAnswer(t, ra)
			cb, okB := oracleAnswer(t, rb)
			if !okA || !okB {
				continue
			}
			compared++
			oracleSame := cmp.Equal(ca, cb)
			if oracleSame {
				same++
			}
			reviewSame := p.Result == ResultSame || p.Result == ResultChunking
			if oracleSame != reviewSame {
				t.Errorf("%s: %s: review says %s (%s), openai-go says same=%v:\n%s", s.name, p.Label(), p.Result, p.Why, oracleSame, cmp.Diff(ca, cb))
			}
		}
	}
	t.Logf("%d OpenAI chat pairs compared, %d the same for openai-go", compared, same)
	if compared < 90 || same == 0 || same == compared {
		t.Errorf("%d pairs compared, %d the same: want 90 or more, of both kinds", compared, same)
	}
}
