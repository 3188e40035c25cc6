package recordings

import (
	"slices"
	"strconv"
	"strings"

	"github.com/valyala/fastjson"
)

// A run's stream of the Assistants API (POST …/runs with stream: true):
// SSE events named thread.run.*, thread.run.step.*, thread.message.*,
// error and done. An event's data is the whole object (a thread.run, a
// thread.run.step, a thread.message) or, for …delta events, {id, object,
// delta} where delta holds what is added. Source:
// platform.openai.com/docs/api-reference/assistants-streaming/events;
// the folding is openai-python's (src/openai/lib/streaming/_assistants.py,
// accumulate_event, accumulate_run_step and accumulate_delta).
//
// The stream assembles into a list of the thread's messages, as a GET
// of them answers, with the run and its steps beside it:
// {object: "list", data: [thread.message], run: thread.run, steps:
// [thread.run.step], error}. Each object is the last whole one its
// events gave, with the deltas after it merged in: a message's by
// accumulateMessage, a step's by accumulateDelta.

// runStreamAssembler keeps a run stream's events; result folds them
// again each time it is asked (a run streams tens of events, not
// thousands), so that a clone shares them all.
type runStreamAssembler struct {
	events   []runEvent
	messages []string // the messages' ids, in the order they came
	steps    []string // the run steps' ids, in the order they came
	done     bool     // the done event, or a run that ended, came
}

// runEvent is one event of a run stream: its name, its data, and the
// place of its message or run step among the stream's (add finds it),
// -1 for an event of neither.
type runEvent struct {
	name string
	data *fastjson.Value
	at   int
}

// runEnded are the statuses a run stops at.
var runEnded = []string{"completed", "failed", "cancelled", "expired", "incomplete", "requires_action"}

func (s *runStreamAssembler) clone() assembler {
	c := *s
	c.events, c.messages, c.steps = slices.Clip(s.events), slices.Clip(s.messages), slices.Clip(s.steps)
	return &c
}

func (s *runStreamAssembler) complete() bool { return s.done }

func (s *runStreamAssembler) add(c *Chunk, ds []Delta) ([]Delta, error) {
	name, data := c.Event, c.Data()
	if name == "done" {
		s.done = true
		return withDelta(ds, Delta{Kind: KindMeta, Field: "done"}), nil
	}
	if data == nil || data.Type() != fastjson.TypeObject {
		return ds, errorf("the event's data is not a JSON object")
	}
	id, at := getStr(data, "id"), -1
	switch {
	case name == "thread.message.delta":
		i := slices.Index(s.messages, id)
		if i < 0 {
			return ds, errorf("thread.message.delta of message %q, which no thread.message event created", id)
		}
		for _, p := range data.GetArray("delta", "content") {
			field := "data[" + strconv.Itoa(i) + "].content[" + strconv.Itoa(p.GetInt("index")) + "]"
			if t := p.Get("text", "value"); t != nil {
				ds = withDelta(ds, Delta{Kind: KindContent, Choice: i, Field: field + ".text.value", Text: sharedStr(t), Append: true})
			} else {
				ds = withDelta(ds, Delta{Kind: KindMeta, Choice: i, Field: field})
			}
		}
		at = i
	case strings.HasPrefix(name, "thread.message."):
		if at = slices.Index(s.messages, id); at >= 0 {
			ds = withDelta(ds, Delta{Kind: KindMeta, Field: name})
		} else {
			at, s.messages = len(s.messages), append(s.messages, id)
			ds = withDelta(ds, Delta{Kind: KindRole, Choice: at, Field: "role", Text: getStr(data, "role")})
		}
	case name == "thread.run.step.delta":
		if at = slices.Index(s.steps, id); at < 0 {
			return ds, errorf("thread.run.step.delta of step %q, which no thread.run.step event created", id)
		}
		ds = withDelta(ds, Delta{Kind: KindMeta, Field: "steps: " + name})
	case strings.HasPrefix(name, "thread.run.step."):
		if at = slices.Index(s.steps, id); at < 0 {
			at, s.steps = len(s.steps), append(s.steps, id)
		}
		ds = withDelta(ds, Delta{Kind: KindMeta, Field: "steps: " + name})
	case strings.HasPrefix(name, "thread.run."):
		s.done = s.done || slices.Contains(runEnded, getStr(data, "status"))
		ds = withDelta(ds, Delta{Kind: KindMeta, Field: "run: " + getStr(data, "status")})
	default: // error, and events added later
		ds = withDelta(ds, Delta{Kind: KindMeta, Field: name})
	}
	s.events = append(s.events, runEvent{name, data, at})
	return ds, nil
}

