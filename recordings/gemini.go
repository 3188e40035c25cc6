package recordings

import (
	"strconv"

	"github.com/valyala/fastjson"
)

// The Google generate_content family (google-genai's
// models.generate_content and generate_content_stream). Source:
// ai.google.dev/api/generate-content.

var geminiGenerateProvider = provider{
	family: FamilyGeminiGenerate, title: "Google generate_content",
	// google-genai's names as ogx records them, and the REST API's
	// methods (POST /v1beta/models/{model}:generateContent).
	suffixes:  []string{"/generate_content_stream", "/generate_content", ":generateContent", ":streamGenerateContent"},
	looksLike: func(v *fastjson.Value) bool { return v.Get("candidates") != nil },
	format:    geminiFormat{},
	answer: AnswerPaths{
		Trees: []string{"candidates[*].content", "candidates[*].finish_reason", "candidates[*].finishReason", "usage_metadata", "usageMetadata",
			"candidates[*].groundingMetadata.groundingSupports", "candidates[*].groundingMetadata.groundingChunks",
			"candidates[*].grounding_metadata.grounding_supports", "candidates[*].grounding_metadata.grounding_chunks",
			"candidates[*].citationMetadata", "candidates[*].citation_metadata"},
		Choices: "candidates",
	},
}

// geminiFormat folds the family's streams (geminiAssembler) and reads its
// answers.
type geminiFormat struct{}

func (geminiFormat) newAssembler() assembler { return &geminiAssembler{} }

// readAnswer reads a GenerateContentResponse: a choice per candidate, its
// content's parts (the candidate's grounding and citation sources as the
// last text part's citations), then the usage metadata; its keys in snake_case
// (google-genai's model_dump) or camelCase (the REST API's JSON). The
// response's, each candidate's and its grounding metadata's other
// members (promptFeedback, finishMessage, safetyRatings, avgLogprobs,
// webSearchQueries …) are the Answer's Other.
func (geminiFormat) readAnswer(v *fastjson.Value) Answer {
	a := Answer{Other: otherMembers(nil, "", v, geminiRead)}
	for i, cand := range v.GetArray("candidates") {
		c := Choice{Index: i, Role: getStr(cand, "content", "role"), FinishReason: geminiFinish(either(cand, "finish_reason", "finishReason"))}
		c.Parts = citeLast(geminiParts(cand.Get("content")), geminiCitations(cand))
		a.Choices = append(a.Choices, c)
		own := otherMembers(nil, "", cand, geminiCandidateRead)
		for _, k := range []string{"groundingMetadata", "grounding_metadata"} {
			if gm := cand.Get(k); gm != nil {
				own = otherMembers(own, k, gm, geminiGroundingRead)
			}
		}
		a.Other = underItem(a.Other, "candidates", i, own)
	}
	a.Usage = usageItems(either(v, "usage_metadata", "usageMetadata"), "", nil)
	return a
}

// Google generate_content_stream chunks -> one GenerateContentResponse.
//
// Each chunk is a GenerateContentResponse (google-genai's model_dump, so
// snake_case keys; or the REST API's JSON, camelCase keys, which the
// result keeps: the first chunk tells) whose candidates carry the next
// parts. Per candidate
// (by its "index", else its position) the parts are merged the way
// google-genai's chat history does: a text part directly after a text part
// of the same kind (thought or not) is appended to it; other parts
// (function_call, inline_data ...) are kept in order. The candidate's other
// fields come from the last chunk that carried it, finish_reason from the
// last one sent; the response's other fields, usage_metadata included,
// from the last chunk. Source: ai.google.dev/api/generate-content
// (GenerateContentResponse, Candidate, Part).

type geminiPart struct {
	first   *fastjson.Value // the part as first received
	text    []byte
	isText  bool
	thought bool
	// A function call streamed in pieces (geminiStreamedCall): its
	// arguments' pieces so far, and whether more are to come.
	pieces []*fastjson.Value
	open   bool
}

type geminiCandidate struct {
	last   *fastjson.Value
	role   string
	finish *fastjson.Value
	parts  []geminiPart
}

