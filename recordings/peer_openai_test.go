//go:build !js

package recordings

// Peer test: recview's OpenAI chat-completion stream assembly against the
// official Go SDK's openai.ChatCompletionAccumulator, on every streamed
// chat-completion recording of the corpus. The peer is linked only into the
// native test binary (the WASM build cannot afford it).

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/openai/openai-go/v3"
	"github.com/recview/recview/internal/base/jsonx"
	"github.com/recview/recview/internal/tools/corpustest"
	"github.com/valyala/fastjson"
)

// peerChat is the part of a chat.completion both sides produce, in a form
// where the zero values the SDK uses for "not sent" ("" and 0) stand for
// JSON null as well.
type peerChat struct {
	ID                string
	Model             string
	Created           int64
	SystemFingerprint string
	ServiceTier       string
	Choices           []peerChoice
}

type peerChoice struct {
	Index        int64
	FinishReason string
	Role         string
	Content      string
	Refusal      string
	ToolCalls    []peerToolCall
}

type peerToolCall struct {
	ID, Type, Name, Arguments string
}

type peerUsage struct {
	PromptTokens, CompletionTokens, TotalTokens int64
}

// streamsOf returns the corpus recordings of family f that are streams.
func streamsOf(t *testing.T, f Family) map[string]*Recording {
	t.Helper()
	out := map[string]*Recording{}
	for _, name := range corpustest.Files(t) {
		r := parseFile(t, name)
		if r.Family == f && r.Streaming {
			out[name] = r
		}
	}
	return out
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// jsonStr reads a string-or-null field of recview's result: null and an
// absent key give "", any other type is a test error.
func jsonStr(t *testing.T, v *fastjson.Value, keys ...string) string {
	t.Helper()
	f := v.Get(keys...)
	if f == nil || f.Type() == fastjson.TypeNull {
		return ""
	}
	if f.Type() != fastjson.TypeString {
		t.Errorf("%s: recview gives %s, want a string or null", strings.Join(keys, "."), f.Type())
		return ""
	}
	return string(f.GetStringBytes())
}

// jsonInt reads an integer-or-null field of recview's result.
func jsonInt(t *testing.T, v *fastjson.Value, keys ...string) int64 {
	t.Helper()
	f := v.Get(keys...)
	if f == nil || f.Type() == fastjson.TypeNull {
		return 0
	}
	n, err := f.Int64()
	if err != nil {
		t.Errorf("%s: recview gives %s, want an integer or null", strings.Join(keys, "."), f)
	}
	return n
}

// recviewChat projects recview's assembled chat.completion.
func recviewChat(t *testing.T, v *fastjson.Value) peerChat {
	t.Helper()
	if v == nil || v.Type() != fastjson.TypeObject {
		t.Fatalf("recview result is %v, not an object", v)
	}
	if o := jsonStr(t, v, "object"); o != "chat.completion" {
		t.Errorf("recview object = %q, want chat.completion", o)
	}
	c := peerChat{
		ID:                jsonStr(t, v, "id"),
		Model:             jsonStr(t, v, "model"),
		Created:           jsonInt(t, v, "created"),
		SystemFingerprint: jsonStr(t, v, "system_fingerprint"),
		ServiceTier:       jsonStr(t, v, "service_tier"),
	}
	for _, ch := range v.GetArray("choices") {
		pc := peerChoice{
			Index:        jsonInt(t, ch, "index"),
			FinishReason: jsonStr(t, ch, "finish_reason"),
			Role:         jsonStr(t, ch, "message", "role"),
			Content:      jsonStr(t, ch, "message", "content"),
			Refusal:      jsonStr(t, ch, "message", "refusal"),
		}
		for _, tc := range ch.GetArray("message", "tool_calls") {
			pc.ToolCalls = append(pc.ToolCalls, peerToolCall{
				ID:        jsonStr(t, tc, "id"),
				Type:      jsonStr(t, tc, "type"),
				Name:      jsonStr(t, tc, "function", "name"),
				Arguments: jsonStr(t, tc, "function", "arguments"),
			})
		}
		c.Choices = append(c.Choices, pc)
	}
	return c
}

func recviewUsage(t *testing.T, u *fastjson.Value) peerUsage {
	t.Helper()
	return peerUsage{
		PromptTokens:     jsonInt(t, u, "prompt_tokens"),
		CompletionTokens: jsonInt(t, u, "completion_tokens"),
		TotalTokens:      jsonInt(t, u, "total_tokens"),
	}
}

// openaiChat projects the accumulator's ChatCompletion, copying its
// strings (the accumulator reuses its buffers as it grows).
func openaiChat(cc *openai.ChatCompletion) peerChat {
	c := peerChat{
		ID:                strings.Clone(cc.ID),
		Model:             strings.Clone(cc.Model),
		Created:           cc.Created,
		SystemFingerprint: strings.Clone(cc.SystemFingerprint),
		ServiceTier:       strings.Clone(string(cc.ServiceTier)),
	}
	for _, ch := range cc.Choices {
		pc := peerChoice{
			Index:        ch.Index,
			FinishReason: strings.Clone(ch.FinishReason),
			Role:         strings.Clone(string(ch.Message.Role)),
			Content:      strings.Clone(ch.Message.Content),
			Refusal:      strings.Clone(ch.Message.Refusal),
		}
		// The message role is the constant "assistant": the accumulator
		// leaves it zero until a delta names it, and the SDK marshals the
		// zero value as "assistant". recview writes it out.
		if pc.Role == "" {
			pc.Role = string(ch.Message.Role.Default())
		}
		for _, tc := range ch.Message.ToolCalls {
			typ := strings.Clone(tc.Type)
			// Likewise a tool call whose deltas never name the type is a
			// function call (the only kind chat chunks stream).
			if typ == "" {
				typ = "function"
			}
			pc.ToolCalls = append(pc.ToolCalls, peerToolCall{
				ID:        strings.Clone(tc.ID),
				Type:      typ,
				Name:      strings.Clone(tc.Function.Name),
				Arguments: strings.Clone(tc.Function.Arguments),
			})
		}
		c.Choices = append(c.Choices, pc)
	}
	return c
}

func openaiUsage(u openai.CompletionUsage) peerUsage {
	return peerUsage{PromptTokens: u.PromptTokens, CompletionTokens: u.CompletionTokens, TotalTokens: u.TotalTokens}
}

// peerState is the peer's view after some prefix of the stream.
type peerState struct {
	chat  peerChat
	usage peerUsage // summed over chunks, as openai-go does
	// usages counts the chunks so far with a non-null usage; last is the
	// last of them (nil when none).
	usages int
	last   *fastjson.Value
}

// runOpenAIPeer feeds the chunks to a ChatCompletionAccumulator and returns
// its state after each step in steps (the number of chunks fed).
func runOpenAIPeer(t *testing.T, r *Recording, steps []int) map[int]peerState {
	t.Helper()
	out := map[int]peerState{}
	var acc openai.ChatCompletionAccumulator
	var usages int
	var last *fastjson.Value
	snap := func(k int) {
		if slices.Contains(steps, k) {
			out[k] = peerState{chat: openaiChat(&acc.ChatCompletion), usage: openaiUsage(acc.Usage), usages: usages, last: last}
		}
	}
	snap(0)
	for i := range r.Chunks {
		c := &r.Chunks[i]
		if c.Data() == nil {
			t.Fatalf("chunk %d is not JSON: %.80q", i, c.Raw())
		}
		var chunk openai.ChatCompletionChunk
		if err := json.Unmarshal(c.Raw(), &chunk); err != nil {
			t.Fatalf("chunk %d: json.Unmarshal into openai.ChatCompletionChunk: %v", i, err)
		}
		if !acc.AddChunk(chunk) {
			t.Fatalf("chunk %d: ChatCompletionAccumulator.AddChunk returned false: %s", i, c.Raw())
		}
		if u := c.Data().Get("usage"); !isNull(u) {
			usages++
			last = u
		}
		snap(i + 1)
	}
	return out
}

// compareOpenAI checks recview's result v (after k chunks) against the
// peer's state.
func compareOpenAI(t *testing.T, k int, v *fastjson.Value, p peerState) {
	t.Helper()
	got := recviewChat(t, v)
	if diff := cmp.Diff(p.chat, got); diff != "" {
		t.Errorf("after %d chunks: recview differs from openai-go (-openai-go +recview):\n%s", k, diff)
	}
	u := v.Get("usage")
	switch p.usages {
	case 0:
		if !isNull(u) {
			t.Errorf("after %d chunks: recview usage = %s, want null: no chunk carried one", k, u)
		}
		if p.usage != (peerUsage{}) {
			t.Errorf("after %d chunks: openai-go usage = %+v with no chunk carrying one", k, p.usage)
		}
	case 1:
		// One usage object: openai-go's sum is that object, and so is
		// recview's "last non-null usage".
		if diff := cmp.Diff(p.usage, recviewUsage(t, u)); diff != "" {
			t.Errorf("after %d chunks: usage differs (-openai-go +recview):\n%s", k, diff)
		}
	default:
		// Deliberate difference: openai-go adds up the usage of every
		// chunk, which double-counts providers that send a running total
		// in each chunk (Ollama's OpenAI-compatible endpoint and others,
		// e.g. ...3ef0f9aab128.json). recview keeps the last non-null
		// usage, the provider's final total. Assert that instead.
		if isNull(u) {
			t.Fatalf("after %d chunks: recview usage is null, %d chunks carried one", k, p.usages)
		}
		if got, want := string(u.MarshalTo(nil)), string(p.last.MarshalTo(nil)); got != want {
			t.Errorf("after %d chunks: recview usage = %s, want the last chunk usage %s", k, got, want)
		}
	}
}

// openaiCoverage counts what the peer comparisons exercised, so that the
// test cannot pass vacuously.
type openaiCoverage struct {
	files, multiUsage, toolCalls, contentChunks int
}

func TestPeerOpenAIChat(t *testing.T) {
	recs := streamsOf(t, FamilyOpenAIChat)
	var cov openaiCoverage
	for _, name := range sortedKeys(recs) {
		r := recs[name]
		t.Run(name, func(t *testing.T) {
			n := len(r.Chunks)
			peer := runOpenAIPeer(t, r, []int{n})[n]
			v, err := Assemble(r)
			if err != nil {
				t.Errorf("Assemble: %v", err)
			}
			compareOpenAI(t, n, v, peer)
			cov.files++
			if peer.usages > 1 {
				cov.multiUsage++
			}
			for _, ch := range peer.chat.Choices {
				cov.toolCalls += len(ch.ToolCalls)
			}
			for i := range r.Chunks {
				for _, ch := range r.Chunks[i].Data().GetArray("choices") {
					if s := ch.Get("delta", "content"); s != nil && len(s.GetStringBytes()) > 0 {
						cov.contentChunks++
					}
				}
			}
		})
	}
	t.Logf("compared %d streams (%d with several usage chunks), %d tool calls, %d content deltas",
		cov.files, cov.multiUsage, cov.toolCalls, cov.contentChunks)
	if cov.files < 30 || cov.multiUsage == 0 || cov.toolCalls == 0 || cov.contentChunks < 100 {
		t.Errorf("the corpus no longer exercises the comparison: %+v", cov)
	}
}

// TestPeerOpenAIChatSteps compares the Stepper's intermediate states with an
// accumulator fed the same prefix of the stream: every step for the seeds,
// steps 1, N/2 and N for the other files. Seeks go backwards too, through
// the Stepper's checkpoints.
func TestPeerOpenAIChatSteps(t *testing.T) {
	recs := streamsOf(t, FamilyOpenAIChat)
	seeds := 0
	for _, name := range sortedKeys(recs) {
		r := recs[name]
		isSeed := strings.HasPrefix(name, "seeds/")
		if isSeed {
			seeds++
		}
		t.Run(name, func(t *testing.T) {
			n := len(r.Chunks)
			var steps []int
			if isSeed {
				for k := n; k >= 0; k-- {
					steps = append(steps, k)
				}
			} else {
				steps = []int{n, 1, n / 2, n - 1, n}
			}
			peer := runOpenAIPeer(t, r, steps)
			s, err := NewStepper(r)
			if err != nil {
				t.Fatalf("NewStepper: %v", err)
			}
			for _, k := range steps {
				s.Seek(k)
				if s.Step() != k {
					t.Fatalf("Seek(%d): at step %d", k, s.Step())
				}
				compareOpenAI(t, k, s.Result(), peer[k])
			}
		})
	}
	if seeds < 5 {
		t.Errorf("%d seed streams, want at least 5", seeds)
	}
}

// TestPeerOpenAILogprobs: logprobs entries (content and refusal) of a
// stream are concatenated as openai-go's accumulator does, at the last
// step and at every step in between (the Stepper's snapshots share the
// entries kept so far). The corpus has no stream with logprobs, so the
// stream is made here.
func TestPeerOpenAILogprobs(t *testing.T) {
	entry := func(tok string, lp float64) string {
		return fmt.Sprintf(`{"token": %q, "logprob": %g, "bytes": [%d], "top_logprobs": [{"token": %q, "logprob": %g, "bytes": null}]}`, tok, lp, tok[0], tok+"!", lp-1)
	}
	chunk := func(content string, lps []string, refusal []string, finish string) string {
		fr := "null"
		if finish != "" {
			fr = `"` + finish + `"`
		}
		ref := "null"
		if refusal != nil {
			ref = "[" + strings.Join(refusal, ", ") + "]"
		}
		return fmt.Sprintf(`{"id": "c1", "object": "chat.completion.chunk", "created": 7, "model": "m", "choices": [{"index": 0, "delta": {"content": %q}, "finish_reason": %s, "logprobs": {"content": [%s], "refusal": %s}}]}`,
			content, fr, strings.Join(lps, ", "), ref)
	}
	body := []string{
		chunk("Hel", []string{entry("Hel", -0.5)}, nil, ""),
		chunk("lo", []string{entry("lo", -0.25), entry("o", -2)}, nil, ""),
		chunk("", nil, []string{entry("no", -3)}, ""),
		chunk("!", []string{entry("!", -0.125)}, nil, "stop"),
	}
	doc := `{"request": {"method": "POST", "url": "http://localhost/v1/chat/completions", "body": {"model": "m", "stream": true, "logprobs": true}, "endpoint": "/v1/chat/completions", "model": "m"}, "response": {"is_streaming": true, "body": [` + strings.Join(body, ", ") + `]}}`
	r, err := Parse("logprobs.json", []byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewStepper(r)
	if err != nil {
		t.Fatal(err)
	}
	var acc openai.ChatCompletionAccumulator
	for k := 1; k <= len(body); k++ {
		var c openai.ChatCompletionChunk
		if err := json.Unmarshal([]byte(body[k-1]), &c); err != nil {
			t.Fatal(err)
		}
		if !acc.AddChunk(c) {
			t.Fatalf("chunk %d: AddChunk returned false", k)
		}
		want, err := json.Marshal(acc.Choices[0].Logprobs)
		if err != nil {
			t.Fatal(err)
		}
		var wantV struct {
			Content, Refusal []openai.ChatCompletionTokenLogprob
		}
		if err := json.Unmarshal(want, &wantV); err != nil {
			t.Fatal(err)
		}
		for _, k2 := range []int{k, len(body), k} { // the snapshots must not see later entries
			s.Seek(k2)
		}
		var gotV struct {
			Content, Refusal []openai.ChatCompletionTokenLogprob
		}
		if err := json.Unmarshal(jsonx.Compact(s.Result().Get("choices", "0", "logprobs")), &gotV); err != nil {
			t.Fatal(err)
		}
		opt := cmp.Comparer(func(a, b openai.ChatCompletionTokenLogprob) bool {
			if a.Token != b.Token || a.Logprob != b.Logprob || !slices.Equal(a.Bytes, b.Bytes) || len(a.TopLogprobs) != len(b.TopLogprobs) {
				return false
			}
			for i := range a.TopLogprobs {
				if a.TopLogprobs[i].Token != b.TopLogprobs[i].Token || a.TopLogprobs[i].Logprob != b.TopLogprobs[i].Logprob {
					return false
				}
			}
			return true
		})
		if diff := cmp.Diff(wantV.Content, gotV.Content, opt); diff != "" {
			t.Errorf("step %d: logprobs.content differs from openai-go's (-openai-go +recview):\n%s", k, diff)
		}
		if diff := cmp.Diff(wantV.Refusal, gotV.Refusal, opt); diff != "" {
			t.Errorf("step %d: logprobs.refusal differs from openai-go's (-openai-go +recview):\n%s", k, diff)
		}
		if len(gotV.Content) == 0 {
			t.Errorf("step %d: no logprobs entries", k)
		}
	}
}
