package recordings

import (
	"strconv"

	"github.com/valyala/fastjson"
)

// The Google interactions API's steps (ai.google.dev/api/interactions,
// 2026): an interaction answers with "steps" where it had "outputs", each
// {type: "thought", signature, summary}, {type: "model_output", content:
// [{type: "text", text}, …]}, {type: "function_call", id, name,
// arguments}, or a tool's own ({type: "google_search_call", arguments},
// {type: "google_search_result", call_id, result}). Streamed: step.start
// opens step "index" with its first fields; step.delta adds to it: a
// {type: "text", text} delta to its content's text, a {type:
// "arguments_delta", arguments} to its arguments' JSON text, a {type:
// "thought_signature", signature} to its signature, and any other delta's
// fields are set as they come; step.stop closes it. The events around them
// are interaction.created, interaction.status_update and
// interaction.completed.

// readSteps reads an interaction's steps as the parts of its answer: a
// thought's summary as thinking (a thought that holds a signature alone
// says nothing readable), a model_output's content (text, and others as
// contentParts reads them; annotations set on the step, as a stream's
// delta sets them, cite its last text), a function_call as a tool call, another step
// as recorded.
func readSteps(steps []*fastjson.Value) []Part {
	var ps []Part
	for _, st := range steps {
		switch getStr(st, "type") {
		case "thought":
			if t := textOf(st.Get("summary")); t != "" {
				ps = append(ps, Part{Kind: PartThinking, Text: t, Raw: st})
			}
		case "model_output":
			parts := contentParts(st.Get("content"))
			if as := st.GetArray("annotations"); len(as) > 0 { // a stream's annotations delta
				parts = citeLast(parts, openaiAnnotations(as, textOf(st.Get("content"))))
			}
			ps = append(ps, parts...)
		case "function_call":
			ps = append(ps, Part{Kind: PartToolCall, ToolCall: newToolCall(getStr(st, "id"), getStr(st, "name"), st.Get("arguments")), Raw: st})
		default:
			ps = append(ps, otherPart(st))
		}
	}
	return ps
}

// interactionStep is a step of a stream, as its deltas build it.
type interactionStep struct {
	start     *fastjson.Value
	text      textBuf // the model_output's text
	hasText   bool
	args      textBuf // the arguments' JSON text
	hasArgs   bool
	signature textBuf
	hasSig    bool
	fields    []kv // other deltas' fields, in order
}

func (st interactionStep) clone() interactionStep {
	st.text, st.args, st.signature = st.text.clone(), st.args.clone(), st.signature.clone()
	st.fields = clip(st.fields)
	return st
}

// add folds delta d of step i in.
func (st *interactionStep) add(i int, d *fastjson.Value, ds []Delta) []Delta {
	field := "steps[" + strconv.Itoa(i) + "]."
	switch getStr(d, "type") {
	case "text":
		t, _ := st.text.add(d.Get("text"))
		st.hasText = true
		return withDelta(ds, Delta{Kind: KindContent, Field: field + "content[0].text", Text: t, Append: true})
	case "arguments_delta":
		t, _ := st.args.add(d.Get("arguments"))
		st.hasArgs = true
		return withDelta(ds, Delta{Kind: KindToolCall, Field: field + "arguments", Text: t, Append: true})
	case "thought_signature":
		t, _ := st.signature.add(d.Get("signature"))
		st.hasSig = true
		return withDelta(ds, Delta{Kind: KindThinking, Field: field + "signature", Text: t, Append: true})
	}
	d.GetObject().Visit(func(k []byte, v *fastjson.Value) {
		if string(k) != "type" {
			st.fields = append(st.fields, kv{string(k), v})
			ds = withDelta(ds, Delta{Kind: KindMeta, Field: field + string(k)})
		}
	})
	return ds
}

// value is the step as the API answers it when not streaming.
func (st *interactionStep) value(a *arena) *fastjson.Value {
	v := a.NewObject()
	setMembers(v, st.start)
	for _, e := range st.fields {
		v.Set(e.key, e.val)
	}
	if st.hasText {
		t := a.NewObject()
		t.Set("text", newString(a, st.text.bytes()))
		t.Set("type", newString(a, []byte("text")))
		v.Set("content", arrayOf(a, []*fastjson.Value{t}))
	}
	if st.hasArgs {
		// The arguments' JSON text, parsed (a tree of its own); as text when
		// it does not parse (a stream cut short).
		if args, err := fastjson.ParseBytes(st.args.bytes()); err == nil {
			v.Set("arguments", args)
		} else {
			v.Set("arguments", newString(a, st.args.bytes()))
		}
	}
	if st.hasSig {
		v.Set("signature", newString(a, st.signature.bytes()))
	}
	return v
}