type geminiAssembler struct {
	last     *fastjson.Value
	usage    *fastjson.Value
	cands    []geminiCandidate
	finished bool
	keys     *geminiKeys // the first chunk's spelling, nil before it
}

// geminiKeys are the names of the fields the assembler reads and writes,
// in one spelling.
type geminiKeys struct{ finish, usage, total, candidates, call string }

var (
	geminiSnake = &geminiKeys{"finish_reason", "usage_metadata", "total_token_count", "candidates_token_count", "function_call"}
	geminiCamel = &geminiKeys{"finishReason", "usageMetadata", "totalTokenCount", "candidatesTokenCount", "functionCall"}
)

// geminiSpelling is the spelling of chunk d: camelCase when it has a
// camelCase field of the REST API's, else snake_case.
func geminiSpelling(d *fastjson.Value) *geminiKeys {
	if d.Get("usageMetadata") != nil || d.Get("modelVersion") != nil || d.Get("responseId") != nil {
		return geminiCamel
	}
	for _, cv := range d.GetArray("candidates") {
		if cv.Get("finishReason") != nil {
			return geminiCamel
		}
	}
	return geminiSnake
}

func (s *geminiAssembler) clone() assembler {
	c := *s
	c.cands = append([]geminiCandidate(nil), s.cands...)
	for i := range c.cands {
		c.cands[i].parts = append([]geminiPart(nil), c.cands[i].parts...)
		for j := range c.cands[i].parts {
			c.cands[i].parts[j].text = clip(c.cands[i].parts[j].text)
			c.cands[i].parts[j].pieces = clip(c.cands[i].parts[j].pieces)
		}
	}
	return &c
}

func (s *geminiAssembler) complete() bool { return s.finished }

func (s *geminiAssembler) add(c *Chunk, ds []Delta) ([]Delta, error) {
	d := c.Data()
	if d == nil || d.Type() != fastjson.TypeObject {
		return ds, errorf("chunk is not a JSON object")
	}
	if s.keys == nil {
		s.keys = geminiSpelling(d)
	}
	k := s.keys
	cands := d.Get("candidates")
	if !isNull(cands) && cands.Type() != fastjson.TypeArray {
		return ds, errorf("candidates is %s, not an array", cands.Type())
	}
	for pos, cv := range cands.GetArray() {
		if cv.Type() != fastjson.TypeObject {
			return ds, errorf("candidate is %s, not an object", cv.Type())
		}
		idx := pos
		if iv := cv.Get("index"); !isNull(iv) {
			i, ok := intOf(iv)
			if !ok || i < 0 || i >= maxChoices {
				return ds, errorf("candidate index %s out of range", iv)
			}
			idx = i
		}
		for len(s.cands) <= idx {
			s.cands = append(s.cands, geminiCandidate{})
		}
		ds = s.cands[idx].add(idx, cv, ds, k)
		if s.cands[idx].finish != nil {
			s.finished = true
		}
	}
	s.last = d
	if u := d.Get(k.usage); !isNull(u) {
		s.usage = u
		if !isNull(u.Get(k.total)) || !isNull(u.Get(k.candidates)) {
			ds = withDelta(ds, Delta{Kind: KindUsage, Field: k.usage})
		}
	}
	return ds, nil
}

