// Command reviewworker is review.wasm, the viewer's review worker: a Web
// Worker (web/review-worker.js starts it) that reviews a change set with
// recordings/review off the page's thread, so that the page never waits
// for it and app.wasm does not link the review core (about 60 KB after
// brotli, which app.wasm's budget has no room for).
//
// The page posts {files: [{side: "base"|"head", path, data}]}, data a
// File (read here) or an ArrayBuffer; the worker answers {ready: true}
// once it listens, {progress: K, total: N} while it reads and compares,
// then {report: JSON} (a reviewrows.Report) or {error: MESSAGE}.
//
// The same worker is replay's side of an open folder (replay_js.go): the
// index hands it what it read of each file, and it answers the folder's
// replay report and the lookups of pasted "Recording not found" errors
// with recordings/replay, which app.wasm does not link either. Built
// natively, it only says that it runs in a browser.
package main
