package recordings

import (
	"strconv"

	"github.com/valyala/fastjson"
)

// The Google interactions family, POST /v1beta/interactions. Source:
// ai.google.dev/api/interactions.

var geminiInteractionsProvider = provider{
	family: FamilyGeminiInteractions, title: "Google interactions",
	suffixes: []string{"/interactions"},
	objects:  []string{"interaction"},
	format:   interactionsFormat{},
	answer:   AnswerPaths{Trees: []string{"role", "outputs", "status", "usage"}},
}

// interactionsFormat folds the family's streams (interactionsAssembler)
// and reads its answers.
type interactionsFormat struct{}

func (interactionsFormat) newAssembler() assembler { return &interactionsAssembler{} }

// readAnswer reads an Interaction: one choice (role "model" when it names
// none) of its outputs (text, thought summaries, function calls, others as
// recorded), or of its steps, as the API names them since 2026
// (readSteps), then the usage counters.
func (interactionsFormat) readAnswer(v *fastjson.Value) Answer {
	var a Answer
	c := Choice{Role: getStr(v, "role"), FinishReason: getStr(v, "status")}
	if c.Role == "" {
		c.Role = "model"
	}
	c.Parts = readSteps(v.GetArray("steps"))
	for _, o := range v.GetArray("outputs") {
		switch getStr(o, "type") {
		case "text":
			c.Parts = append(c.Parts, contentPart(o)) // its annotations too
		case "thought":
			c.Parts = append(c.Parts, Part{Kind: PartThinking, Text: textOf(o.Get("summary"))})
		case "function_call":
			c.Parts = append(c.Parts, Part{Kind: PartToolCall, ToolCall: newToolCall(getStr(o, "id"), getStr(o, "name"), o.Get("arguments"))})
		default:
			c.Parts = append(c.Parts, otherPart(o))
		}
	}
	a.Choices = []Choice{c}
	a.Usage = usageItems(v.Get("usage"), "", nil)
	a.Other = otherMembers(nil, "", v, interactionsRead)
	return a
}

// Google /v1beta/interactions SSE events -> the final Interaction.
//
// interaction.start carries the interaction (id, status, model);
// interaction.status_update its new status; content.start opens output
// number "index" with its type; content.delta adds to it (text deltas are
// appended to "text"; other string fields, such as a thought signature,
// likewise; non-string fields are set); content.stop closes it;
// interaction.complete carries the final interaction without its outputs.
// The result is that interaction with "outputs" placed after "status", as
// in non-streaming responses. The closing "data: [DONE]" event is not JSON
// and adds nothing. Source: ai.google.dev/api/interactions (streaming).

type interactionOutput struct {
	start  *fastjson.Value
	fields []kv     // non-text fields set by deltas, in order
	texts  []string // string field names, in first-seen order
	vals   [][]byte // their accumulated values
}

type interactionsAssembler struct {
	interaction *fastjson.Value
	status      *fastjson.Value
	outputs     []interactionOutput
	steps       []interactionStep // the API's steps, since 2026 (interactions_steps.go)
	finished    bool
}

func (s *interactionsAssembler) clone() assembler {
	c := *s
	c.steps = append([]interactionStep(nil), s.steps...)
	for i := range c.steps {
		c.steps[i] = c.steps[i].clone()
	}
	c.outputs = append([]interactionOutput(nil), s.outputs...)
	for i := range c.outputs {
		o := &c.outputs[i]
		o.fields, o.texts = o.fields[:len(o.fields):len(o.fields)], o.texts[:len(o.texts):len(o.texts)]
		vals := make([][]byte, len(o.vals))
		for j, v := range o.vals {
			vals[j] = clip(v)
		}
		o.vals = vals
	}
	return &c
}

func (s *interactionsAssembler) complete() bool { return s.finished }

