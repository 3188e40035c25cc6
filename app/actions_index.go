package app

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/app/internal/browser"
	"github.com/recview/recview/internal/base/gchold"
	"github.com/recview/recview/internal/pageworker"
	"github.com/recview/recview/recordings"
	"github.com/recview/recview/recordings/fixturepath"
)

// The index of a folder or many files (folderIndex): opening a folder,
// opening a row's file, comparing two rows. The top bar posts
// actionOpenFolder, the index component the rest; a dropped folder comes
// through listen (indexEntries), several files through readFiles.
const (
	actionOpenFolder   action[app.Value] = "recview/open-folder"   // a JavaScript array of a picked folder's File objects: index them
	actionPickFolder   action[app.Value] = "recview/pick-folder"   // the promise of a folder picker's FileSystemDirectoryHandle (browser.PickFolder): index it
	actionOpenRow      action[int]       = "recview/open-row"      // an index row: open its file
	actionShowIndex                      = "recview/show-index"    // no value: show the index again
	actionCompareRows  action[[2]int]    = "recview/compare-rows"  // two index rows: compare their files
	actionCompareRow   action[int]       = "recview/compare-row"   // an index row: compare the open recording with its file
	actionWarmComparer                   = "recview/warm-comparer" // no value: a row was ticked (warmComparer)
	actionRecordingDir action[string]    = "recview/recording-dir" // the replay panel's recorder's folder changed
)

// openFolder indexes the .json files among a picked folder's File
// objects.
func (v *Viewer) openFolder(files app.Value) { v.listFiles(files, true) }

// showIndex shows the index again, if there is one.
func (v *Viewer) showIndex() { v.show(viewIndex) }

// listFiles makes the index of File objects (a JavaScript array) in the
// background (browser.FilesOf, which lets the page draw while it asks
// them their sizes: the size of a File from an input costs the page a
// lookup of the file, and thousands of them in one go froze it). With
// folder set (a picked folder) only the files a folder's walk keeps are,
// with their paths.
func (v *Viewer) listFiles(files app.Value, folder bool) {
	v.loading = "the list of " + plural(files.Length(), "file")
	ctx := v.ctx
	ctx.Async(func() {
		refs, err := browser.FilesOf(files, folder)
		ctx.Dispatch(func(ctx app.Context) {
			v.loading = ""
			if err != nil {
				v.fail(fmt.Errorf("the files cannot be listed: %v", err))
				return
			}
			l := browser.ListingOf(refs)
			if len(l.Recordings()) == 0 {
				v.fail(errors.New("the folder holds no .json files"))
				return
			}
			v.indexFiles(l, nil, nil)
		})
	})
}

// pickFolder indexes the folder the browser's folder picker gives
// (browser.PickFolder's promise), walking it by its handle as a dropped
// folder is: the folder input instead has the browser make a File of
// every file in the folder before the page hears of it, which froze the
// page for a folder of thousands. A cancelled picker does nothing.
func (v *Viewer) pickFolder(picked app.Value) {
	ctx := v.ctx
	ctx.Async(func() {
		_, err := browser.Await(picked)
		ctx.Dispatch(func(ctx app.Context) {
			switch {
			case browser.IsAbort(err):
			case err != nil:
				v.fail(fmt.Errorf("the folder cannot be read: %v", err))
			default:
				v.indexEntries("the picked folder", nil, []app.Value{picked})
			}
		})
	})
}

