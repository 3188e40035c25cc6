//go:build js

package pageworker

import (
	"bytes"
	"syscall/js"
	"testing"
)

// roundTrip posts body as a message of kind k through a MessageChannel
// (PostBodyArray, as the page and the worker post to each other) and
// returns what Receive reads of it on the other port.
func roundTrip(t *testing.T, k Kind, body []byte) (Kind, []byte, []js.Value) {
	t.Helper()
	ch := js.Global().Get("MessageChannel").New()
	defer ch.Get("port1").Call("close")
	defer ch.Get("port2").Call("close")
	type got struct {
		k     Kind
		body  []byte
		files []js.Value
		err   error
	}
	out := make(chan got, 1)
	onMessage := js.FuncOf(func(this js.Value, args []js.Value) any {
		k, body, files, err := Receive(args[0].Get("data"))
		out <- got{k, body, files, err}
		return nil
	})
	defer onMessage.Release()
	ch.Get("port2").Set("onmessage", onMessage)
	files := js.Global().Get("Array").New()
	files.Call("push", js.Global().Get("ArrayBuffer").New(3))
	PostBodyArray(ch.Get("port1"), k, body, files, nil)
	g := <-out
	if g.err != nil {
		t.Fatalf("Receive: %v", g.err)
	}
	return g.k, g.body, g.files
}

// TestPostReceive checks that a body posted by PostBodyArray reaches
// Receive byte for byte, bytes that are not UTF-8 included (a string
// body turned them into U+FFFD), with its kind and files.
func TestPostReceive(t *testing.T) {
	body := []byte("{\"rows\": [\"é\"]}\xff\x00\xfe")
	k, got, files := roundTrip(t, KindReport, body)
	if k != KindReport || !bytes.Equal(got, body) {
		t.Errorf("received kind %q, body %q; want %q, %q", k, got, KindReport, body)
	}
	if len(files) != 1 || files[0].Get("byteLength").Int() != 3 {
		t.Errorf("received %d files, want the one ArrayBuffer of 3 bytes", len(files))
	}
	if _, got, _ := roundTrip(t, KindReady, nil); len(got) != 0 {
		t.Errorf("an empty body came back as %q", got)
	}
}

// TestReceiveForms checks what Receive takes besides PostBodyArray's
// messages: a string body (web/worker.js reports worker.wasm's failure
// to load so), and nothing that is not {kind, body}.
func TestReceiveForms(t *testing.T) {
	obj := func(kind, body any) js.Value {
		o := js.Global().Get("Object").New()
		if kind != nil {
			o.Set("kind", kind)
		}
		if body != nil {
			o.Set("body", body)
		}
		return o
	}
	k, body, files, err := Receive(obj("failure", `{"error": "worker.wasm: 404"}`))
	if err != nil || k != KindFailure || string(body) != `{"error": "worker.wasm: 404"}` || len(files) != 0 {
		t.Errorf("string body: %q %q %d %v", k, body, len(files), err)
	}
	for name, data := range map[string]js.Value{
		"not an object":  js.ValueOf("report"),
		"no kind":        obj(nil, "x"),
		"no body":        obj("report", nil),
		"a number body":  obj("report", 3),
		"an array body":  obj("report", js.Global().Get("Array").New()),
		"a numeric kind": obj(7, "x"),
	} {
		if _, _, _, err := Receive(data); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}
