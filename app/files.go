package app

import (
	"fmt"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/app/internal/browser"
)

// The viewer's reading of local files (browser.File): files larger than
// maxOpenSize are refused before they are read, and errors name the file's
// path.

// readDoc reads the file and prepares it as a recording to open, or a
// cassette's interaction k (from 1; 0 for the first: newDocOrCassette,
// with the worker worker returns). It blocks: call it from a goroutine,
// not the UI goroutine.
func readDoc(worker func() *pageWorker, f browser.File, k int) (*openDoc, error) {
	data, err := readBytes(f)
	if err != nil {
		return nil, err
	}
	return newDocOrCassette(worker, f.Name, data, k)
}

// readBytes reads a file's bytes. It blocks: call it from a goroutine,
// not the UI goroutine.
func readBytes(f browser.File) ([]byte, error) {
	return awaitRead(f, startRead(f))
}

// startRead starts reading the file (browser.File.StartRead); awaitRead
// or a batchRead take the read's outcome. A file larger than maxOpenSize
// is not read: the promise is null.
func startRead(f browser.File) app.Value {
	if f.Size > maxOpenSize {
		return app.Null()
	}
	return f.StartRead()
}

// awaitRead waits for a read startRead started and copies the bytes to Go.
func awaitRead(f browser.File, read app.Value) ([]byte, error) {
	if read.IsNull() {
		return nil, tooBig(f.Path, int64(f.Size))
	}
	buf, err := browser.Await(read)
	if err != nil {
		return nil, fmt.Errorf("%s: cannot read the file: %v", f.Path, err)
	}
	return browser.CopyBuffer(nil, buf), nil
}
