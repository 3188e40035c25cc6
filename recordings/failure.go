package recordings

import "github.com/valyala/fastjson"

// Failure is the error a recording holds, nil when it records a
// success: its Exception (response.is_exception), or, for a raw HTTP
// recording whose response.status is 400 or more (Google interactions,
// Anthropic messages), an Exception read from that answer. Such a file
// records the provider's refusal as an ordinary response, its body the
// provider's error object; Failure reads it as RFC 9110 section 15
// classes a status (4xx the client's error, 5xx the server's):
//
//   - Status is response.status;
//   - Type is the error object's "type" (Anthropic's
//     {"type": "error", "error": {"type": "invalid_request_error", ...}}),
//     else its "code" (Google's {"error": {"code": "invalid_request", ...}})
//     when that is a string, else its "status" when a string;
//   - Message is the error object's "message", or the body itself when it
//     is a string, or a FastAPI-style body's "detail" when a string;
//   - Body is the response body as Parse unwrapped it (ResponseBody).
//
// The error object is body.error when that is an object, else the body.
// Category and Provider stay empty: the answer does not say them. A
// streamed answer with such a status has no body to read: its Failure
// has only the Status.
func (r *Recording) Failure() *Exception {
	if r.Exception != nil {
		return r.Exception
	}
	if r.Status < 400 {
		return nil
	}
	e := &Exception{Status: r.Status, Body: r.ResponseBody}
	b := r.ResponseBody
	if b == nil {
		return e
	}
	if b.Type() == fastjson.TypeString {
		e.Message = string(b.GetStringBytes())
		return e
	}
	x := errorObject(b)
	e.Type, e.Message = x.Type, x.Message
	return e
}

// errorObject reads an error object as Failure does: the object is
// b.error when that is an object, else b; Type its "type", else its
// "code" or "status" when a string; Message its "message", else b's
// "detail"; Status its "status_code" (Groq's) when an integer; Body b.
func errorObject(b *fastjson.Value) *Exception {
	e := &Exception{Body: b}
	obj := b
	if inner := b.Get("error"); inner != nil && inner.Type() == fastjson.TypeObject {
		obj = inner
	}
	e.Type = firstStr(obj, "type", "code", "status")
	e.Message = getStr(obj, "message")
	if e.Message == "" {
		e.Message = getStr(b, "detail")
	}
	if n, ok := intOf(obj.Get("status_code")); ok {
		e.Status = n
	}
	return e
}
