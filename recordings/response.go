package recordings

import (
	"fmt"
	"strings"

	"github.com/valyala/fastjson"
)

// unwrap removes the recorder's {"__type__": T, "__data__": D} wrapper
// (api_recorder.py, _serialize_response) and returns D and T; other values
// come back as they are with an empty type name.
func unwrap(v *fastjson.Value) (*fastjson.Value, string) {
	if v == nil || v.Type() != fastjson.TypeObject {
		return v, ""
	}
	t, d := v.Get("__type__"), v.Get("__data__")
	if t == nil || d == nil || t.Type() != fastjson.TypeString {
		return v, ""
	}
	return d, string(t.GetStringBytes())
}

func (r *Recording) decodeResponse(resp *fastjson.Value) error {
	var err error
	flag := func(key string) bool {
		v := resp.Get(key)
		if err != nil || v == nil || v.Type() == fastjson.TypeNull {
			return false
		}
		switch v.Type() {
		case fastjson.TypeTrue:
			return true
		case fastjson.TypeFalse:
			return false
		}
		err = badField("response."+key, "boolean", v)
		return false
	}
	r.Streaming = flag("is_streaming")
	isExc := flag("is_exception")
	if err != nil {
		return err
	}
	if v := resp.Get("status"); v != nil && v.Type() != fastjson.TypeNull {
		n, ierr := v.Int()
		if ierr != nil {
			return badField("response.status", "integer", v)
		}
		r.Status = n
	}
	if isExc {
		return r.decodeException(resp)
	}
	body := resp.Get("body")
	if body == nil {
		return &ParseError{Path: "response", Err: errorf("%w: no \"body\"", ErrNotRecording)}
	}
	if r.Streaming {
		return r.decodeStream(body)
	}
	return r.decodeBody(body)
}

func (r *Recording) decodeException(resp *fastjson.Value) error {
	e := &Exception{}
	if m := resp.Get("exception_message"); m != nil && m.Type() == fastjson.TypeString {
		e.Message = string(m.GetStringBytes())
	}
	if d := resp.Get("exception_data"); d != nil && d.Type() == fastjson.TypeObject {
		var err error
		get := func(k string) string {
			s, e2 := optString(d, "response.exception_data", k)
			if err == nil {
				err = e2
			}
			return s
		}
		e.Type, e.Category, e.Provider = get("type"), get("category"), get("provider")
		if m := get("message"); m != "" {
			e.Message = m
		}
		if err != nil {
			return err
		}
		if s := d.Get("status_code"); s != nil && s.Type() == fastjson.TypeNumber {
			e.Status = s.GetInt()
		}
		if b := d.Get("body"); b != nil && b.Type() != fastjson.TypeNull {
			e.Body = b
		}
	}
	if e.Status == 0 {
		e.Status = r.Status
	}
	r.Exception = e
	return nil
}

// decodeBody unwraps a non-streaming body. A list of wrapped objects (a
// models list) becomes a list of their data.
func (r *Recording) decodeBody(body *fastjson.Value) error {
	if body.Type() != fastjson.TypeArray {
		r.ResponseBody, r.TypeName = unwrap(body)
		return nil
	}
	items := body.GetArray()
	var a fastjson.Arena
	out := a.NewArray()
	for i, it := range items {
		d, t := unwrap(it)
		if i == 0 {
			r.TypeName = t
		}
		out.SetArrayItem(i, d)
	}
	r.ResponseBody = out
	return nil
}

// decodeStream splits a streamed body into chunks: a list of JSON objects
// (wrapped or not), or a list of SSE lines.
func (r *Recording) decodeStream(body *fastjson.Value) error {
	if body.Type() != fastjson.TypeArray {
		return badField("response.body", "array (the response is streaming)", body)
	}
	if r.sliced != nil { // checked by parseSliced
		r.Chunks = r.sliced
		r.TypeName = r.Chunks[0].Type
		return nil
	}
	items := body.GetArray()
	if len(items) > 0 && items[0].Type() == fastjson.TypeString {
		return r.decodeSSE(items)
	}
	r.Chunks = make([]Chunk, len(items))
	for i, it := range items {
		if it.Type() != fastjson.TypeObject {
			return badField(fmt.Sprintf("response.body[%d]", i), "object (a stream chunk)", it)
		}
		d, t := unwrap(it)
		if d.Type() != fastjson.TypeObject {
			return badField(fmt.Sprintf("response.body[%d].__data__", i), "object", d)
		}
		r.Chunks[i] = Chunk{Type: t, data: d, elem: it}
	}
	if len(items) > 0 {
		r.TypeName = r.Chunks[0].Type
	}
	return nil
}

// decodeSSE groups SSE lines into events, following the WHATWG
// server-sent events parsing rules: "field: value" lines, one optional
// space after the colon, data lines joined by "\n", an empty line ending
// the event, lines starting with ':' ignored. Events without data are
// dropped, as an EventSource does.
func (r *Recording) decodeSSE(items []*fastjson.Value) error {
	var event string
	var data []string
	flush := func() {
		if data != nil {
			text := strings.Join(data, "\n")
			c := Chunk{Event: event, Text: text}
			if v, err := fastjson.Parse(text); err == nil {
				c.data = v
			}
			r.Chunks = append(r.Chunks, c)
		}
		event, data = "", nil
	}
	for i, it := range items {
		if it.Type() != fastjson.TypeString {
			return badField(fmt.Sprintf("response.body[%d]", i), "string (an SSE line)", it)
		}
		line := string(it.GetStringBytes())
		r.pace.add(len(line))
		if line == "" {
			flush()
			continue
		}
		if line[0] == ':' {
			continue
		}
		field, value, _ := strings.Cut(line, ":")
		value = strings.TrimPrefix(value, " ")
		switch field {
		case "event":
			event = value
		case "data":
			data = append(data, value)
		}
	}
	flush()
	return nil
}
