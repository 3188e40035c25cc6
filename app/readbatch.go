package app

import (
	"fmt"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/app/internal/browser"
)

// jointMax is the size, in bytes, up to which a file of a batch the index
// reads is read together with the other small files of the batch, in one
// read (browser.StartReadAll): the browser's cost of a read is more than
// the reading of a file of a few kilobytes. A larger file is read alone.
const jointMax = 1 << 20

// batchRead is the reads of one batch of a folder's files (indexFiles):
// the small files' one joint read, the others' reads alone, all awaited
// at once (wait). A file that is not to be read (its row comes from the
// last index) has no read.
type batchRead struct {
	files []browser.File
	// at is each file's offset in the joint read, -1 for a file read
	// alone or not read.
	at      []int
	joint   int         // how many bytes the joint read holds
	reads   []app.Value // each file's read alone, null for the others; then the joint read
	settled app.Value   // the outcomes of reads, once waited
	buf     app.Value   // the joint read's ArrayBuffer, once waited; nil when it failed
}

// startBatchRead starts reading files, but for those skip says not to
// read (nil: none skipped): the readable ones of at most jointMax bytes in
// one read, each other alone (startRead).
func startBatchRead(files []browser.File, skip func(k int) bool) *batchRead {
	b := &batchRead{files: files, at: make([]int, len(files)), reads: make([]app.Value, 0, len(files)+1)}
	var joint []browser.File
	for k, f := range files {
		b.at[k] = -1
		switch {
		case skip != nil && skip(k):
			b.reads = append(b.reads, app.Null())
		case f.Err == nil && f.Size <= jointMax:
			b.at[k], b.joint = b.joint, b.joint+f.Size
			joint = append(joint, f)
			b.reads = append(b.reads, app.Null())
		default:
			b.reads = append(b.reads, startRead(f))
		}
	}
	if len(joint) > 0 {
		b.reads = append(b.reads, browser.StartReadAll(joint))
	}
	return b
}

// wait waits for the batch's reads. When the joint read failed (a file
// changed or went away since it was listed), or holds other than the
// files' listed sizes, its files are each read alone, to learn which
// cannot be. It blocks: call it from a goroutine.
func (b *batchRead) wait() {
	b.settled, _ = browser.Await(browser.AllSettled(b.reads)) // allSettled never rejects
	if len(b.reads) == len(b.files) {
		return // no joint read
	}
	buf, err := browser.Settled(b.settled, len(b.files))
	if err == nil && buf.Get("byteLength").Int() == b.joint {
		b.buf = buf
		return
	}
	for k, f := range b.files {
		if b.at[k] >= 0 {
			b.reads[k], b.at[k] = startRead(f), -1
		}
	}
	b.settled, _ = browser.Await(browser.AllSettled(b.reads[:len(b.files)]))
}

// bytes returns the bytes of the batch's k-th file, in dst's memory when
// it is large enough, or why they could not be read (naming the file's
// path). Call it after wait.
func (b *batchRead) bytes(k int, dst []byte) ([]byte, error) {
	f := b.files[k]
	if f.Size > maxOpenSize {
		return nil, tooBig(f.Path, int64(f.Size))
	}
	if b.at[k] >= 0 {
		return browser.CopyRange(dst, b.buf, b.at[k], f.Size), nil
	}
	buf, err := browser.Settled(b.settled, k)
	if err != nil {
		return nil, fmt.Errorf("%s: cannot read the file: %v", f.Path, err)
	}
	return browser.CopyBuffer(dst, buf), nil
}

// release frees the joint read's buffer (browser.Release), once every
// file of the batch is had.
func (b *batchRead) release() {
	if b.buf != nil {
		browser.Release(b.buf)
	}
}
