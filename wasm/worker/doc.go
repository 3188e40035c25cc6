// Command worker is worker.wasm, the page's Web Worker (web/worker.js
// starts it): it runs, off the page's thread, what app.wasm does not link
// (its budget has no room for them): the review of a change set with
// recordings/review, GitHub's API and downloads included, for the review
// page; and replay's side of an open folder with recordings/replay (the
// index hands it what it read of each file; it answers the folder's
// replay report and the lookups of pasted "Recording not found" errors).
//
// It speaks internal/pageworker's protocol: main_js.go's serve is its one
// dispatch, by message kind. Built natively, it only says that it runs in
// a browser.
package main
