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

// jointMax is the size, in bytes, up to which recviewReadAll reads a File
// with others, and jointFiles how many at most: one read of a Blob made
// of them, cut into each one's ArrayBuffer. The browser's cost of a read
// is more than the reading of a file of a few kilobytes
// (docs/dev/performance-notes.md).
const jointMax = 1 << 20;
const jointFiles = 64;

// recviewReadAll(files) starts reading every one of a review folder's
// files, or of those a replay report compares (a File's or Blob's
// arrayBuffer(); an ArrayBuffer is its own bytes) and resolves to their
// outcomes, in order (Promise.allSettled): wasm/worker's readFolder and
// jsFolder.prefetch wait for it. Started and awaited from Go one
// by one, the reads of a folder of hundreds of files took far longer.
// Small files are read jointMax and jointFiles at a time; when such a
// read fails (a file changed or went away since it was listed), each of
// its files is read alone, so that only that one's outcome is a failure.
self.recviewReadAll = (files) => {
  const list = Array.from(files);
  const reads = new Array(list.length);
  let group = [];
  let size = 0;
  const flush = () => {
    const g = group;
    const total = size;
    group = [];
    size = 0;
    if (g.length === 0) return;
    const whole = new Blob(g.map((i) => list[i])).arrayBuffer().then((buf) => {
      if (buf.byteLength !== total) throw new Error("read " + buf.byteLength + " bytes, want " + total);
      return buf;
    });
    let off = 0;
    for (const i of g) {
      const start = off;
      off += list[i].size;
      const end = off;
      reads[i] = whole.then(
        (buf) => buf.slice(start, end),
        () => list[i].arrayBuffer(),
      );
    }
  };
  list.forEach((f, i) => {
    if (!(f instanceof Blob)) {
      reads[i] = Promise.resolve(f);
    } else if (f.size > jointMax) {
      reads[i] = f.arrayBuffer();
    } else {
      if (group.length === jointFiles || size + f.size > jointMax) flush();
      group.push(i);
      size += f.size;
    }
  });
  flush();
  return Promise.allSettled(reads);
};