// indexEntries lists the .json files of dropped (or picked) folders, what
// says which, and indexes them: through their File System Access handles
// when the browser gave them (browser.StartListing: the index reads the
// first files while the browser gives the rest), else through their
// entries (browser.WalkEntries).
func (v *Viewer) indexEntries(what string, entries, handles []app.Value) {
	ctx := v.ctx
	// The index is drawn, empty, while the folder is listed: the page's
	// switch to it then costs nothing once the files are known. The view
	// it replaces comes back if the folder cannot be read.
	listing := &folderIndex{listing: what, started: time.Now()}
	// The walk is asked for before the index is drawn: its worker lists
	// the folder while the page draws.
	walking := browser.StartListing(handles, true)
	var before struct {
		view  string
		index *folderIndex
	}
	ctx.Async(func() {
		// Drawn once the walk is asked for: drawn at once, the index held
		// the page while the browser gave the drop's handles, and the
		// walk waited.
		walking.Asked()
		ctx.Dispatch(func(ctx app.Context) {
			before.view, before.index = v.view, v.index
			v.index, v.view, v.err = listing, viewIndex, ""
		})
		// The collector is held from here on, and while the index reads
		// (indexFiles keeps the hold): a collection while the page
		// switched to the index delayed its first rows.
		held := gchold.Hold()
		// The index kept of the folder before a reload is looked up while
		// the folder is listed: IndexedDB's first answer held the page a
		// while, which then delayed the index's first rows.
		var kept indexCache
		var folder *keptFolder // the drop's one folder, if it is one
		lookedUp := make(chan struct{})
		go func() {
			defer close(lookedUp)
			if folder = rootFolder(handles); folder != nil && v.indexCache == nil {
				kept = loadKeptIndex(folder)
			}
		}()
		var root *keptFolder // the folder, when read through its handle
		l, ok, err := walking.Wait()
		if !ok {
			var refs []browser.File
			refs, err = browser.WalkEntries(entries, true)
			l = browser.ListingOf(refs)
		}
		<-lookedUp
		if ok {
			root = folder
		}
		if root == nil {
			kept = nil // the index kept is a folder's read by its handle
		}
		// The page switches to the index in a task of its own, not in the
		// one that brought the listing (Go runs every goroutine it can
		// before it hands the thread back).
		browser.Yield()
		ctx.Dispatch(func(ctx app.Context) {
			shown := v.index == listing // and not replaced meanwhile
			if shown {
				v.index = before.index // the index indexFiles replaces, or that comes back
			}
			if err == nil && (l == nil || len(l.Recordings()) == 0) {
				if l != nil {
					l.Forget() // its test files alone
				}
				err = errors.New(what + " holds no .json files")
			}
			if err != nil {
				held()
				if shown {
					v.view = before.view
				}
				v.fail(err)
				return
			}
			if kept != nil && v.indexCache == nil {
				v.indexCache = kept
			}
			if root != nil {
				v.keepFolder(root)
			}
			v.indexFiles(l, root, held)
		})
	})
}

// bigIndexFile is the size, in bytes, from which the index lets the page
// draw before it parses and hashes a file: with the pauses alone, two
// such files could run in one frame.
const bigIndexFile = 256 << 10

// readBatch is how many files the index asks the browser to read at once.
const readBatch = 16

// firstRows is how many rows the index shows as soon as it has them,
// about a screen's: the rows after come every 250 ms.
const firstRows = 20

