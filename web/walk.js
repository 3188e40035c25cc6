// recview: a dropped or chosen folder's files, listed by plain JavaScript
// (app/internal/browser WalkHandles calls it). Each answer of the browser
// (a folder's next entries, a file handle's File) resumes a promise;
// resumed in Go, every one ran Go's scheduler on the page's thread, a
// stretch of 100 ms and more for a folder of thousands of files. Here
// each is a few microseconds, and Go waits for two promises in all: the
// listing, then the Files of the handles it keeps. Loaded by the page's
// head: no inline script, the CSP allows only the site's own files.
(() => {
  "use strict";
  // How many folders are listed at the same time.
  const foldersAtOnce = 16;

  // How long a piece of work (asking for Files, asking them their sizes)
  // runs before it lets the page draw, in ms.
  const sliceMs = 8;

  // yieldToPage resolves in a task of its own, after the page could draw
  // (a message: timers nested more than five deep wait 4 ms or more).
  const yieldToPage = () =>
    new Promise((resolve) => {
      const ch = new MessageChannel();
      ch.port1.onmessage = resolve;
      ch.port2.postMessage(null);
    });

  // list(roots): every file under the FileSystemHandles roots, folders
  // recursively: the roots' files in their order, then each folder's
  // files in the order the browser lists them, then its subfolders', a
  // folder's path its name and "/" after its parent's. It resolves to
  // {handles, paths, joined}: the FileSystemFileHandles, their paths, and
  // the paths joined by NUL (no file name holds one) for Go to read in
  // one call. A folder that cannot be listed rejects with an Error whose
  // message starts with its path.
  const list = async (roots) => {
    let running = 0;
    const waiting = [];
    const slot = async () => {
      if (running < foldersAtOnce) {
        running++;
        return;
      }
      await new Promise((resolve) => waiting.push(resolve));
    };
    const free = () => {
      const next = waiting.shift();
      if (next) next();
      else running--;
    };
    // walk sorts a folder's handles into its files and subfolders and
    // lists the subfolders; the result is a tree flattened below.
    const walk = async (dir, batch) => {
      const node = { files: [], subs: [] };
      const dirs = [];
      for (const h of batch) {
        if (h.kind === "directory") dirs.push([h, dir + h.name + "/"]);
        else node.files.push([h, dir + h.name]);
      }
      node.subs = await Promise.all(
        dirs.map(async ([h, path]) => {
          await slot();
          let kids;
          try {
            kids = await Array.fromAsync(h.values());
          } catch (err) {
            throw new Error(path.slice(0, -1) + ": " + err.message);
          } finally {
            free();
          }
          return walk(path, kids);
        }),
      );
      return node;
    };
    const tree = await walk("", roots);
    const handles = [];
    const paths = [];
    const flatten = (node) => {
      for (const [h, path] of node.files) {
        handles.push(h);
        paths.push(path);
      }
      node.subs.forEach(flatten);
    };
    flatten(tree);
    return { handles, paths, joined: paths.join("\0") };
  };

  // files(listing, keep): the Files of the listing's handles at the
  // indexes keep (an Int32Array), asked for all at once. It resolves to
  // {files, sizes, modified}: the Files in keep's order, and their sizes
  // in bytes and last changes in ms since the Unix epoch (NaN for none),
  // each a Float64Array, for Go to read in one copy. A File that cannot
  // be had rejects with an Error whose message starts with its path.
  const files = async (listing, keep) => {
    // Each getFile() call costs the page tens of microseconds before its
    // promise returns: thousands at once froze it for 100 ms, so they
    // are asked a slice at a time, the page let draw between.
    const asked = [];
    let since = performance.now();
    for (const i of keep) {
      if (performance.now() - since >= sliceMs) {
        await yieldToPage();
        since = performance.now();
      }
      asked.push(
        listing.handles[i].getFile().catch((err) => {
          throw new Error(listing.paths[i] + ": " + err.message);
        }),
      );
    }
    const got = await Promise.all(asked);
    const sizes = new Float64Array(got.length);
    const modified = new Float64Array(got.length);
    got.forEach((f, i) => {
      sizes[i] = f.size;
      modified[i] = typeof f.lastModified === "number" ? f.lastModified : NaN;
    });
    return { files: got, sizes, modified };
  };

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

  self.recviewWalk = { list, files, named, stat };
})();
