package app

import (
	"errors"
	"fmt"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// readFiles opens File objects (a JavaScript array): one file opens as a
// recording, several as an index. An error names the file; what is open
// stays open.
func (v *Viewer) readFiles(files app.Value) {
	n := files.Get("length").Int()
	switch {
	case n == 0:
		return
	case n > 1:
		v.listFiles(files, false)
		return
	}
	v.openFile(newFileRef(files.Index(0), ""))
}

// openFile reads a local file in the background and opens it; the page
// says it is loading f.path meanwhile, and shows the error if it fails.
func (v *Viewer) openFile(f fileRef) {
	v.loading = f.path
	ctx := v.ctx
	ctx.Async(func() {
		d, err := f.readDoc()
		ctx.Dispatch(func(ctx app.Context) {
			if err != nil {
				v.fail(err)
				return
			}
			v.open(ctx, []*openDoc{d})
		})
	})
}

// listFiles makes the index of File objects (a JavaScript array) in the
// background: asking thousands of files for their names takes the page a
// second, so it pauses every 200 files to let the page draw. With folder
// set (a picked folder) only .json files are kept, with their paths.
func (v *Viewer) listFiles(files app.Value, folder bool) {
	n := files.Get("length").Int()
	v.loading = fmt.Sprintf("the list of %d files", n)
	ctx := v.ctx
	ctx.Async(func() {
		refs := make([]fileRef, 0, n)
		for i := range n {
			f := files.Index(i)
			path := ""
			if folder {
				path = f.Get("webkitRelativePath").String()
				if !strings.HasSuffix(strings.ToLower(path), ".json") {
					continue
				}
			}
			refs = append(refs, newFileRef(f, path))
			if i%200 == 199 {
				yieldToPage()
			}
		}
		ctx.Dispatch(func(ctx app.Context) {
			v.loading = ""
			if len(refs) == 0 {
				v.fail(errors.New("the folder holds no .json files"))
				return
			}
			v.indexFiles(refs)
		})
	})
}

// openText opens pasted JSON text.
func (v *Viewer) openText(ctx app.Context, text string) {
	if strings.TrimSpace(text) == "" {
		return
	}
	d, err := newDoc("pasted.json", []byte(text))
	if err != nil {
		v.fail(err)
		return
	}
	v.open(ctx, []*openDoc{d})
}

// listen installs the page-wide handlers: keyboard shortcuts, paste
// anywhere (outside text fields), drag and drop of files, back/forward.
func (v *Viewer) listen(ctx app.Context) {
	win := app.Window()
	on := func(event string, f func(e app.Value)) {
		fn := app.FuncOf(func(this app.Value, args []app.Value) any {
			f(args[0])
			return nil
		})
		win.Call("addEventListener", event, fn)
	}
	// The stepping keys work on the slider too (its native arrows would
	// ignore Shift), so range inputs are not text fields here.
	on("keydown", func(e app.Value) {
		if inTextField(e) {
			return
		}
		key, shift := e.Get("key").String(), e.Get("shiftKey").Bool()
		if e.Get("ctrlKey").Bool() || e.Get("metaKey").Bool() || e.Get("altKey").Bool() {
			return
		}
		switch key {
		case "Escape":
			ctx.Dispatch(func(ctx app.Context) { v.sharing = nil })
		case "ArrowLeft", "ArrowRight", "Home", "End", " ":
			e.Call("preventDefault")
			ctx.Dispatch(func(ctx app.Context) { v.onKey(ctx, key, shift) })
		}
	})
	on("paste", func(e app.Value) {
		if inTextField(e) {
			return
		}
		text := e.Get("clipboardData").Call("getData", "text").String()
		e.Call("preventDefault")
		ctx.Dispatch(func(ctx app.Context) { v.openText(ctx, text) })
	})
	on("dragover", func(e app.Value) {
		e.Call("preventDefault")
		if !v.drag {
			ctx.Dispatch(func(ctx app.Context) { v.drag = true })
		}
	})
	on("dragleave", func(e app.Value) {
		if e.Get("relatedTarget").IsNull() {
			ctx.Dispatch(func(ctx app.Context) { v.drag = false })
		}
	})
	on("drop", func(e app.Value) {
		e.Call("preventDefault")
		dt := e.Get("dataTransfer")
		// The items of a drop are readable only during the event.
		entries, folder := droppedEntries(dt)
		var handles []app.Value
		if folder {
			handles = droppedHandles(dt)
		}
		files := jsArray(dt.Get("files"))
		ctx.Dispatch(func(ctx app.Context) { v.drag = false })
		if folder {
			v.indexEntries(entries, handles)
			return
		}
		ctx.Dispatch(func(ctx app.Context) { v.readFiles(files) })
	})
	on("hashchange", func(e app.Value) {
		// The fragment the user navigated to, read now: by the time the
		// dispatch runs, a step of play may have written the page's own
		// fragment back over location.hash (syncFragment).
		raw := ""
		if _, frag, ok := strings.Cut(e.Get("newURL").String(), "#"); ok {
			raw = "#" + frag
		}
		ctx.Dispatch(func(ctx app.Context) { v.openFragment(ctx, raw) })
	})
}

func inTextField(e app.Value) bool {
	t := e.Get("target")
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

// onKey handles the stepping shortcuts: Left/Right one chunk, with Shift
// ten, Home/End the ends, Space play/pause.
func (v *Viewer) onKey(ctx app.Context, key string, shift bool) {
	d := v.current()
	if d == nil || d.stepper == nil {
		return
	}
	n := 1
	if shift {
		n = 10
	}
	v.playing = v.playing && key == " "
	switch key {
	case "ArrowLeft":
		v.seek(d.step - n)
	case "ArrowRight":
		v.seek(d.step + n)
	case "Home":
		v.seek(0)
	case "End":
		v.seek(d.stepper.Len())
	case " ":
		v.togglePlay(ctx)
	}
}