// indexFiles shows the index of files and reads them in the background,
// readBatch files at a time, publishing the first firstRows rows as soon
// as they are read, then the rows read so far every 250 ms.
// With the rows, it hands the worker what it found in each file
// (the Item lines summarize writes, and the File objects), and the test
// files; once every file is read it asks the worker for the folder's
// replay report (replayReport).
// A wait for a read that has already settled resumes as a microtask,
// which lets the page draw nothing, so it also pauses between files
// (browser.Breather), so 16 files are not parsed and hashed in one go, and
// before a file of bigIndexFile or more.
// The files unchanged since the last index (indexCache) are not read
// again. The listing's files need not all be described yet: each batch
// waits for its own (Listing.Describe), and the test files are handed
// to the worker with the last rows. root is the folder when it was read
// through its handle, nil otherwise: its index is then kept for after a
// reload (keepIndex). held, when not nil, is the release of a hold on
// the collector (gchold.Hold) the caller took: the index keeps it while
// it reads, as it takes one itself otherwise.
func (v *Viewer) indexFiles(l *browser.Listing, root *keptFolder, held func()) {
	if v.index != nil {
		v.index.worker.stop()
	}
	files, tests := l.Recordings(), l.TestFiles()
	ix := &folderIndex{files: files, tests: tests, rows: make([]indexRow, 0, len(files)), started: time.Now()}
	v.index, v.view, v.err = ix, viewIndex, ""
	ctx := v.ctx
	// The files unchanged since the last index are not read again (their
	// reads are not even started): their rows come from it. This index's
	// files make the next one's cache.
	old, fresh := v.indexCache, indexCache{}
	cached := make([]bool, len(files))
	ix.worker = v.indexWorker()
	// The files are read readBatch at a time, the next batch while this
	// one is summarized, with one wait per batch (Promise.allSettled):
	// each wait is a round trip between Go and the page. Each batch
	// waits for its files to be described.
	startBatch := func(from int) *batchRead {
		l.Describe(from + readBatch)
		to := min(from+readBatch, len(files))
		for j := from; j < to; j++ {
			_, cached[j] = old.get(files[j])
		}
		return startBatchRead(files[from:to], func(k int) bool { return cached[from+k] })
	}
	ctx.Async(func() {
		// Parsing builds a tree per file that is garbage right after: with
		// the collector running, WebAssembly pays for marking it as it
		// grows (see gchold). Held, the pauses collect every 16 MB.
		if held == nil {
			held = gchold.Hold()
		}
		defer held()
		// The first files' reads start now, while the page draws the
		// index: the browser reads them meanwhile.
		next := startBatch(0)
		browser.Yield() // the index drawn first, in a task of its own
		acc := indexAcc{rows: make([]indexRow, 0, len(files))}
		last := time.Now()
		var reads *batchRead // this batch's reads
		// The File of each of those items, in order: a cassette, and YAML
		// that is no cassette, have none.
		var itemFiles []browser.File
		handed := false    // whether the test files were handed to it
		published := false // whether rows were shown yet
		pause := browser.Breather()
		reused := 0
		for i, f := range files {
			if i%readBatch == 0 {
				if reads != nil {
					reads.release()
				}
				reads = next
				reads.wait()
				if i+readBatch < len(files) {
					next = startBatch(i + readBatch)
				}
			}
			fromRows, fromSkipped, mark := len(acc.rows), len(acc.skipped), len(acc.items)
			if e, ok := old.get(f); cached[i] && ok {
				for _, r := range e.rows {
					r.file = i
					acc.rows = append(acc.rows, r)
				}
				acc.skipped, acc.items = append(acc.skipped, e.skipped...), e.appendItem(acc.items)
				fresh[indexKey(f)] = e
				reused++
			} else if err := acc.read(ix.worker, f, i, reads); err == nil {
				// A file the browser could not read is read again next time.
				fresh.put(f, acc.rows[fromRows:], acc.skipped[fromSkipped:], acc.items[mark:])
			}
			if len(acc.items) > mark {
				itemFiles = append(itemFiles, f)
			}
			pause()
			if i == len(files)-1 || time.Since(last) > 250*time.Millisecond || !published && len(acc.rows) >= firstRows {
				last = time.Now()
				var withTests []browser.File // sent once, with the last rows
				if !handed && i == len(files)-1 {
					l.Describe(len(l.Files))
					withTests, handed = readable(tests), true
				}
				ix.worker.addItems(acc.items, itemFiles, withTests)
				acc.items, itemFiles = acc.items[:0], itemFiles[:0]
				read, apart, n, reusedNow := acc.rows[:len(acc.rows):len(acc.rows)], acc.skipped[:len(acc.skipped):len(acc.skipped)], i+1, reused
				// The rows are drawn in a task of their own (the page's
				// goroutine draws them while this one waits in the Yield
				// after the dispatch), not at the end of a task of reading;
				// the first ones at once.
				if published {
					browser.Yield()
				}
				published = true
				ctx.Dispatch(func(ctx app.Context) {
					ix.rows, ix.skipped, ix.read, ix.reused = read, apart, n, reusedNow
					ix.version++
					if ix.done() {
						ix.took = time.Since(ix.started)
						v.indexCache = fresh
						if root != nil {
							ctx.Async(func() { keepIndex(root, fresh) })
						}
						for _, p := range ix.pending {
							ctx.Async(func() { v.askNotFound(ix, p.text, p.inPlay) })
						}
						ix.pending = nil
					}
				})
				browser.Yield()
			}
		}
		if reads != nil {
			reads.release()
		}
		v.replayReport(ix)
	})
}

