// recview: what the user picks or drops before app.wasm runs. The page
// is pre-rendered, so its file inputs work, and a drop lands on it,
// seconds before the app listens. This script, loaded by the page's head
// (no inline script: the CSP allows only the site's own files), keeps
// those files in a queue, and stops the browser from opening a dropped
// file in place of the page. The app takes the queue once it runs
// (recviewEarly.take(), app/internal/browser TakeEarly); from then on it
// handles picks and drops itself, and this script does nothing.
(() => {
  "use strict";
  const queue = [];
  const listeners = [];
  let taken = false; // the app took the queue
  const late = []; // picks on inputs the app replaced, for it
  let onLate = null;
  const on = (type, f) => {
    document.addEventListener(type, f, true);
    listeners.push([type, f]);
  };
  // A file input's change: {kind: "files" or "folder", files: [File]};
  // a review folder's input (data-pick, the side) is "review-folder-0"
  // or "-1".
  const picked = (t) => {
    const kind = t.dataset.pick ? "review-folder-" + t.dataset.pick : t.webkitdirectory ? "folder" : "files";
    const e = { kind, files: Array.from(t.files) };
    t.value = "";
    return e;
  };
  on("change", (e) => {
    const t = e.target;
    if (!(t instanceof HTMLInputElement) || t.type !== "file" || !t.files || t.files.length === 0) return;
    queue.push(picked(t));
  });
  // A pick whose dialog opened on the pre-rendered page and closed after
  // the app replaced the page's elements lands on an input no longer in
  // the document, which neither the document's listeners nor the app's
  // see: each pre-rendered file input keeps a listener of its own, which
  // queues such a pick, or hands it to the app once it took the queue
  // (late).
  document.addEventListener("DOMContentLoaded", () => {
    for (const t of document.querySelectorAll("input[type=file]")) {
      t.addEventListener("change", () => {
        if (t.isConnected || !t.files || t.files.length === 0) return;
        const e = picked(t);
        if (!taken) queue.push(e);
        else if (onLate) onLate(e);
        else late.push(e);
      });
    }
  });
  // dragenter is cancelled as dragover is: a drop right after the page
  // changed under the pointer (the app replacing the pre-rendered page)
  // fires dragenter at the new element, and drops nothing unless it is
  // cancelled (app/listen.go says more).
  on("dragenter", (e) => e.preventDefault());
  on("dragover", (e) => e.preventDefault());
  // A drop: {kind: "files", files} or, with a folder in it,
  // {kind: "drop-folder", files, entries, handles}, "review-drop-0" or
  // "-1" on a review folder's target (data-review-drop) when the loading
  // screen does not cover it; the items are readable only during the
  // event.
  on("drop", (e) => {
    e.preventDefault();
    const dt = e.dataTransfer;
    if (!dt) return;
    const items = Array.from(dt.items || []).filter((i) => i.kind === "file");
    const entries = items.map((i) => (i.webkitGetAsEntry ? i.webkitGetAsEntry() : null)).filter((x) => x);
    const folder = entries.some((x) => x.isDirectory);
    const handles = folder && items.every((i) => i.getAsFileSystemHandle) ? items.map((i) => i.getAsFileSystemHandle()) : [];
    const zone = e.target instanceof Element ? e.target.closest("[data-review-drop]") : null;
    const kind = zone && folder ? "review-drop-" + (zone.dataset.reviewDrop === "head" ? 1 : 0) : folder ? "drop-folder" : "files";
    queue.push({ kind, files: Array.from(dt.files), entries, handles });
  });
  window.recviewEarly = {
    // take returns what was picked or dropped so far, oldest first, and
    // stops listening.
    take() {
      for (const [type, f] of listeners) document.removeEventListener(type, f, true);
      listeners.length = 0;
      taken = true;
      return queue.splice(0);
    },
    // late calls f with each pick made on a pre-rendered input after the
    // app replaced it (see above), those made already first.
    late(f) {
      onLate = f;
      for (const e of late.splice(0)) f(e);
    },
  };
})();
