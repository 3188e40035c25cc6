// recview's walk worker: lists dropped or chosen folders for web/walk.js,
// off the page's thread. The FileSystemHandles it makes (one a file)
// live and die here: the page's collector, finalizing thousands of them
// at once, froze the page (docs/dev/performance-notes.md).
//
// Messages in: {id, op: "list", roots: [FileSystemHandle]}, then
// {id, op: "files", keep: Int32Array}, then {id, op: "forget"}. Answers:
// {id, joined} (list: every file's path, NUL-joined, in walk.js's
// order), {id, files: [File], sizes, modified, last} (files: a batch at
// a time, last on the final one), or {id, error} (a message that starts
// with the folder's or file's path).
"use strict";

// How many folders are listed at the same time.
const foldersAtOnce = 16;

// How many Files one answer carries: each is a task of the page's, which
// makes a File object of each.
const filesPerAnswer = 256;

// listings are the walks not yet forgotten, by id: {handles, paths}.
const listings = new Map();

// list is walk.js's list (its comment says the order), here.
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
  return { handles, paths };
};

// files answers the Files of a listing's handles at keep, a batch at a
// time.
const files = async (id, listing, keep) => {
  const got = await Promise.all(
    Array.from(keep, (i) =>
      listing.handles[i].getFile().catch((err) => {
        throw new Error(listing.paths[i] + ": " + err.message);
      }),
    ),
  );
  for (let from = 0; from < got.length || from === 0; from += filesPerAnswer) {
    const batch = got.slice(from, from + filesPerAnswer);
    const sizes = new Float64Array(batch.length);
    const modified = new Float64Array(batch.length);
    batch.forEach((f, i) => {
      sizes[i] = f.size;
      modified[i] = typeof f.lastModified === "number" ? f.lastModified : NaN;
    });
    const last = from + filesPerAnswer >= got.length;
    self.postMessage({ id, files: batch, sizes, modified, last }, [sizes.buffer, modified.buffer]);
    if (last) break;
  }
};

self.onmessage = async (e) => {
  const { id, op } = e.data;
  try {
    if (op === "list") {
      const listing = await list(e.data.roots);
      listings.set(id, listing);
      self.postMessage({ id, joined: listing.paths.join("\0") });
    } else if (op === "files") {
      const listing = listings.get(id);
      listings.delete(id);
      await files(id, listing, e.data.keep);
    } else if (op === "forget") {
      listings.delete(id);
    }
  } catch (err) {
    listings.delete(id);
    self.postMessage({ id, error: err.message });
  }
};
