package recordings

import (
	"errors"

	"github.com/valyala/fastjson"
)

// The Amazon Bedrock InvokeModel family: POST /model/{modelId}/invoke and
// /model/{modelId}/invoke-with-response-stream for the models that answer
// in a format of their own. Anthropic's Messages over InvokeModel reads as
// FamilyAnthropicMessages and Cohere's Command as FamilyCohereV1Generate
// (the same bodies as their own APIs). Source:
// docs.aws.amazon.com/bedrock/latest/userguide/model-parameters.html
// (model-parameters-titan-text, -anthropic-claude-text-completion,
// -meta, -jurassic2). A response body, or a stream's chunk:
//
//   - Amazon Titan Text: {inputTextTokenCount, results: [{tokenCount,
//     outputText, completionReason}]}; a chunk {outputText, index,
//     totalOutputTextTokenCount, completionReason, inputTextTokenCount}.
//   - Anthropic's Text Completions: {completion, stop_reason, stop}, a
//     chunk the same.
//   - Meta Llama: {generation, prompt_token_count,
//     generation_token_count, stop_reason}, a chunk the same.
//   - AI21 Jurassic-2: {id, prompt: {text, tokens}, completions: [{data:
//     {text, tokens}, finishReason: {reason}}]} (not streamed).
//
// A stream's last chunk adds "amazon-bedrock-invocationMetrics"
// ({inputTokenCount, outputTokenCount, invocationLatency,
// firstByteLatency}). The family is known by the data: the endpoint's
// path is InvokeModel's for every model, Anthropic's Messages and
// Cohere's Command among them; a response that no family's data names
// (an error, Titan's embeddings) is known by the path, lastly.

var bedrockInvokeProvider = provider{
	family: FamilyBedrockInvoke, title: "Amazon Bedrock invoke",
	// An error, or a model whose format recview does not read (Titan's
	// embeddings), answered at InvokeModel.
	lastly: []string{"/invoke", "/invoke-with-response-stream"},
	looksLike: func(v *fastjson.Value) bool {
		return bedrockInvokeTextKey(v) != "" || bedrockInvokeText(v) != nil
	},
	format: bedrockInvokeFormat{},
	answer: AnswerPaths{Trees: []string{"results", "completions", "outputText", "completion", "generation",
		"completionReason", "stop_reason", "inputTextTokenCount", "totalOutputTextTokenCount", "prompt_token_count",
		"generation_token_count", "amazon-bedrock-invocationMetrics"}},
}

// bedrockInvokeTexts are the members that hold a response's (or a
// chunk's) text, a model's each, with the members that model sends
// beside it: Titan's outputText (index or inputTextTokenCount),
// Anthropic's Text Completions' completion (stop_reason), Meta's
// generation (generation_token_count).
var bedrockInvokeTexts = []struct {
	key    string
	beside nameSet
}{
	{"outputText", nameSet{"index", "inputTextTokenCount"}},
	{"completion", nameSet{"stop_reason"}},
	{"generation", nameSet{"generation_token_count"}},
}

// bedrockInvokeTextKey is the member of v that holds its text, a string,
// or "" when it has none. A member counts only beside another that the
// same model sends (bedrockInvokeTexts), so that another API's
// "completion" is not taken for one.
func bedrockInvokeTextKey(v *fastjson.Value) string {
	for _, m := range bedrockInvokeTexts {
		t := v.Get(m.key)
		if t == nil || t.Type() != fastjson.TypeString {
			continue
		}
		for _, b := range m.beside {
			if v.Get(b) != nil {
				return m.key
			}
		}
	}
	return ""
}

// bedrockInvokeText is the first item of Titan's results (with its
// outputText) or of AI21's completions (with its data.text), or nil.
func bedrockInvokeText(v *fastjson.Value) *fastjson.Value {
	if r := v.GetArray("results"); len(r) > 0 && r[0].Get("outputText") != nil {
		return r[0]
	}
	if c := v.GetArray("completions"); len(c) > 0 && c[0].Get("data", "text") != nil {
		return c[0]
	}
	return nil
}

// bedrockInvokeFormat folds the family's streams (bedrockInvokeAssembler)
// and reads its answers.
type bedrockInvokeFormat struct{}

func (bedrockInvokeFormat) newAssembler() assembler { return &bedrockInvokeAssembler{} }

// The members bedrockInvokeFormat reads, by level; every other member
// is the Answer's Other.
var (
	bedrockInvokeRead = nameSet{"results", "completions", "outputText", "completion", "generation", "completionReason",
		"stop_reason", "inputTextTokenCount", "totalOutputTextTokenCount", "prompt_token_count", "generation_token_count",
		"amazon-bedrock-invocationMetrics", "index", "id"}
	titanResultRead = nameSet{"outputText", "completionReason", "tokenCount"}
	ai21Read        = nameSet{"data", "finishReason"}
	ai21DataRead    = nameSet{"text"}
	ai21FinishRead  = nameSet{"reason"}
)

