package browser

import (
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Element is an element of the page, or none (Exists reports which):
// on none, every method does nothing and reads as zero.
type Element struct{ v app.Value }

// ElementOf is the element of a go-app component (its JSValue()).
func ElementOf(v app.Value) Element { return Element{v} }

// Src is the element a go-app event handler runs for (ctx.JSSrc()).
func Src(ctx app.Context) Element { return Element{ctx.JSSrc()} }

// ElementByID is the page's element with that id, or none.
func ElementByID(id string) Element { return Element{app.Window().GetElementByID(id)} }

// Query is the page's elements that match the CSS selector, in document
// order (document.querySelectorAll).
func Query(selector string) []Element {
	return Element{app.Window().Get("document")}.QueryAll(selector)
}

// Exists reports whether there is an element.
func (el Element) Exists() bool { return el.v != nil && el.v.Truthy() }

// Data is the element's data-* attribute of that name in camelCase (its
// dataset: "reviewDrop" for data-review-drop), "" when absent.
func (el Element) Data(name string) string {
	if !el.Exists() {
		return ""
	}
	d := el.v.Get("dataset").Get(name)
	if !d.Truthy() {
		return ""
	}
	return d.String()
}

// Value is a form field's value.
func (el Element) Value() string {
	if !el.Exists() {
		return ""
	}
	return el.v.Get("value").String()
}

// SetValue sets a form field's value.
func (el Element) SetValue(s string) {
	if el.Exists() {
		el.v.Set("value", s)
	}
}

// Lines is the number of lines of a form field's value, counted in the
// page: copying a large text into Go on every keystroke would slow
// typing. (String.prototype.split.call, since syscall/js cannot call a
// method of a string value.)
func (el Element) Lines() int {
	split := app.Window().Get("String").Get("prototype").Get("split")
	return split.Call("call", el.v.Get("value"), "\n").Get("length").Int()
}

// TakeFiles is the files picked in a file input, as a JavaScript array
// (ArrayFrom), and empties the input, so that picking the same files
// again is a change too.
func (el Element) TakeFiles() app.Value {
	files := ArrayFrom(el.v.Get("files"))
	el.v.Set("value", "")
	return files
}

// Closest is the element or its nearest ancestor that matches the CSS
// selector (Element.closest), or none; none too when the element is not
// one (a text node, the document).
func (el Element) Closest(selector string) Element {
	if !el.Exists() || !el.v.Get("closest").Truthy() {
		return Element{}
	}
	return Element{el.v.Call("closest", selector)}
}

// QueryOne is the element's first descendant that matches the CSS
// selector (querySelector), or none.
func (el Element) QueryOne(selector string) Element {
	if !el.Exists() {
		return Element{}
	}
	return Element{el.v.Call("querySelector", selector)}
}

// QueryAll is the element's descendants that match the CSS selector, in
// document order (querySelectorAll).
func (el Element) QueryAll(selector string) []Element {
	if !el.Exists() {
		return nil
	}
	list := el.v.Call("querySelectorAll", selector)
	out := make([]Element, list.Length())
	for i := range out {
		out[i] = Element{list.Index(i)}
	}
	return out
}

// QueryLast is the element's last descendant that matches the CSS
// selector, or none.
func (el Element) QueryLast(selector string) Element {
	if !el.Exists() {
		return Element{}
	}
	list := el.v.Call("querySelectorAll", selector)
	if n := list.Length(); n > 0 {
		return Element{list.Index(n - 1)}
	}
	return Element{}
}

// InView reports whether some of the element is inside the window's
// viewport (getBoundingClientRect against innerHeight).
func (el Element) InView() bool {
	if !el.Exists() {
		return false
	}
	r := el.v.Call("getBoundingClientRect")
	return r.Get("bottom").Int() > 0 && r.Get("top").Int() < app.Window().Get("innerHeight").Int()
}

// Previous is the element's previous sibling element, or none.
func (el Element) Previous() Element {
	if !el.Exists() {
		return Element{}
	}
	return Element{el.v.Get("previousElementSibling")}
}

// MoveClass gives the class name to the element's child element i alone,
// taking it from the descendant that has it; i out of range takes it
// away. It touches nothing when child i already has it, so the page has
// nothing to restyle.
func (el Element) MoveClass(name string, i int) {
	if !el.Exists() {
		return
	}
	old := el.QueryOne("." + name)
	var now Element
	if c := el.v.Get("children"); i >= 0 && i < c.Length() {
		now = Element{c.Index(i)}
		if old.Exists() && now.v.Equal(old.v) {
			return
		}
	}
	old.SetClass(name, false)
	now.SetClass(name, true)
}

// Children is the number of the element's child elements.
func (el Element) Children() int {
	if !el.Exists() {
		return 0
	}
	return el.v.Get("childElementCount").Int()
}

// SetHTML replaces the element's content with the markup html
// (innerHTML), which must be the viewer's own, escaped, markup.
func (el Element) SetHTML(html string) {
	if el.Exists() {
		el.v.Set("innerHTML", html)
	}
}

// AppendHTML adds the markup html after the element's content
// (insertAdjacentHTML beforeend), leaving what is there untouched.
func (el Element) AppendHTML(html string) {
	if el.Exists() {
		el.v.Call("insertAdjacentHTML", "beforeend", html)
	}
}

// KeepChildren removes the element's child elements after the first n.
func (el Element) KeepChildren(n int) {
	for el.Children() > n {
		el.v.Get("lastElementChild").Call("remove")
	}
}

// SetClass adds the class name to the element (on) or removes it.
func (el Element) SetClass(name string, on bool) {
	if el.Exists() {
		el.v.Get("classList").Call("toggle", name, on)
	}
}

// Flash scrolls the element smoothly to the middle of the view and gives
// it the class name for d (a CSS animation's length).
func (el Element) Flash(name string, d time.Duration) {
	if !el.Exists() {
		return
	}
	el.v.Call("scrollIntoView", map[string]any{"behavior": "smooth", "block": "center"})
	el.SetClass(name, true)
	time.AfterFunc(d, func() { el.SetClass(name, false) })
}

// Focus gives the element the keyboard focus.
func (el Element) Focus() {
	if el.Exists() {
		el.v.Call("focus")
	}
}

// Blur takes the keyboard focus from el: the page's keys work again.
func (el Element) Blur() {
	if el.Exists() {
		el.v.Call("blur")
	}
}

// Select selects a text field's whole text.
func (el Element) Select() {
	if el.Exists() {
		el.v.Call("select")
	}
}

// SelectRange selects a text field's characters from start to end
// (setSelectionRange), which puts the cursor there.
func (el Element) SelectRange(start, end int) {
	if el.Exists() {
		el.v.Call("setSelectionRange", start, end)
	}
}

// ScrollLike scrolls the element's content as far down as from's is
// (scrollTop): a gutter beside the lines it numbers.
func (el Element) ScrollLike(from Element) {
	if el.Exists() && from.Exists() {
		el.v.Set("scrollTop", from.v.Get("scrollTop"))
	}
}

// SetScrollTop scrolls the element's content to y CSS pixels from its
// top.
func (el Element) SetScrollTop(y float64) {
	if el.Exists() {
		el.v.Set("scrollTop", y)
	}
}

// PageScrollY is how far down the page is scrolled, in whole CSS pixels
// (window.scrollY).
func PageScrollY() int { return app.Window().Get("scrollY").Int() }

// ScrollPageTo scrolls the page to y CSS pixels from its top, at once.
func ScrollPageTo(y int) { app.Window().Call("scrollTo", 0, y) }

// Top is how far the element's top is below the window's top, in whole
// CSS pixels (getBoundingClientRect().top; negative above it).
func (el Element) Top() int {
	if !el.Exists() {
		return 0
	}
	return el.v.Call("getBoundingClientRect").Get("top").Int()
}

// ScrollIntoViewIfNeeded scrolls the page as little as it takes to
// bring the element into view (scrollIntoView, block "nearest").
func (el Element) ScrollIntoViewIfNeeded() {
	if el.Exists() {
		el.v.Call("scrollIntoView", map[string]any{"block": "nearest"})
	}
}

// FocusInPlace gives the element the keyboard focus without scrolling
// it into view (focus({preventScroll: true})).
func (el Element) FocusInPlace() {
	if el.Exists() {
		el.v.Call("focus", map[string]any{"preventScroll": true})
	}
}

// SetTheme sets the page's data-theme attribute (on the root element)
// to theme; "" removes it (the CSS then follows prefers-color-scheme).
func SetTheme(theme string) {
	root := app.Window().Get("document").Get("documentElement")
	if theme == "" {
		root.Call("removeAttribute", "data-theme")
		return
	}
	root.Call("setAttribute", "data-theme", theme)
}

// Narrow reports a window of a phone's width, where the review page folds
// its summary: 700 CSS pixels or less, the width at which web/review.css
// lays the table out for a phone.
func Narrow() bool {
	return app.Window().Call("matchMedia", "(max-width: 700px)").Get("matches").Bool()
}
