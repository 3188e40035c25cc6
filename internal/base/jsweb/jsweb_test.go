//go:build js

package jsweb

import (
	"errors"
	"strings"
	"syscall/js"
	"testing"
)

func TestAwait(t *testing.T) {
	promise := js.Global().Get("Promise")
	v, err := Await(promise.Call("resolve", 42))
	if err != nil || v.Int() != 42 {
		t.Errorf("Await(resolve(42)) = %v, %v", v, err)
	}
	_, err = Await(promise.Call("reject", js.Global().Get("Error").New("no")))
	if err == nil || err.Error() != "Error: no" {
		t.Errorf("Await(reject(Error(no))) error = %v, want Error: no", err)
	}
}

// answer is a Response of body, as Fetch would return it.
func answer(body string) *Response {
	g := js.Global()
	return &Response{res: g.Get("Response").New(body), abort: g.Get("AbortController").New()}
}

func TestReadBody(t *testing.T) {
	body := strings.Repeat("recview ", 100)
	got, err := answer(body).ReadBody(len(body))
	if err != nil || string(got) != body {
		t.Errorf("ReadBody(%d) = %d bytes, %v; want the body", len(body), len(got), err)
	}
	_, err = answer(body).ReadBody(len(body) - 1)
	var past PastLimitError
	if !errors.As(err, &past) || int(past) < len(body) {
		t.Errorf("ReadBody(%d) error = %v, want PastLimitError", len(body)-1, err)
	}
	g := js.Global()
	none := &Response{res: g.Get("Response").New(js.Null()), abort: g.Get("AbortController").New()}
	if got, err := none.ReadBody(10); got != nil || err != nil {
		t.Errorf("ReadBody of no body = %q, %v; want nil, nil", got, err)
	}
}

func TestFetch(t *testing.T) {
	res, err := Fetch("data:application/json,%7B%7D", false)
	if err != nil {
		t.Fatal(err)
	}
	if res.Status() != 200 || res.Header("Content-Type") != "application/json" || res.Header("X-None") != "" {
		t.Errorf("status %d, Content-Type %q, X-None %q", res.Status(), res.Header("Content-Type"), res.Header("X-None"))
	}
	if got, err := res.ReadBody(10); string(got) != "{}" || err != nil {
		t.Errorf("ReadBody = %q, %v", got, err)
	}
}

func TestBytes(t *testing.T) {
	view := js.Global().Get("Uint8Array").New(3)
	js.CopyBytesToJS(view, []byte{0, 'a', 0xff})
	buf := view.Get("buffer")
	if got := Bytes(buf); string(got) != "\x00a\xff" {
		t.Errorf("Bytes = %q, want \"\\x00a\\xff\"", got)
	}
	if n := buf.Get("byteLength").Int(); n != 3 {
		t.Errorf("the buffer has %d bytes after Bytes, want its 3 still", n)
	}
	if got := Bytes(js.Global().Get("ArrayBuffer").New(0)); len(got) != 0 {
		t.Errorf("Bytes of an empty buffer = %q", got)
	}
}

func TestBuffer(t *testing.T) {
	buf := Buffer([]byte{0, 'a', 0xff})
	if !buf.InstanceOf(js.Global().Get("ArrayBuffer")) {
		t.Fatalf("Buffer returned %s, want an ArrayBuffer", buf.Type())
	}
	view := js.Global().Get("Uint8Array").New(buf)
	if n := view.Length(); n != 3 {
		t.Fatalf("the buffer has %d bytes, want 3", n)
	}
	for i, want := range []int{0, 'a', 0xff} {
		if got := view.Index(i).Int(); got != want {
			t.Errorf("byte %d = %d, want %d", i, got, want)
		}
	}
	if n := Buffer(nil).Get("byteLength").Int(); n != 0 {
		t.Errorf("Buffer(nil) has %d bytes, want 0", n)
	}
}
