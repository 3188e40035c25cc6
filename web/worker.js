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
