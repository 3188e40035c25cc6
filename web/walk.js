// recview: a dropped or chosen folder's files, listed by plain JavaScript
// (app/internal/browser WalkHandles and FilesOf call it). Each answer of
// the browser (a folder's next entries, a file handle's File) resumes a
// promise; resumed in Go, every one ran Go's scheduler on the page's
// thread, which froze it for several frames on a folder of thousands of
// files. Here Go waits for two promises in all: the listing, then the
// Files of the files it keeps. The walk itself runs in a worker
// (web/walkworker.js). Loaded by the page's head: no inline script, the
// CSP allows only the site's own files.
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
  // The worker is started when a drag enters the page or a pointer goes
  // down on it (the folder picker's button), so that it is ready, its
  // script loaded, when the folder comes.
  for (const type of ["dragenter", "pointerdown"]) {
    document.addEventListener(type, theWorker, { capture: true, once: true, passive: true });
  }

  // ask posts msg to the worker; answer(data, resolve) takes each of its
  // answers to msg.id, and resolves the promise ask returns with the last.
  const ask = (msg, answer) =>
    new Promise((resolve, reject) => {
      pending.set(msg.id, { reject, answer: (d) => answer(d, resolve) });
      theWorker().postMessage(msg);
    });

  // list(roots): every file under the FileSystemHandles roots, folders
  // recursively: the roots' files in their order, then each folder's
  // files in the order the browser lists them, then its subfolders', a
  // folder's path its name and "/" after its parent's. It resolves to a
  // listing, {id, joined}: the paths joined by NUL (no file name holds
  // one), for Go to read in one call; files or forget take the listing.
  // A folder that cannot be listed rejects with an Error whose message
  // starts with its path.
  const list = async (roots) => {
    const id = nextId++;
    const joined = await ask({ id, op: "list", roots: Array.from(roots) }, (d, resolve) => {
      pending.delete(id);
      resolve(d.joined);
    });
    return { id, joined };
  };

  // forget(listing): the worker lets a listing go that files is not
  // asked of.
  const forget = (listing) => theWorker().postMessage({ id: listing.id, op: "forget" });

  // files(listing, keep): the Files of the listing's files at the indexes
  // keep (an Int32Array), the last question about the listing. It
  // resolves to {files, sizes, modified}: the Files in keep's order, and
  // their sizes in bytes and last changes in ms since the Unix epoch (NaN
  // for none), each a Float64Array, for Go to read in one copy. A File
  // that cannot be had rejects with an Error whose message starts with
  // its path. The Files come from the worker a few hundred at a time,
  // each batch a task of the page's.
  const files = (listing, keep) => {
    const parts = [];
    return ask({ id: listing.id, op: "files", keep }, (d, resolve) => {
      parts.push(d);
      if (!d.last) return;
      pending.delete(listing.id);
      const n = parts.reduce((sum, p) => sum + p.files.length, 0);
      const got = [];
      const sizes = new Float64Array(n);
      const modified = new Float64Array(n);
      for (const p of parts) {
        sizes.set(p.sizes, got.length);
        modified.set(p.modified, got.length);
        for (const f of p.files) got.push(f);
      }
      resolve({ files: got, sizes, modified });
    });
  };

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
  // the indexes keep (an Int32Array), as {files, sizes, modified} (see
  // files). The first of a picked File's size or last change costs the
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
    return { files, sizes, modified };
  };

  self.recviewWalk = { list, files, forget, named, stat };
})();
