package app

import (
	"fmt"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/app/internal/browser"
)

// A folder read through its handle (the browser's folder picker, or a
// dropped folder in Chromium) can be read again with one click, in this
// page or after a reload: the top bar's Open again (data-testid=
// "folder-again"). Only the files changed since are read (indexCache);
// after a reload the cache comes from IndexedDB (indexkept.go).
const actionFolderAgain = "recview/folder-again" // no value: read the kept folder again

// keptFolderKey is the IndexedDB key of the kept folder's handle.
const keptFolderKey = "folder"

// keptFolder is a folder the page can read again: its name and its
// FileSystemDirectoryHandle.
type keptFolder struct {
	name   string
	handle app.Value
}

// handleFolderAgainActions registers Open again.
func (v *Viewer) handleFolderAgainActions(ctx *app.Context) {
	handleSignal(ctx, v, actionFolderAgain, (*Viewer).folderAgain)
}

// rootFolder is the folder of handles when they are one folder's (a
// pick, a drop of one folder), nil otherwise. It waits for the handle's
// promise (Await): call it from a goroutine.
func rootFolder(handles []app.Value) *keptFolder {
	if len(handles) != 1 {
		return nil
	}
	h, err := browser.Await(handles[0])
	if err != nil || !h.Truthy() || h.Get("kind").String() != "directory" {
		return nil
	}
	return &keptFolder{name: h.Get("name").String(), handle: h}
}

// keepFolder makes f the folder Open again reads, and keeps its handle
// for after a reload; a browser that keeps none still has it until then.
func (v *Viewer) keepFolder(f *keptFolder) {
	v.again = f
	v.ctx.Async(func() { browser.KeptPut(keptFolderKey, f.handle) })
}

// restoreFolder shows Open again for the folder kept before the reload,
// if any. It blocks: call it from a goroutine (ctx.Async).
func (v *Viewer) restoreFolder() {
	h, err := browser.KeptGet(keptFolderKey)
	if err != nil || !h.Truthy() || h.Get("kind").String() != "directory" {
		return
	}
	f := &keptFolder{name: h.Get("name").String(), handle: h}
	v.ctx.Dispatch(func(ctx app.Context) {
		if v.again == nil {
			v.again = f
		}
	})
}

// folderAgain reads the kept folder again: the browser is asked first
// whether the page may (browser.ReadPermission: after a reload it may
// ask the user), then the folder is indexed as a new pick of it.
func (v *Viewer) folderAgain() {
	f := v.again
	if f == nil {
		return
	}
	asked := browser.ReadPermission(f.handle) // now, in the click's activation
	ctx := v.ctx
	ctx.Async(func() {
		state, err := browser.Await(asked)
		ctx.Dispatch(func(ctx app.Context) {
			switch {
			case err != nil:
				v.fail(fmt.Errorf("the folder %s cannot be read again: %v; pick it with Folder…", f.name, err))
			case state.String() != "granted":
				v.fail(fmt.Errorf("the folder %s cannot be read again: the browser did not allow it; pick it with Folder…", f.name))
			default:
				v.indexEntries("the folder "+f.name, nil, []app.Value{browser.Resolved(f.handle)})
			}
		})
	})
}

// loadKeptIndex is the kept index of folder f (indexkept.go), nil when
// none is kept for it and this build. It blocks: call it from a
// goroutine.
func loadKeptIndex(f *keptFolder) indexCache {
	v, err := browser.KeptGet(keptIndexKey)
	if err != nil || !v.Truthy() || !v.InstanceOf(app.Window().Get("ArrayBuffer")) {
		return nil // none, or kept as a string by a build before
	}
	c, err := unmarshalKept(browser.BufferBytes(v), f.name, app.Getenv("GOAPP_VERSION"), browser.Breather())
	if err != nil {
		return nil // written by a build that wrote otherwise: read the folder whole
	}
	return c
}

// keepIndex keeps c, the index of folder f just read, for after a
// reload, as an ArrayBuffer: IndexedDB clones its bytes as they are,
// where a string of megabytes was made and cloned by the page's
// JavaScript, its collector then pausing the page for frames. It
// blocks: call it from a goroutine.
func keepIndex(f *keptFolder, c indexCache) {
	data, err := marshalKept(c, f.name, app.Getenv("GOAPP_VERSION"), browser.Breather())
	if err == nil {
		browser.KeptPut(keptIndexKey, browser.NewBuffer(data))
	}
}

// againName is the name of the folder Open again reads, "" for none.
func (v *Viewer) againName() string {
	if v.again == nil {
		return ""
	}
	return v.again.name
}
