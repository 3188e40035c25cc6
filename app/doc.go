// Package app is the recview web viewer: go-app components over the
// recordings core, in three layers.
//
//   - Components, one per file and named after it (topbar.go, stepbar.go,
//     index.go...), show their props and post actions (actions.go). They
//     never parse or fetch inside Render.
//   - The Viewer (viewer.go) is the page: it owns the state, and its
//     action handlers, grouped by what they do in actions_*.go, do the
//     I/O and set the state. An opened recording is an openDoc
//     (document.go).
//   - The browser plumbing (promises, fetch, files and dropped folders,
//     the clipboard, SubtleCrypto, yielding to the page) is in
//     app/internal/browser.
//
// Viewer, UseBrowserSHA256 and Samples are what package main (wasm/)
// uses; everything else is unexported.
package app