// warmIndexWorker starts the worker of the next folder's index now,
// while a folder is dragged or picked, unless one waits already: it is
// then up (worker.wasm compiled, Go's runtime started) when the folder
// comes, and starting it no longer lengthens the task that draws the
// index. A review's worker started ahead with no folder given
// (startSpare) is taken instead: it is up already, and the index's
// first message ends its warming, which would otherwise take a CPU from
// the folder's reading.
func (v *Viewer) warmIndexWorker() {
	if v.warmIndex == nil {
		v.warmIndex = v.takeSpare()
	}
	v.workerIn(&v.warmIndex)
}

// indexWorker is the worker of a new index: the one warmIndexWorker
// started or took, else one it starts or takes now.
func (v *Viewer) indexWorker() *pageWorker {
	v.warmIndexWorker()
	w := v.warmIndex
	v.warmIndex = nil
	return w
}

// readable are the files the browser gave a File object for (no Err).
func readable(files []browser.File) []browser.File {
	var out []browser.File
	for _, f := range files {
		if f.Err == nil {
			out = append(out, f)
		}
	}
	return out
}

// indexAcc is what indexFiles gathers as it reads a folder's files.
type indexAcc struct {
	rows    []indexRow    // the index's rows so far, in order
	skipped []skippedFile // the files listed apart so far, in order
	items   []byte        // the Item lines not yet handed to the worker
	// parser is one for every file: its memory is reused from one to
	// the next (recordings.Parser); buf holds the file being read.
	parser recordings.Parser
	buf    []byte
}

// add puts a file's row in the table, or, for a file that is not a
// recording (row.skip), among those listed apart.
func (a *indexAcc) add(row indexRow) {
	if row.skip != "" {
		a.skipped = append(a.skipped, skippedFile{row.path, row.skip})
	} else {
		a.rows = append(a.rows, row)
	}
}

// read takes file i of the index (f; its read is the i%readBatch-th
// of reads, waited for), parses it and appends its rows (a cassette's read
// by w), its entry among the files listed apart, or its Item line for
// the folder's worker. It returns the error of the read itself, nil when
// the file was read: a file that does not parse is a row, not an error
// here.
func (a *indexAcc) read(w *pageWorker, f browser.File, i int, reads *batchRead) error {
	data, err := reads.bytes(i%readBatch, a.buf)
	if err == nil {
		a.buf = data // reused: summarize keeps nothing of it
	}
	if len(data) >= bigIndexFile {
		time.Sleep(time.Millisecond) // let the page draw first
	}
	var row indexRow
	mark := len(a.items)
	cassette := fixturepath.CassetteOnly(f.Name) // only another recorder's fixture
	if err != nil || !cassette {
		row, a.items = summarize(&a.parser, f, data, err, a.items)
		row.file = i
	}
	// Another recorder's cassette: a row per interaction, read by the
	// folder's worker (app.wasm links no YAML), and nothing for replay,
	// which reads ogx's recordings only.
	if err != nil || !(cassette || row.err != "" && mayBeCassette(data)) {
		a.add(row)
		return err
	}
	cas, cerr := indexCassette(w, f, i, data)
	switch {
	case cerr == nil:
		a.rows, a.items = append(a.rows, cas...), a.items[:mark]
	case row.path == "" && strings.Contains(cerr.Error(), "not a cassette"):
		// YAML that is no cassette (a configuration): no row.
	case row.path == "":
		msg := errorText(cerr)
		a.rows = append(a.rows, indexRow{file: i, path: f.Path, hash: "error", err: msg,
			hay: strings.ToLower(f.Path + "\x00error\x00" + msg)})
	case strings.Contains(cerr.Error(), "not a cassette") || !fixturepath.Cassette(f.Path):
		a.add(row)
	default: // a broken cassette where cassettes are kept: an error
		row.skip = ""
		a.rows = append(a.rows, row)
	}
	return nil
}

