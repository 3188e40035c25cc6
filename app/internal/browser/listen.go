package browser

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// Event is a DOM event, as the page's listeners (Listen) and go-app's
// handlers (EventOf) receive it, with what the viewer reads of it.
type Event struct{ v app.Value }

// EventOf is the event of a go-app handler.
func EventOf(e app.Event) Event { return Event{e.Value} }

// Listen calls f with each event of type event on the window, on the
// page's event loop (addEventListener), for as long as the page lives;
// capture catches it on its way down, before the listeners of the
// elements it is for. f must not block: the event is over when it
// returns (a drop's items are readable only while it runs).
func Listen(event string, capture bool, f func(Event)) {
	app.Window().Call("addEventListener", event, app.FuncOf(func(this app.Value, args []app.Value) any {
		f(Event{args[0]})
		return nil
	}), capture)
}

// Key is a key press as a keyboard event tells it.
type Key struct {
	Name  string // the key: "n", "Enter", "ArrowLeft", " "...
	Shift bool   // Shift was held
	Ctrl  bool   // Control or Meta (Command) was held
	Alt   bool   // Alt (Option) was held
}

// Modified reports whether Control, Meta or Alt was held: the page's own
// shortcuts leave such keys to the browser.
func (k Key) Modified() bool { return k.Ctrl || k.Alt }

// Key is a keyboard event's key and the modifiers held.
func (e Event) Key() Key {
	v := e.v
	return Key{Name: v.Get("key").String(), Shift: v.Get("shiftKey").Bool(),
		Ctrl: v.Get("ctrlKey").Bool() || v.Get("metaKey").Bool(), Alt: v.Get("altKey").Bool()}
}

// PreventDefault stops the browser's own handling of the event.
func (e Event) PreventDefault() { e.v.Call("preventDefault") }

// StopPropagation stops the event from reaching further listeners.
func (e Event) StopPropagation() { e.v.Call("stopPropagation") }

// Target is the element the event happened on.
func (e Event) Target() Element { return Element{e.v.Get("target")} }

// InTextField reports whether a key or paste event happened in a text
// field (a textarea, a select, an input other than a slider, or editable
// content), where the page's own shortcuts stay out of the way.
func (e Event) InTextField() bool {
	t := e.v.Get("target")
	if !t.Truthy() || !t.Get("tagName").Truthy() {
		return false
	}
	switch t.Get("tagName").String() {
	case "TEXTAREA", "SELECT":
		return true
	case "INPUT":
		return t.Get("type").String() != "range"
	}
	return t.Get("isContentEditable").Bool()
}

// PastedText is a paste event's text.
func (e Event) PastedText() string {
	return e.v.Get("clipboardData").Call("getData", "text").String()
}

// LeftPage reports whether a dragleave event left the page (rather than
// one of its elements for another).
func (e Event) LeftPage() bool { return e.v.Get("relatedTarget").IsNull() }

// DataTransfer is a drag event's DataTransfer, for DroppedEntries and
// DroppedHandles.
func (e Event) DataTransfer() app.Value { return e.v.Get("dataTransfer") }

// DroppedFiles is a drop event's files, as a JavaScript array
// (ArrayFrom): it stays valid after the event.
func (e Event) DroppedFiles() app.Value { return ArrayFrom(e.v.Get("dataTransfer").Get("files")) }

// NewURL is a hashchange event's new address.
func (e Event) NewURL() string { return e.v.Get("newURL").String() }