func (s *runStreamAssembler) result(a *arena) *fastjson.Value {
	var run, failure *fastjson.Value
	// add kept each object's place, and refused a delta before its
	// object.
	messages, steps := make([]*fastjson.Value, len(s.messages)), make([]*fastjson.Value, len(s.steps))
	for _, e := range s.events {
		v, delta := e.data, strings.HasSuffix(e.name, ".delta")
		switch {
		case strings.HasPrefix(e.name, "thread.message."):
			if delta {
				v = accumulateMessage(a, messages[e.at], e.data.Get("delta"))
			}
			messages[e.at] = v
		case strings.HasPrefix(e.name, "thread.run.step."):
			if delta {
				v = accumulateDelta(a, steps[e.at], e.data.Get("delta"))
			}
			steps[e.at] = v
		case strings.HasPrefix(e.name, "thread.run."):
			run = e.data
		case e.name == "error":
			failure = e.data
		}
	}
	o := a.NewObject()
	o.Set("object", newString(a, []byte("list")))
	o.Set("data", arrayOf(a, messages))
	o.Set("run", run)
	if len(steps) > 0 {
		o.Set("steps", arrayOf(a, steps))
	}
	if failure != nil {
		o.Set("error", failure)
	}
	return o
}

// accumulateDelta merges delta into acc as openai-python's
// accumulate_delta does (src/openai/lib/streaming/_assistants.py, read at
// 017136e), into a new value (acc, part of the recording, is not
// changed): a member acc lacks (or holds null) is delta's, but a list of
// objects with an index is merged into an empty list; index and type are
// replaced; strings are joined and numbers added; objects merge member
// by member; a list of strings or numbers grows by delta's items, and
// into any other list each of delta's items merges with the item whose
// index is its index, or is added. Any other pair keeps acc's, as the
// SDK does.
func accumulateDelta(a *arena, acc, delta *fastjson.Value) *fastjson.Value {
	if isNull(acc) {
		return delta
	}
	if acc.Type() != fastjson.TypeObject || delta == nil || delta.Type() != fastjson.TypeObject {
		return acc
	}
	o := a.NewObject()
	setMembers(o, acc)
	delta.GetObject().Visit(func(k []byte, dv *fastjson.Value) {
		key := string(k)
		av := o.Get(key)
		if av == nil && indexedList(dv) {
			av = a.NewArray()
		}
		switch {
		case isNull(av) || key == "index" || key == "type":
			o.Set(key, dv)
		case av.Type() == fastjson.TypeString && dv.Type() == fastjson.TypeString:
			o.Set(key, newString(a, append(slices.Clip(av.GetStringBytes()), dv.GetStringBytes()...)))
		case av.Type() == fastjson.TypeNumber && dv.Type() == fastjson.TypeNumber:
			o.Set(key, a.NewNumberFloat64(av.GetFloat64()+dv.GetFloat64()))
		case av.Type() == fastjson.TypeObject && dv.Type() == fastjson.TypeObject:
			o.Set(key, accumulateDelta(a, av, dv))
		case av.Type() == fastjson.TypeArray && dv.Type() == fastjson.TypeArray:
			o.Set(key, accumulateList(a, av.GetArray(), dv.GetArray()))
		}
	})
	return o
}