// replayReport asks the folder's worker for its report panel,
// once the index has handed it every file, and shows it in the index:
// first without the heavy tests' request comparison, which reads their
// files again (hundreds of reads in a large folder), then with it. The
// worker writes the panel's markup (internal/replayhtml), every text of
// the folder escaped; the page draws its folds (replayPanel). It
// blocks: call it from a goroutine (ctx.Async).
func (v *Viewer) replayReport(ix *folderIndex) {
	for _, compare := range []bool{false, true} {
		panel, err := ix.worker.replayReport(compare, ix.recordingDir)
		// Drawn in a task of its own, not in the one that decoded the
		// worker's answer.
		browser.Yield()
		if err != nil {
			panel = pageworker.Answer{HTML: errorPanel("replay-report", "The replay report could not be made: "+err.Error())}
		}
		v.ctx.Dispatch(func(ctx app.Context) {
			ix.report = panel
			ix.version++
		})
		if err != nil {
			return
		}
	}
}

// setRecordingDir makes the replay report and lookups of the open folder
// assume dir as the recorder's base folder (OGX_TEST_RECORDING_DIR; ""
// the default), and asks for the report again once the folder is read.
func (v *Viewer) setRecordingDir(dir string) {
	ix := v.index
	if ix == nil || dir == ix.recordingDir {
		return
	}
	ix.recordingDir = dir
	if ix.done() && ix.worker != nil {
		v.ctx.Async(func() { v.replayReport(ix) })
	}
}

// openRow reads the file of index row i again and opens it (a
// cassette's row: its interaction).
func (v *Viewer) openRow(i int) {
	if v.index == nil || i < 0 || i >= len(v.index.rows) {
		return
	}
	r := v.index.rows[i]
	v.openFileAt(v.index.files[r.file], r.k, true)
}

// compareRows reads the files of two index rows, opens them, and shows
// their comparison.
func (v *Viewer) compareRows(rows [2]int) {
	ix := v.index
	if ix == nil || min(rows[0], rows[1]) < 0 || max(rows[0], rows[1]) >= len(ix.rows) {
		return
	}
	v.loading = "two files to compare"
	ctx := v.ctx
	ctx.Async(func() {
		var docs [2]*openDoc
		var err error
		for k, i := range rows {
			r := ix.rows[i]
			if docs[k], err = readDoc(v.asyncWorker, ix.files[r.file], r.k); err != nil {
				break
			}
		}
		ctx.Dispatch(func(ctx app.Context) {
			v.loading = ""
			if err != nil {
				v.fail(err)
				return
			}
			v.willPush()
			v.compareDocs(v.openOnce(docs[0]), v.openOnce(docs[1]))
			v.view = viewDiff
		})
	})
}

// compareRow compares the open recording with the file of index row k
// (Compare with…), each opened once.
func (v *Viewer) compareRow(k int) {
	ix, cur := v.index, v.cur
	if ix == nil || k < 0 || k >= len(ix.rows) || cur < 0 || cur >= len(v.docs) {
		return
	}
	v.loading = "a file to compare"
	ctx := v.ctx
	r := ix.rows[k]
	ctx.Async(func() {
		d, err := readDoc(v.asyncWorker, ix.files[r.file], r.k)
		ctx.Dispatch(func(ctx app.Context) {
			v.loading = ""
			if err != nil {
				v.fail(err)
				return
			}
			v.willPush()
			v.compareDocs(cur, v.openOnce(d))
		})
	})
}

// openedAt is the place among the open recordings of one of the same
// name and bytes as d, -1 when none is.
func (v *Viewer) openedAt(d *openDoc) int {
	for i, o := range v.docs {
		if o.name == d.name && bytes.Equal(o.data, d.data) {
			return i
		}
	}
	return -1
}

// openOnce is the place among the open recordings of d's file: of an
// open recording of the same name and bytes (compared again, the same
// file is not opened twice), else of d, opened now.
func (v *Viewer) openOnce(d *openDoc) int {
	if i := v.openedAt(d); i >= 0 {
		return i
	}
	v.docs = append(v.docs, d)
	v.linkLocal([]*openDoc{d})
	v.warmComparer()
	return len(v.docs) - 1
}
