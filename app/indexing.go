package app

import (
	"errors"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/internal/gchold"
	"github.com/recview/recview/recordings"
	"github.com/recview/recview/recordings/reqhash"
)

// folderIndex is the index of many files: one row per file, filled in as
// the files are read.
type folderIndex struct {
	files   []fileRef
	rows    []indexRow // rows[i] is files[i]; len(rows) is how many are read
	version int        // bumped on every change, so the Index renders again
	started time.Time
	took    time.Duration // how long reading all took, once done
}

// done reports whether every file is read.
func (ix *folderIndex) done() bool { return len(ix.rows) == len(ix.files) }

// indexRow is what the index shows of one file.
type indexRow struct {
	path      string
	testID    string
	family    recordings.Family
	model     string
	streaming bool
	chunks    int
	hash      string // ok, mismatch, unknown, or "error" when it is not a recording
	scheme    string
	err       string // why the file is not a recording
	hay       string // the row's text, lower case, for the filter
}

// summarize parses a file with p and keeps what the index shows of it,
// all strings that outlive p's next Parse; the parsed recording itself is
// dropped (a whole folder does not stay in memory: a row reads its file
// again when opened).
func summarize(p *recordings.Parser, f fileRef, data []byte, err error) indexRow {
	row := indexRow{path: f.path}
	var rec *recordings.Recording
	if err == nil {
		rec, err = p.Parse(f.name, data)
	}
	if err != nil {
		row.hash, row.err = "error", err.Error()
		row.hay = strings.ToLower(row.path + "\x00error\x00" + row.err)
		return row
	}
	row.testID, row.family, row.model = rec.TestID, rec.Family, rec.Model
	row.streaming, row.chunks = rec.Streaming, len(rec.Chunks)
	h := reqhash.Verify(f.name, rec.Doc)
	row.hash, row.scheme = h.Status.String(), h.Scheme
	row.hay = strings.ToLower(strings.Join([]string{row.path, row.testID, string(row.family), row.family.Title(), row.model, row.hash, row.scheme}, "\x00"))
	return row
}

// indexFiles shows the index of files and reads them in the background,
// readBatch files at a time, publishing the rows read so far every 250 ms.
// A wait for a read that has already settled resumes as a microtask,
// which lets the page draw nothing, so it also pauses after every 10 ms of
// work (breather), so 16 files are not parsed and hashed in one go, and
// before a file of bigIndexFile or more.
func (v *Viewer) indexFiles(files []fileRef) {
	ix := &folderIndex{files: files, rows: make([]indexRow, 0, len(files)), started: time.Now()}
	v.index, v.view, v.err = ix, viewIndex, ""
	ctx := v.ctx
	ctx.Async(func() {
		// Parsing builds a tree per file that is garbage right after: with
		// the collector running, WebAssembly pays for marking it as it
		// grows (see gchold). Held, the pauses collect every 16 MB.
		defer gchold.Hold()()
		rows := make([]indexRow, 0, len(files))
		last := time.Now()
		// The files are read readBatch at a time, the next batch while
		// this one is summarized, with one wait per batch
		// (Promise.allSettled): each wait is a round trip between Go and
		// the page.
		startBatch := func(from int) app.Value {
			batch := app.Window().Get("Array").New()
			for j := from; j < min(from+readBatch, len(files)); j++ {
				batch.Call("push", files[j].startRead())
			}
			return app.Window().Get("Promise").Call("allSettled", batch)
		}
		var reads app.Value // the outcomes of this batch's reads
		// One parser for every file: its memory is reused from one to the
		// next (recordings.Parser).
		var parser recordings.Parser
		var buf []byte // the file being summarized
		next := startBatch(0)
		pause := breather()
		for i, f := range files {
			if i%readBatch == 0 {
				reads, _ = await(next) // allSettled never rejects
				if i+readBatch < len(files) {
					next = startBatch(i + readBatch)
				}
			}
			data, err := f.settled(reads.Index(i%readBatch), buf)
			if err == nil {
				buf = data // reused: summarize keeps nothing of it
			}
			if len(data) >= bigIndexFile {
				time.Sleep(time.Millisecond) // let the page draw first
			}
			rows = append(rows, summarize(&parser, f, data, err))
			pause()
			if i == len(files)-1 || time.Since(last) > 250*time.Millisecond {
				last = time.Now()
				read := rows[:len(rows):len(rows)]
				ctx.Dispatch(func(ctx app.Context) {
					ix.rows = read
					ix.version++
					if ix.done() {
						ix.took = time.Since(ix.started)
					}
				})
			}
		}
	})
}

// bigIndexFile is the size from which the index lets the page draw before
// it parses and hashes a file (about 40 ms for 600 KB on a 2-vCPU
// machine): with the breather alone, two such files could run in one
// frame.
const bigIndexFile = 256 << 10

// readBatch is how many files the index asks the browser to read at once.
const readBatch = 16

// openRow reads the file of index row i again and opens it.
func (v *Viewer) openRow(i int) {
	if v.index == nil || i < 0 || i >= len(v.index.files) {
		return
	}
	v.openFile(v.index.files[i])
}

// droppedEntries returns the FileSystemEntry of each dropped item, and
// whether any is a folder.
func droppedEntries(dt app.Value) ([]app.Value, bool) {
	items := dt.Get("items")
	if !items.Truthy() {
		return nil, false
	}
	var entries []app.Value
	folder := false
	for i := range items.Get("length").Int() {
		it := items.Index(i)
		if it.Get("kind").String() != "file" || !it.Get("webkitGetAsEntry").Truthy() {
			continue
		}
		e := it.Call("webkitGetAsEntry")
		if !e.Truthy() {
			continue
		}
		folder = folder || e.Get("isDirectory").Bool()
		entries = append(entries, e)
	}
	return entries, folder
}

// indexEntries lists the .json files of dropped folders and indexes them:
// through their File System Access handles when the browser gave them
// (walkHandles), else through their entries (walkEntries).
func (v *Viewer) indexEntries(entries, handles []app.Value) {
	ctx := v.ctx
	ctx.Dispatch(func(ctx app.Context) { v.loading = "the dropped folder" })
	ctx.Async(func() {
		var refs []fileRef
		ok, err := false, error(nil)
		if len(handles) > 0 {
			refs, ok, err = walkHandles(handles)
		}
		if !ok {
			refs, err = walkEntries(entries)
		}
		ctx.Dispatch(func(ctx app.Context) {
			v.loading = ""
			if err != nil {
				v.fail(err)
				return
			}
			if len(refs) == 0 {
				v.fail(errors.New("the dropped folder holds no .json files"))
				return
			}
			v.indexFiles(refs)
		})
	})
}

// compareRows reads the files of two index rows, opens them, and shows
// their comparison.
func (v *Viewer) compareRows(rows [2]int) {
	ix := v.index
	if ix == nil || min(rows[0], rows[1]) < 0 || max(rows[0], rows[1]) >= len(ix.files) {
		return
	}
	v.loading = "two files to compare"
	ctx := v.ctx
	ctx.Async(func() {
		var docs [2]*openDoc
		var err error
		for k, i := range rows {
			if docs[k], err = ix.files[i].readDoc(); err != nil {
				break
			}
		}
		ctx.Dispatch(func(ctx app.Context) {
			if err != nil {
				v.fail(err)
				return
			}
			v.open(ctx, docs[:])
			v.compareDocs(len(v.docs)-2, len(v.docs)-1)
			v.view = viewDiff
		})
	})
}