// indexedList reports a list whose first item is an object with an
// index: what accumulate_delta merges item by item even into nothing.
func indexedList(v *fastjson.Value) bool {
	items := v.GetArray()
	return v.Type() == fastjson.TypeArray && len(items) > 0 && items[0].Type() == fastjson.TypeObject && items[0].Get("index") != nil
}

// accumulateList merges the items of a list's delta into acc (see
// accumulateDelta): a non-empty list of strings and numbers grows by
// them; otherwise each item merges with acc's item of the same index,
// or is added. An item that is not an object with an integer index is
// added at the end, where the SDK raises: kept, not lost.
func accumulateList(a *arena, acc, delta []*fastjson.Value) *fastjson.Value {
	out := slices.Clone(acc)
	scalars := len(acc) > 0
	for _, v := range acc {
		if t := v.Type(); t != fastjson.TypeString && t != fastjson.TypeNumber {
			scalars = false
		}
	}
	for _, d := range delta {
		i, ok := intOf(d.Get("index"))
		at := -1
		if !scalars && ok && d.Type() == fastjson.TypeObject {
			at = slices.IndexFunc(out, func(v *fastjson.Value) bool {
				j, ok := intOf(v.Get("index"))
				return ok && j == i && v.Type() == fastjson.TypeObject
			})
		}
		if at >= 0 {
			out[at] = accumulateDelta(a, out[at], d)
		} else {
			out = append(out, d)
		}
	}
	return arrayOf(a, out)
}

// accumulateMessage merges a thread.message.delta's delta into the
// message snapshot as openai-python's accumulate_event does: each of its
// content items merges (accumulateDelta) with the snapshot's content
// item at the place its index names, or is inserted there (at the end
// when the index is past it).
func accumulateMessage(a *arena, msg, delta *fastjson.Value) *fastjson.Value {
	parts := delta.GetArray("content")
	if len(parts) == 0 {
		return msg
	}
	content := slices.Clone(msg.GetArray("content"))
	for _, p := range parts {
		i, ok := intOf(p.Get("index"))
		if ok && i >= 0 && i < len(content) {
			content[i] = accumulateDelta(a, content[i], p)
		} else { // past the end; or no index, kept at the end, not lost
			content = append(content, p)
		}
	}
	o := a.NewObject()
	setMembers(o, msg)
	o.Set("content", arrayOf(a, content))
	return o
}

// runStreamRead are the members of an assembled run stream that
// runStreamAnswer reads.
var runStreamRead = nameSet{"object", "data", "run", "steps"}

// runStreamAnswer reads an assembled run stream: each message a choice
// (its role and content, as a thread.message reads); the tool calls the
// run asks for (its required_action) as the assistant's last choice; the
// run's usage and last_error; the run's other members under "run", and
// the steps, as recorded.
func runStreamAnswer(v *fastjson.Value) Answer {
	run := v.Get("run")
	a := Answer{Usage: usageItems(run.Get("usage"), "run.", nil), Other: otherMembers(nil, "", v, runStreamRead)}
	for i, it := range v.GetArray("data") {
		m := threadMessage(it)
		a.Choices = append(a.Choices, Choice{Index: i, Role: m.Role, Parts: m.Parts})
		a.Other = underItem(a.Other, "data", i, m.Other)
	}
	if !isNull(run) {
		ra := runAnswer(run)
		for _, c := range ra.Choices {
			c.Index = len(a.Choices)
			a.Choices = append(a.Choices, c)
		}
		for _, m := range ra.Other {
			a.Other = withMember(a.Other, "run."+m.Path, m.Value)
		}
		a.Error = ra.Error
	}
	if s := v.Get("steps"); s != nil {
		a.Other = withMember(a.Other, "steps", s)
	}
	return a
}