func (s *interactionsAssembler) add(c *Chunk, ds []Delta) ([]Delta, error) {
	ev := c.Data()
	if ev == nil {
		if c.Text == "[DONE]" {
			return withDelta(ds, Delta{Kind: KindMeta, Field: "done"}), nil
		}
		return ds, errorf("event data is not JSON: %.40q", c.Text)
	}
	if ev.Type() != fastjson.TypeObject {
		return ds, errorf("event data is %s, not an object", ev.Type())
	}
	typ := getStr(ev, "event_type")
	if typ == "" {
		typ = c.Event
	}
	switch typ {
	case "interaction.start", "interaction.complete", "interaction.created", "interaction.completed":
		in := ev.Get("interaction")
		if in == nil || in.Type() != fastjson.TypeObject {
			return ds, errorf("%s without an interaction object", typ)
		}
		s.interaction, s.status = in, nil
		if typ == "interaction.complete" || typ == "interaction.completed" {
			s.finished = true
			ds = withDelta(ds, Delta{Kind: KindFinish, Field: "status", Text: getStr(in, "status")})
			if !isNull(in.Get("usage")) {
				ds = withDelta(ds, Delta{Kind: KindUsage, Field: "usage"})
			}
		} else {
			ds = withDelta(ds, Delta{Kind: KindMeta, Field: "status", Text: getStr(in, "status")})
		}
	case "interaction.status_update":
		s.status = ev.Get("status")
		ds = withDelta(ds, Delta{Kind: KindMeta, Field: "status", Text: getStr(ev, "status")})
	case "content.start":
		i, ok := intOf(ev.Get("index"))
		if !ok || i != len(s.outputs) {
			return ds, errorf("content.start at index %s, expected %d", ev.Get("index"), len(s.outputs))
		}
		s.outputs = append(s.outputs, interactionOutput{start: ev.Get("content")})
		ds = withDelta(ds, Delta{Kind: KindMeta, Field: "outputs[" + strconv.Itoa(i) + "]", Text: getStr(ev, "content", "type")})
	case "content.delta":
		i, ok := intOf(ev.Get("index"))
		if !ok || i < 0 || i >= len(s.outputs) {
			return ds, errorf("content.delta for output %s, but %d are open", ev.Get("index"), len(s.outputs))
		}
		ds = s.outputs[i].add(i, ev.Get("delta"), ds)
	case "step.start":
		i, ok := intOf(ev.Get("index"))
		if !ok || i != len(s.steps) {
			return ds, errorf("step.start at index %s, expected %d", ev.Get("index"), len(s.steps))
		}
		s.steps = append(s.steps, interactionStep{start: ev.Get("step")})
		kind := KindMeta
		if getStr(ev, "step", "type") == "function_call" {
			kind = KindToolCall
		}
		ds = withDelta(ds, Delta{Kind: kind, Field: "steps[" + strconv.Itoa(i) + "]", Text: getStr(ev, "step", "type")})
	case "step.delta":
		i, ok := intOf(ev.Get("index"))
		if !ok || i < 0 || i >= len(s.steps) {
			return ds, errorf("step.delta for step %s, but %d are open", ev.Get("index"), len(s.steps))
		}
		ds = s.steps[i].add(i, ev.Get("delta"), ds)
	case "error":
		s.finished = true
		ds = withDelta(ds, Delta{Kind: KindFinish, Field: "error", Text: getStr(ev, "error", "message")})
	default: // content.stop and events added later
		ds = withDelta(ds, Delta{Kind: KindMeta, Field: typ})
	}
	return ds, nil
}

func (o *interactionOutput) add(i int, d *fastjson.Value, ds []Delta) []Delta {
	prefix := "outputs[" + strconv.Itoa(i) + "]."
	dtype := getStr(d, "type")
	d.GetObject().Visit(func(k []byte, v *fastjson.Value) {
		key := string(k)
		if key == "type" {
			return
		}
		if v.Type() != fastjson.TypeString {
			o.fields = append(o.fields, kv{key, v})
			kind := KindMeta
			if dtype == "function_call" {
				kind = KindToolCall
			}
			ds = withDelta(ds, Delta{Kind: kind, Field: prefix + key})
			return
		}
		j := 0
		for j < len(o.texts) && o.texts[j] != key {
			j++
		}
		if j == len(o.texts) {
			o.texts = append(o.texts, key)
			o.vals = append(o.vals, nil)
		}
		o.vals[j] = append(o.vals[j], v.GetStringBytes()...)
		kind := KindContent
		if dtype != "text" {
			kind = KindThinking
		}
		ds = withDelta(ds, Delta{Kind: kind, Field: prefix + key, Text: string(v.GetStringBytes()), Append: true})
	})
	return ds
}

func (o *interactionOutput) value(a *arena) *fastjson.Value {
	v := a.NewObject()
	for j, k := range o.texts {
		v.Set(k, newString(a, o.vals[j]))
	}
	for _, e := range o.fields {
		v.Set(e.key, e.val)
	}
	o.start.GetObject().Visit(func(k []byte, val *fastjson.Value) {
		if v.Get(string(k)) == nil {
			v.Set(string(k), val)
		}
	})
	return v
}

func (s *interactionsAssembler) result(a *arena) *fastjson.Value {
	outputs := a.NewArray()
	for i := range s.outputs {
		outputs.SetArrayItem(i, s.outputs[i].value(a))
	}
	o := a.NewObject()
	placed := false
	s.interaction.GetObject().Visit(func(k []byte, v *fastjson.Value) {
		if string(k) == "status" && s.status != nil {
			v = s.status
		}
		if string(k) == "outputs" || string(k) == "steps" {
			return
		}
		o.Set(string(k), v)
		if string(k) == "status" {
			s.setOutputs(a, o, outputs)
			placed = true
		}
	})
	if !placed {
		if s.status != nil {
			o.Set("status", s.status)
		}
		s.setOutputs(a, o, outputs)
	}
	return o
}

// setOutputs sets the interaction's outputs, or its steps when the stream
// sent steps.
func (s *interactionsAssembler) setOutputs(a *arena, o, outputs *fastjson.Value) {
	if len(s.steps) == 0 {
		o.Set("outputs", outputs)
		return
	}
	steps := a.NewArray()
	for i := range s.steps {
		steps.SetArrayItem(i, s.steps[i].value(a))
	}
	o.Set("steps", steps)
}
