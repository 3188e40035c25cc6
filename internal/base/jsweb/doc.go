//go:build js

// Package jsweb is the JavaScript plumbing that both of the site's
// WebAssembly programs need, the page's (app.wasm, through
// app/internal/browser) and the page's worker's (worker.wasm): waiting
// for a promise, fetching with a body read under a size limit, and
// hashing with the browser's SHA-256. It uses syscall/js only, not
// go-app, so that the worker links no more than it runs.
//
// The functions that wait (Await, Fetch, Response.ReadBody, SHA256)
// block their goroutine until the promise settles. The page and every
// other goroutine wait meanwhile: on the page, call them from a
// background goroutine.
package jsweb