func (c *geminiCandidate) add(idx int, cv *fastjson.Value, ds []Delta, k *geminiKeys) []Delta {
	c.last = cv
	if r := getStr(cv, "content", "role"); r != "" && r != c.role {
		c.role = r
		ds = withDelta(ds, Delta{Kind: KindRole, Choice: idx, Field: "role", Text: r})
	}
	for _, p := range cv.GetArray("content", "parts") {
		tv := p.Get("text")
		thought := p.GetBool("thought")
		if tv == nil || tv.Type() != fastjson.TypeString {
			if fc := p.Get(k.call); fc != nil && c.streamedCall(fc) {
				n := len(c.parts) - 1
				field := "parts[" + strconv.Itoa(n) + "]." + k.call + ".args"
				ds = withDelta(ds, Delta{Kind: KindToolCall, Choice: idx, Field: field, Text: argPieces(fc)})
				continue
			}
			field := "parts[" + strconv.Itoa(len(c.parts)) + "]"
			c.parts = append(c.parts, geminiPart{first: p})
			if fc := p.Get(k.call); fc != nil && fc.GetBool("willContinue") {
				c.parts[len(c.parts)-1].open = true
				c.parts[len(c.parts)-1].pieces = fc.GetArray("partialArgs")
			}
			kind, text := KindMeta, ""
			if fc := p.Get(k.call); fc != nil {
				kind, field, text = KindToolCall, field+"."+k.call, getStr(fc, "name")
			}
			ds = withDelta(ds, Delta{Kind: kind, Choice: idx, Field: field, Text: text})
			continue
		}
		n := len(c.parts)
		if n == 0 || !c.parts[n-1].isText || c.parts[n-1].thought != thought {
			c.parts = append(c.parts, geminiPart{first: p, isText: true, thought: thought})
			n++
		}
		c.parts[n-1].text = append(c.parts[n-1].text, tv.GetStringBytes()...)
		kind, field := KindContent, "text"
		if thought {
			kind, field = KindThinking, "thought"
		}
		ds = withDelta(ds, Delta{Kind: kind, Choice: idx, Field: field, Text: string(tv.GetStringBytes()), Append: true})
	}
	if fr := cv.Get(k.finish); !isNull(fr) {
		c.finish = fr
		ds = withDelta(ds, Delta{Kind: KindFinish, Choice: idx, Field: k.finish, Text: string(fr.GetStringBytes())})
	}
	return ds
}

func (c *geminiCandidate) value(a *arena, k *geminiKeys) *fastjson.Value {
	parts := a.NewArray()
	for i, p := range c.parts {
		if p.pieces != nil || p.open {
			parts.SetArrayItem(i, streamedCallValue(a, p, k))
			continue
		}
		if !p.isText {
			parts.SetArrayItem(i, p.first)
			continue
		}
		o := a.NewObject()
		setMembers(o, p.first)
		o.Set("text", newString(a, p.text))
		parts.SetArrayItem(i, o)
	}
	content := a.NewObject()
	content.Set("parts", parts)
	content.Set("role", strOrNull(a, []byte(c.role), c.role != ""))
	o := a.NewObject()
	if c.last != nil {
		setMembers(o, c.last)
	}
	o.Set("content", content)
	o.Set(k.finish, valOrNull(a, c.finish))
	return o
}

func (s *geminiAssembler) result(a *arena) *fastjson.Value {
	o := a.NewObject()
	if s.last != nil {
		setMembers(o, s.last)
	}
	k := s.keys
	if k == nil {
		k = geminiSnake
	}
	cands := a.NewArray()
	for i := range s.cands {
		cands.SetArrayItem(i, s.cands[i].value(a, k))
	}
	o.Set("candidates", cands)
	o.Set(k.usage, valOrNull(a, s.usage))
	return o
}

// geminiFinishReasons are the names of the FinishReason enum's numbers,
// which the REST API writes when asked for "enum-encoding=int"
// (langchaingo does). Source: ai.google.dev/api/generate-content
// #FinishReason, in its order.
var geminiFinishReasons = []string{"FINISH_REASON_UNSPECIFIED", "STOP", "MAX_TOKENS", "SAFETY", "RECITATION", "OTHER",
	"BLOCKLIST", "PROHIBITED_CONTENT", "SPII", "MALFORMED_FUNCTION_CALL", "IMAGE_SAFETY", "UNEXPECTED_TOOL_CALL", "TOO_MANY_TOOL_CALLS"}

// geminiFinish is a candidate's finish reason: its name, or the name of
// its number.
func geminiFinish(v *fastjson.Value) string {
	if n, ok := intOf(v); ok && v.Type() == fastjson.TypeNumber {
		if n >= 0 && n < len(geminiFinishReasons) {
			return geminiFinishReasons[n]
		}
		return strconv.Itoa(n)
	}
	return getStr(v)
}
