package app

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/recordings"
)

func fetchStatic(path string) ([]byte, error) {
	res, err := http.Get(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("%s: %s", path, res.Status)
	}
	return io.ReadAll(io.LimitReader(res.Body, recordings.MaxSize+1))
}

// readFiles reads File objects with File.text() and opens every recording
// that parses. Errors name each file; recordings already open stay.
func (v *Viewer) readFiles(ctx app.Context, files []app.Value) {
	n := len(files)
	if n == 0 {
		return
	}
	if n > 1 {
		refs := make([]fileRef, n)
		for i, f := range files {
			refs[i] = newFileRef(f, "")
		}
		v.indexFiles(refs)
		return
	}
	v.loading = plural(n, "file")
	ctx = v.ctx
	type result struct {
		doc *openDoc
		err error
	}
	results := make([]result, n)
	left := n
	finish := func() {
		var docs []*openDoc
		var errs []error
		for _, r := range results {
			if r.err != nil {
				errs = append(errs, r.err)
			} else if r.doc != nil {
				docs = append(docs, r.doc)
			}
		}
		if len(docs) > 0 {
			v.open(ctx, docs)
		}
		v.loading = ""
		if len(errs) > 0 {
			v.fail(errors.Join(errs...))
		}
	}
	for i := range n {
		f := files[i]
		name := f.Get("name").String()
		if size := f.Get("size").Int(); size > recordings.MaxSize {
			results[i].err = fmt.Errorf("%s: %w (%d bytes)", name, recordings.ErrTooLarge, size)
			if left--; left == 0 {
				finish()
			}
			continue
		}
		var then, catch app.Func
		release := func() { then.Release(); catch.Release() }
		then = app.FuncOf(func(this app.Value, args []app.Value) any {
			text := args[0].String()
			ctx.Dispatch(func(ctx app.Context) {
				results[i].doc, results[i].err = newDoc(name, []byte(text))
				if left--; left == 0 {
					finish()
				}
			})
			release()
			return nil
		})
		catch = app.FuncOf(func(this app.Value, args []app.Value) any {
			msg := args[0].Call("toString").String()
			ctx.Dispatch(func(ctx app.Context) {
				results[i].err = fmt.Errorf("%s: cannot read the file: %s", name, msg)
				if left--; left == 0 {
					finish()
				}
			})
			release()
			return nil
		})
		f.Call("text").Call("then", then).Call("catch", catch)
	}
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
		files := fileValues(dt.Get("files"))
		ctx.Dispatch(func(ctx app.Context) { v.drag = false })
		if folder {
			v.indexEntries(entries)
			return
		}
		ctx.Dispatch(func(ctx app.Context) { v.readFiles(ctx, files) })
	})
	on("hashchange", func(e app.Value) {
		ctx.Dispatch(func(ctx app.Context) { v.openFragment(ctx) })
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
