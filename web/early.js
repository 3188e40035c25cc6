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
  const on = (type, f) => {
    document.addEventListener(type, f, true);
    listeners.push([type, f]);
  };
  // A file input's change: {kind: "files" or "folder", files: [File]}.
  on("change", (e) => {
    const t = e.target;
    if (!(t instanceof HTMLInputElement) || t.type !== "file" || !t.files || t.files.length === 0) return;
    queue.push({ kind: t.webkitdirectory ? "folder" : "files", files: Array.from(t.files) });
    t.value = "";
  });
  on("dragover", (e) => e.preventDefault());
  // A drop: {kind: "files", files} or, with a folder in it,
  // {kind: "drop-folder", files, entries, handles}; the items are
  // readable only during the event.
  on("drop", (e) => {
    e.preventDefault();
    const dt = e.dataTransfer;
    if (!dt) return;
    const items = Array.from(dt.items || []).filter((i) => i.kind === "file");
    const entries = items.map((i) => (i.webkitGetAsEntry ? i.webkitGetAsEntry() : null)).filter((x) => x);
    const folder = entries.some((x) => x.isDirectory);
    const handles = folder && items.every((i) => i.getAsFileSystemHandle) ? items.map((i) => i.getAsFileSystemHandle()) : [];
    queue.push({ kind: folder ? "drop-folder" : "files", files: Array.from(dt.files), entries, handles });
  });
  window.recviewEarly = {
    // take returns what was picked or dropped so far, oldest first, and
    // stops listening.
    take() {
      for (const [type, f] of listeners) document.removeEventListener(type, f, true);
      listeners.length = 0;
      return queue.splice(0);
    },
  };
})();
