//go:build js

package pageworker

import (
	"errors"
	"syscall/js"

	"github.com/recview/recview/internal/base/jsweb"
)

// Post posts m to target (a Worker, or the worker's own global scope) as
// {kind, body, files}, transferring the ArrayBuffers in transfer (their
// memory moves to the other side, which alone can read them then). The
// error is Encode's: nothing is posted.
func Post(target js.Value, m Message, files, transfer []js.Value) error {
	body, err := Encode(m)
	if err != nil {
		return err
	}
	PostBody(target, m.Kind(), body, files, transfer)
	return nil
}

// PostBody posts a message of kind k whose body is already encoded (a
// ReplayAdd's, by ReplayAddBody), as Post does.
func PostBody(target js.Value, k Kind, body []byte, files, transfer []js.Value) {
	PostBodyArray(target, k, body, array(files), transfer)
}

// PostBodyArray is PostBody with the files already a JavaScript array
// (thousands of them are made one in a single call: browser.Worker). The
// body goes as an ArrayBuffer, transferred, not as a string: a string
// costs the sender a conversion to UTF-16 and the receiver one back to
// UTF-8, each a pass over the body on its thread (a review's report is
// megabytes).
func PostBodyArray(target js.Value, k Kind, body []byte, files js.Value, transfer []js.Value) {
	msg := js.Global().Get("Object").New()
	msg.Set("kind", string(k))
	buf := jsweb.Buffer(body)
	msg.Set("body", buf)
	msg.Set("files", files)
	target.Call("postMessage", msg, array(append(transfer[:len(transfer):len(transfer)], buf)))
}

// Receive reads a message event's data: its kind, its body (an
// ArrayBuffer, as PostBodyArray sends it, or a string, as web/worker.js
// reports worker.wasm's failure to load) and its files (empty when it has
// none). The error says it is not {kind, body, files}.
func Receive(data js.Value) (Kind, []byte, []js.Value, error) {
	if data.Type() != js.TypeObject || data.Get("kind").Type() != js.TypeString {
		return "", nil, nil, errNotMessage
	}
	var body []byte
	switch b := data.Get("body"); {
	case b.Type() == js.TypeString:
		body = []byte(b.String())
	case b.InstanceOf(js.Global().Get("ArrayBuffer")):
		body = jsweb.Bytes(b)
	default:
		return "", nil, nil, errNotMessage
	}
	var files []js.Value
	if f := data.Get("files"); js.Global().Get("Array").Call("isArray", f).Bool() {
		files = make([]js.Value, f.Length())
		for i := range files {
			files[i] = f.Index(i)
		}
	}
	return Kind(data.Get("kind").String()), body, files, nil
}

// errNotMessage is Receive's error for data that is not {kind, body, files}.
var errNotMessage = errors.New("the worker's protocol: a message that is not {kind, body, files}")

// array is a JavaScript array of vs.
func array(vs []js.Value) js.Value {
	a := js.Global().Get("Array").New(len(vs))
	for i, v := range vs {
		a.SetIndex(i, v)
	}
	return a
}
