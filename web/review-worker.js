// recview's review worker: runs review.wasm (wasm/reviewworker: the
// recordings/review core) in a Web Worker, off the page's thread. The
// page waits for {ready: true} before it posts the files.
"use strict";
importScripts("/wasm_exec.js");
const go = new Go();
WebAssembly.instantiateStreaming(fetch("review.wasm"), go.importObject)
  .then((r) => go.run(r.instance))
  .catch((err) => self.postMessage({ error: "review.wasm: " + err }));
