// recview: a dropped or chosen folder's files, listed by plain JavaScript
// (app/internal/browser StartListing and FilesOf call it). Each answer of
// the browser (a folder's next entries, a file handle's File) resumes a
// promise; resumed in Go, every one ran Go's scheduler on the page's
// thread, which froze it for several frames on a folder of thousands of
// files. Here Go waits for one promise for the listing and its first
// Files, then one per batch of a hundred or so Files. The walk itself
// runs in a worker (web/walkworker.js). Loaded by the page's head: no
// inline script, the CSP allows only the site's own files.
(() => {
  "use strict";
  // The walk worker (web/walkworker.js, beside this script): it lists the
  // folders and asks for their Files, so that the thousands of
  // FileSystemHandles that takes live and die off the page's thread.
  const workerScript = new URL("walkworker.js", document.currentScript.src);
  let worker = null;
  let nextId = 1;
  // pending are the questions put to the worker, by id: {reject, answer}.
  const pending = new Map();
  const theWorker = () => {
    if (worker) return worker;
    worker = new Worker(workerScript);
    worker.onmessage = (e) => {
      const p = pending.get(e.data.id);
      if (!p) return;
      if (e.data.error !== undefined) {
        pending.delete(e.data.id);
        p.reject(new Error(e.data.error));
        return;
      }
      p.answer(e.data);
    };
    worker.onerror = (e) => {
      for (const p of pending.values()) p.reject(new Error("the folder walk's worker failed: " + e.message));
      pending.clear();
      worker = null;
    };
    return worker;
  };
  // The worker is started once the page is idle after it loaded, or
  // when a drag enters the page or a pointer goes down on it (the folder
  // picker's button) before that, so that it is ready, its script
  // loaded, when the folder comes: a drop that comes soon after the drag
  // entered otherwise waited for it.
  for (const type of ["dragenter", "pointerdown"]) {
    document.addEventListener(type, theWorker, { capture: true, once: true, passive: true });
  }
  if (typeof requestIdleCallback === "function") {
    addEventListener("load", () => requestIdleCallback(theWorker, { timeout: 3000 }), { once: true });
  }

  // walk(roots, suffixes, tests): the files under the FileSystemHandles
  // roots (or the promises of them a drop gives: the walk is asked for
  // as soon as they settle, not after the page drew), folders
  // recursively, that a folder's walk keeps: those whose name (any case)
  // ends in one of suffixes and, with tests, the Python test files
  // (test_*.py, *_test.py). The fixtures come in walk order (the roots'
  // files in their order, then each folder's files in the order the
  // browser lists them, then its subfolders'; a folder's path its name
  // and "/" after its parent's), the test files after them.
  //
  // It returns {walked, asked}. walked resolves to {unavailable: true}
  // when a root is null or its promise rejects (the browser gave no
  // handle: the caller walks the drop's entries instead), else to
  // {joined, tests, first, next, forget}: the paths joined by NUL (no
  // file name holds one) for Go to read in one call; how many of them, at
  // the end, are test files; the first batch of their Files; next(),
  // which asks the worker for the next batch and resolves to it, or
  // rejects when the worker fails; and forget(), which lets the worker
  // drop the Files not asked for. A
  // folder that cannot be listed rejects walked with an Error whose
  // message starts with its path. asked resolves once the walk is asked
  // of the worker (or found unavailable), for the page to draw only
  // then: drawn before, the page held the thread the browser's answers
  // with the handles needed.
  //
  // A batch is {files, sizes, modified, failed, last}: Files in the
  // paths' order; their sizes in bytes and last changes in ms since the
  // Unix epoch (NaN for none), each a Float64Array for Go to read in one
  // copy; a File that cannot be had is null, its place in the batch and
  // why in failed ([[place, message]]); last is set on the final batch.
  // The first batch is small (a folder's index reads it while the rest
  // come); the others are a hundred or so Files, each a task of the page's,
  // sent only when asked for: the second when next() is first called,
  // each later one as soon as the one before came.
  const walk = (roots, suffixes, tests) => {
    let told;
    const asked = new Promise((resolve) => (told = resolve));
    const walked = Promise.all(Array.from(roots, (r) => Promise.resolve(r).catch(() => null))).then((handles) => {
      const w = handles.some((h) => !h) ? { unavailable: true } : walkHandles(handles, suffixes, tests);
      told();
      return w;
    });
    return { walked, asked };
  };
  const walkHandles = (roots, suffixes, tests) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      let waiter = { resolve, reject }; // who takes the next answer
      const done = (tell) => {
        pending.delete(id);
        if (tell) theWorker().postMessage({ id, op: "forget" });
      };
      const ask = () =>
        new Promise((res, rej) => {
          waiter = { resolve: res, reject: rej };
          theWorker().postMessage({ id, op: "next" });
        });
      // The batch after the one next() was last asked for, asked as soon
      // as that one came: the batches after the first come back to back.
      let ahead = null;
      const next = () => {
        if (!ahead && !pending.has(id)) return Promise.reject(new Error("the folder's walk has no more files"));
        const batch = ahead || ask();
        ahead = null;
        return batch.then((d) => {
          if (!d.last && pending.has(id)) {
            ahead = ask();
            ahead.catch(() => {}); // its failure is the next next()'s
          }
          return d;
        });
      };
      pending.set(id, {
        reject: (err) => {
          pending.delete(id);
          waiter.reject(err);
        },
        answer: (d) => {
          if (d.last) done();
          if (d.joined !== undefined) {
            waiter.resolve({ joined: d.joined, tests: d.tests, first: d, next, forget: () => done(true) });
          } else {
            waiter.resolve(d);
          }
        },
      });
      theWorker().postMessage({ id, op: "walk", roots: Array.from(roots), suffixes: Array.from(suffixes), tests });
    });

  // How long stat works before it lets the page draw, in ms.
  const sliceMs = 8;

  // yieldToPage resolves in a task of its own, after the page could draw
  // (a message: timers nested more than five deep wait 4 ms or more).
  const yieldToPage = () =>
    new Promise((resolve) => {
      const ch = new MessageChannel();
      ch.port1.onmessage = resolve;
      ch.port2.postMessage(null);
    });

  // named(list): the Files of a FileList or array (a file input's), as
  // {files, names, paths}: an array, their names and their paths in a
  // picked folder (webkitRelativePath, "" for a loose file), each joined
  // by NUL, for Go to read in one call. Names and paths cost nothing to
  // ask; a File's size or last change costs a lookup of the file (stat).
  const named = (list) => {
    const got = Array.from(list);
    return {
      files: got,
      names: got.map((f) => f.name).join("\0"),
      paths: got.map((f) => f.webkitRelativePath || "").join("\0"),
    };
  };

  // stat(picked, keep): the sizes and last changes of named's files at
  // the indexes keep (an Int32Array), as one batch of walk's (its failed
  // empty, last set). The first of a picked File's size or last change costs the
  // page a lookup of the file: stat lets the page draw every sliceMs ms.
  const stat = async (picked, keep) => {
    const files = Array.from(keep, (i) => picked.files[i]);
    const sizes = new Float64Array(files.length);
    const modified = new Float64Array(files.length);
    let since = performance.now();
    for (let i = 0; i < files.length; i++) {
      if (performance.now() - since >= sliceMs) {
        await yieldToPage();
        since = performance.now();
      }
      sizes[i] = files[i].size;
      modified[i] = typeof files[i].lastModified === "number" ? files[i].lastModified : NaN;
    }
    return { files, sizes, modified, failed: [], last: true };
  };

  self.recviewWalk = { walk, named, stat };
})();