// readAnswer reads a response, or a stream assembled: a choice per item
// of Titan's results or AI21's completions, each with its text and
// finish reason; else one choice, the text of outputText, completion or
// generation, the finish reason completionReason or stop_reason. The
// token counts and the invocation metrics are its usage; the rest (the
// stop sequence met, AI21's prompt and tokens with their log
// probabilities) its Other.
func (bedrockInvokeFormat) readAnswer(v *fastjson.Value) Answer {
	var a Answer
	a.Other = otherMembers(nil, "", v, bedrockInvokeRead)
	for i, r := range v.GetArray("results") {
		a.Choices = append(a.Choices, textChoice(i, getStr(r, "completionReason"), sharedStr(r, "outputText")))
		if n := r.Get("tokenCount"); n != nil {
			a.Usage = usageValue(n, itemPath("results", i)+".tokenCount", a.Usage)
		}
		a.Other = underItem(a.Other, "results", i, otherMembers(nil, "", r, titanResultRead))
	}
	for i, c := range v.GetArray("completions") {
		a.Choices = append(a.Choices, textChoice(i, getStr(c, "finishReason", "reason"), sharedStr(c.Get("data"), "text")))
		own := otherMembers(otherMembers(nil, "", c, ai21Read), "data", c.Get("data"), ai21DataRead)
		own = otherMembers(own, "finishReason", c.Get("finishReason"), ai21FinishRead)
		a.Other = underItem(a.Other, "completions", i, own)
	}
	if len(a.Choices) == 0 {
		var text string
		for _, m := range bedrockInvokeTexts {
			if t := v.Get(m.key); t != nil {
				text = sharedStr(t)
				break
			}
		}
		a.Choices = append(a.Choices, textChoice(0, firstStr(v, "completionReason", "stop_reason"), text))
	}
	for _, k := range []string{"inputTextTokenCount", "totalOutputTextTokenCount", "prompt_token_count", "generation_token_count"} {
		if n := v.Get(k); n != nil {
			a.Usage = usageValue(n, k, a.Usage)
		}
	}
	a.Usage = invocationMetrics(v, a.Usage)
	return a
}

// invocationMetrics appends to u the counters of v's
// "amazon-bedrock-invocationMetrics", which Bedrock adds to a stream's
// last chunk of every model it invokes (inputTokenCount,
// outputTokenCount, invocationLatency and firstByteLatency, in
// milliseconds), each named by its path: "amazon-bedrock-invocationMetrics.inputTokenCount".
func invocationMetrics(v *fastjson.Value, u []UsageItem) []UsageItem {
	return usageItems(v.Get("amazon-bedrock-invocationMetrics"), "amazon-bedrock-invocationMetrics.", u)
}

// Bedrock InvokeModel stream chunks -> one response of the chunks' model.
//
// Each chunk's text (its outputText, completion or generation) is
// appended; every other member keeps its last value that is not empty,
// so that the result is the model's response as one chunk would hold it
// whole: {completion: the whole text, stop_reason, stop,
// amazon-bedrock-invocationMetrics}. Meta's last chunk sends
// prompt_token_count null: the first chunk's count stays. The stream is
// complete once a chunk gives a finish reason (completionReason,
// stop_reason).
type bedrockInvokeAssembler struct {
	key     string // the text's member, from the first chunk
	text    textBuf
	others  []keptMember
	scratch []byte
	done    bool
}

func (s *bedrockInvokeAssembler) clone() assembler {
	c := *s
	c.text = s.text.clone()
	c.others = append([]keptMember(nil), s.others...)
	return &c
}

func (s *bedrockInvokeAssembler) complete() bool { return s.done }

var errBedrockInvokeChunk = errors.New("chunk is not an object with a text member (outputText, completion or generation)")

func (s *bedrockInvokeAssembler) add(c *Chunk, ds []Delta) ([]Delta, error) {
	d := c.Data()
	if d == nil || d.Type() != fastjson.TypeObject {
		return ds, errBedrockInvokeChunk
	}
	key := s.key
	if key == "" {
		if key = bedrockInvokeTextKey(d); key == "" {
			return ds, errBedrockInvokeChunk
		}
	}
	t := d.Get(key)
	if t == nil || t.Type() != fastjson.TypeString {
		return ds, errBedrockInvokeChunk
	}
	s.key = key
	if text := s.text.append(t.GetStringBytes()); text != "" {
		ds = withDelta(ds, Delta{Kind: KindContent, Field: key, Text: text, Append: true})
	}
	s.others = keepOthers(s.others, d, func(k []byte) bool { return string(k) == key }, &s.scratch)
	if f := firstStr(d, "completionReason", "stop_reason"); f != "" {
		s.done = true
		ds = withDelta(ds, Delta{Kind: KindFinish, Field: "finish_reason", Text: f})
	}
	if d.Get("amazon-bedrock-invocationMetrics") != nil {
		ds = withDelta(ds, Delta{Kind: KindUsage, Field: "amazon-bedrock-invocationMetrics"})
	}
	return ds, nil
}

func (s *bedrockInvokeAssembler) result(a *arena) *fastjson.Value {
	o := a.NewObject()
	if s.key != "" {
		o.Set(s.key, newString(a, s.text.bytes()))
	}
	setKept(a, o, s.others)
	return o
}

// textChoice is an assistant's answer of one text part: choice i, its
// finish reason and its text. Not inlined: a Choice literal with its
// Part is large code at every call.
//
//go:noinline
func textChoice(i int, finish, text string) Choice {
	return Choice{Index: i, Role: "assistant", FinishReason: finish, Parts: []Part{{Kind: PartText, Text: text}}}
}
