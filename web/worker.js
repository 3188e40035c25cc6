// recview's page worker: runs worker.wasm (wasm/worker: the review and
// replay cores) in a Web Worker, off the page's thread. It speaks
// internal/pageworker's protocol, {kind, body, files}; the page waits for
// its "ready" before it posts.
// It is served from BASE/v/<version>/web/ (make dist), go-app's
// wasm_exec.js from BASE/: a path relative to this script reaches it
// whatever the site's prefix (BASE, "/" or "/REPO/").
"use strict";
importScripts("../../../wasm_exec.js");
const go = new Go();
WebAssembly.instantiateStreaming(fetch("worker.wasm"), go.importObject)
  .then((r) => go.run(r.instance))
  .catch((err) => self.postMessage({ kind: "failure", body: JSON.stringify({ error: "worker.wasm: " + err }), files: [] }));

// recviewReadAll(files) starts reading every one of a review folder's
// files (a File's or Blob's arrayBuffer(); an ArrayBuffer is its own
// bytes) and resolves to their outcomes, in order (Promise.allSettled):
// wasm/worker's readFolder waits for it. Started and awaited from Go one
// by one, the reads of a folder of hundreds of files took far longer.
self.recviewReadAll = (files) =>
  Promise.allSettled(Array.from(files, (f) => (typeof f.arrayBuffer === "function" ? f.arrayBuffer() : f)));

