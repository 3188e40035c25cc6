//go:build js

package browser

import (
	"errors"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The page keeps what outlives a reload and is no small string (a
// folder's FileSystemDirectoryHandle, a folder's index) in IndexedDB:
// the database keptDB, one object store keptStore, values by key.
const (
	keptDB    = "recview"
	keptStore = "kept"
)

// keptOpen is the promise of the database, opened once.
var keptOpen app.Value

// KeptGet reads the value kept under key (KeptPut): null when none. It
// blocks until IndexedDB answers (Await): call it from a goroutine
// (ctx.Async). Its error is IndexedDB's (none in a private window that
// refuses storage, an upgrade blocked), said as the browser says it.
func KeptGet(key string) (app.Value, error) {
	return keptDo("readonly", func(store app.Value) app.Value { return store.Call("get", key) })
}

// KeptPut keeps v under key, replacing what was kept: any value
// IndexedDB can clone (a string, a FileSystemDirectoryHandle, an
// object of those). It blocks as KeptGet does.
func KeptPut(key string, v any) error {
	_, err := keptDo("readwrite", func(store app.Value) app.Value { return store.Call("put", v, key) })
	return err
}

// keptDo runs one request on the store in a transaction of that mode and
// returns its result.
func keptDo(mode string, do func(store app.Value) app.Value) (app.Value, error) {
	idb := app.Window().Get("indexedDB")
	if !idb.Truthy() {
		return nil, errors.New("this browser keeps no IndexedDB")
	}
	if keptOpen == nil {
		open := idb.Call("open", keptDB, 1)
		upgrade := app.FuncOf(func(this app.Value, args []app.Value) any {
			if db := open.Get("result"); !db.Get("objectStoreNames").Call("contains", keptStore).Bool() {
				db.Call("createObjectStore", keptStore)
			}
			return nil
		})
		open.Set("onupgradeneeded", upgrade) // kept: the database may be upgraded on any open
		keptOpen = requestPromise(open)
	}
	db, err := Await(keptOpen)
	if err != nil {
		keptOpen = nil
		return nil, err
	}
	store := db.Call("transaction", keptStore, mode).Call("objectStore", keptStore)
	return Await(requestPromise(do(store)))
}

// requestPromise is the promise of an IDBRequest's result, rejected with
// its error.
func requestPromise(req app.Value) app.Value {
	return NewPromise(func(resolve, reject app.Value) {
		var ok, fail app.Func
		done := func() { ok.Release(); fail.Release() }
		ok = app.FuncOf(func(this app.Value, args []app.Value) any {
			resolve.Invoke(req.Get("result"))
			done()
			return nil
		})
		fail = app.FuncOf(func(this app.Value, args []app.Value) any {
			reject.Invoke(req.Get("error"))
			done()
			return nil
		})
		req.Set("onsuccess", ok)
		req.Set("onerror", fail)
	})
}

// ReadPermission asks the browser to let the page read the folder of
// handle (a FileSystemDirectoryHandle) again:
// handle.requestPermission({mode: "read"}), the promise of "granted",
// "denied" or "prompt". A handle read back from IndexedDB after a reload
// needs it; call it while handling the user's click (the browser may
// show its question, which needs the page's user activation).
func ReadPermission(handle app.Value) app.Value {
	opts := app.Window().Get("Object").New()
	opts.Set("mode", "read")
	if !handle.Get("requestPermission").Truthy() {
		return app.Window().Get("Promise").Call("resolve", "granted") // no permissions to ask: the handle reads
	}
	return handle.Call("requestPermission", opts)
}

// Resolved is Promise.resolve(v).
func Resolved(v app.Value) app.Value { return app.Window().Get("Promise").Call("resolve", v) }
