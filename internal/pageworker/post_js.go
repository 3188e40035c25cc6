//go:build js

package pageworker

import (
	"errors"
	"syscall/js"
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
// (thousands of them are made one in a single call: browser.Worker).
func PostBodyArray(target js.Value, k Kind, body []byte, files js.Value, transfer []js.Value) {
	msg := js.Global().Get("Object").New()
	msg.Set("kind", string(k))
	msg.Set("body", string(body))
	msg.Set("files", files)
	target.Call("postMessage", msg, array(transfer))
}

// Receive reads a message event's data: its kind, its body and its files
// (empty when it has none). The error says it is not {kind, body, files}.
func Receive(data js.Value) (Kind, []byte, []js.Value, error) {
	if data.Type() != js.TypeObject || data.Get("kind").Type() != js.TypeString || data.Get("body").Type() != js.TypeString {
		return "", nil, nil, errors.New("the worker's protocol: a message that is not {kind, body, files}")
	}
	var files []js.Value
	if f := data.Get("files"); js.Global().Get("Array").Call("isArray", f).Bool() {
		files = make([]js.Value, f.Length())
		for i := range files {
			files[i] = f.Index(i)
		}
	}
	return Kind(data.Get("kind").String()), []byte(data.Get("body").String()), files, nil
}

// array is a JavaScript array of vs.
func array(vs []js.Value) js.Value {
	a := js.Global().Get("Array").New(len(vs))
	for i, v := range vs {
		a.SetIndex(i, v)
	}
	return a
}
