// recview's walk worker: walks dropped or chosen folders for web/walk.js,
// off the page's thread. The FileSystemHandles it makes (one a file)
// live and die here: the page's collector, finalizing thousands of them
// at once, froze the page (docs/dev/performance-notes.md).
//
// Messages in: {id, op: "walk", roots: [FileSystemHandle], suffixes:
// [string], tests: bool}, then {id, op: "next"} until the last batch, or
// {id, op: "forget"}. Answers: {id, joined, tests, ...batch} to walk
// (joined: the paths of the files kept, NUL-joined, in walk.js's order;
// tests: how many of them, at the end, are test files), {id, ...batch}
// to each next; or {id, error} (a message that starts with the folder's
// path). A batch is {files: [File], sizes, modified, failed, last}, the
// Files of the next files kept, in order (walk.js's walk says what each
// holds).
"use strict";

// How many folders are listed at the same time.
const foldersAtOnce = 16;

// How many Files one answer carries: each is a task of the page's, which
// makes a File object of each; twice as many made tasks long enough to
// be among the longest gaps while a folder is read
// (docs/dev/performance-notes.md).
const filesPerAnswer = 128;

// How many Files the first answer carries: the page's index starts
// reading as soon as it has them.
const filesFirst = 64;

// list is every file under roots, in walk.js's order (its walk's
// comment says it): {handles, paths}.
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

// keeps is whether a folder's walk keeps the file of that name, and as
// what: 1 a fixture, its name (any case) ending in one of suffixes; 2,
// with tests, a Python test file as pytest finds them (test_*.py or
// *_test.py); 0 neither. Its Go twin is app/internal/browser's Listed.
const keeps = (name, suffixes, tests) => {
  const low = name.toLowerCase();
  if (suffixes.some((s) => low.endsWith(s))) return 1;
  if (tests && name.endsWith(".py") && (name.startsWith("test_") || name.endsWith("_test.py"))) return 2;
  return 0;
};

// walks are the walks whose Files are not all answered yet, by id:
// {asked, from, total, askRest}: the promises of the Files asked for so
// far, in order; how many are answered, or being answered; how many
// there are; what asks for the others, until it has (then null).
const walks = new Map();

// batch answers the next size Files of a walk (from its from), once they
// are had, with more's fields. A File that cannot be had is null in its
// batch, its place and why in failed: [[place, message]].
const batch = async (id, w, size, more) => {
  const from = w.from;
  w.from = Math.min(w.total, from + size);
  const last = w.from >= w.total;
  if (last) walks.delete(id);
  const got = await Promise.all(w.asked.slice(from, w.from));
  const sizes = new Float64Array(got.length);
  const modified = new Float64Array(got.length);
  const failed = [];
  const files = got.map((f, i) => {
    if (f instanceof Error) {
      failed.push([i, f.message]);
      modified[i] = NaN;
      return null;
    }
    sizes[i] = f.size;
    modified[i] = typeof f.lastModified === "number" ? f.lastModified : NaN;
    return f;
  });
  self.postMessage({ id, files, sizes, modified, failed, last, ...more }, [sizes.buffer, modified.buffer]);
};

// walk answers the files kept under roots (keeps): the fixtures in walk
// order, then the test files, with the first filesFirst of their Files,
// asked right after the listing (the collection that follows a listing
// of thousands of handles holds this thread a while: asked after it, the
// first Files came that much later; docs/dev/performance-notes.md). Every other
// File is asked for when the page first asks for the next batch, all at
// once, and answered filesPerAnswer at a time as the page asks: the
// page's thread makes each File it is sent, which would slow its first
// rows.
const walk = async (id, roots, suffixes, tests) => {
  const listing = await list(roots);
  const fixtures = [];
  const testFiles = [];
  listing.paths.forEach((path, i) => {
    const k = keeps(path.slice(path.lastIndexOf("/") + 1), suffixes, tests);
    if (k === 1) fixtures.push(i);
    else if (k === 2) testFiles.push(i);
  });
  const order = fixtures.concat(testFiles);
  const ask = (i) =>
    listing.handles[i].getFile().then(
      (f) => f,
      (err) => new Error(err.message),
    );
  const w = { asked: order.slice(0, filesFirst).map(ask), from: 0, total: order.length };
  walks.set(id, w);
  // The rest are asked for with the first "next": asking for thousands
  // holds this thread a while, which held the first answer as long, and
  // the browser, answering them, was slower to read the first files for
  // the page (docs/dev/performance-notes.md).
  w.askRest = () => {
    for (const i of order.slice(filesFirst)) w.asked.push(ask(i));
    w.askRest = null;
  };
  await batch(id, w, filesFirst, { joined: order.map((i) => listing.paths[i]).join("\0"), tests: testFiles.length });
};

self.onmessage = async (e) => {
  const { id, op } = e.data;
  try {
    if (op === "walk") {
      await walk(id, e.data.roots, e.data.suffixes, e.data.tests);
    } else if (op === "next" && walks.has(id)) {
      const w = walks.get(id);
      if (w.askRest) w.askRest();
      await batch(id, w, filesPerAnswer, {});
    } else if (op === "forget") {
      walks.delete(id);
    }
  } catch (err) {
    walks.delete(id);
    self.postMessage({ id, error: err.message });
  }
};
