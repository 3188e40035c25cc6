// recview's page worker: runs worker.wasm (wasm/worker: the review and
// replay cores) in a Web Worker, off the page's thread. It speaks
// internal/pageworker's protocol, {kind, body, files}; the page waits for
// its "ready" before it posts.
"use strict";
importScripts("/wasm_exec.js");
const go = new Go();
WebAssembly.instantiateStreaming(fetch("worker.wasm"), go.importObject)
  .then((r) => go.run(r.instance))
  .catch((err) => self.postMessage({ kind: "failure", body: JSON.stringify({ error: "worker.wasm: " + err }), files: [] }));
