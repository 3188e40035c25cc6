//go:build js

package browser

import (
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// HasFolderPicker reports whether the page can ask for a folder with the
// File System Access API's window.showDirectoryPicker (Chromium's; only
// in secure contexts: https and loopback).
func HasFolderPicker() bool { return app.Window().Get("showDirectoryPicker").Truthy() }

// PickFolder opens the browser's folder picker
// (window.showDirectoryPicker({mode: "read"})) and returns the promise of
// the FileSystemDirectoryHandle chosen, for StartListing. Call it while
// handling the user's click: the picker needs the page's user activation.
// The promise rejects with an AbortError when the user cancels (IsAbort).
func PickFolder() app.Value {
	opts := app.Window().Get("Object").New()
	opts.Set("mode", "read")
	return app.Window().Call("showDirectoryPicker", opts)
}

// IsAbort reports whether err, from Await, is a rejection with a
// DOMException named AbortError: the user cancelled.
func IsAbort(err error) bool { return err != nil && strings.HasPrefix(err.Error(), "AbortError") }
