package browser

import (
	"errors"
	"strings"
)

// Listing is the files a folder's walk kept (Listed), as they come: every
// file's Name and Path at once, its File object, size and last change a
// batch at a time (Describe), so that reading the first files need not
// wait for the browser to have them all.
type Listing struct {
	// Files are the recordings' files (Recordings), then the Python test
	// files (TestFiles); those Describe waited for, from the first, are
	// described (JS, Size and Modified set, or Err), the others may have
	// their Name and Path only.
	Files []File
	// Tests is how many of Files, at their end, are Python test files.
	Tests int

	ready  int       // how many of Files, from the first, are described
	next   nextFiles // the walk's Files still to come; nil once all came
	forget func()    // lets the walk drop the Files not described yet
}

// nextFiles describes the next batch of a listing's files, from
// files[0], and returns how many it described; last reports that no
// more will come. An error (the walk's worker failed) leaves files as
// they were.
type nextFiles func(files []File) (n int, last bool, err error)

// ListingOf is a Listing of files already described: the Python test
// files (by their .py name) moved after the others, each side in its
// order.
func ListingOf(files []File) *Listing {
	l := &Listing{Files: make([]File, 0, len(files)), ready: len(files)}
	var tests []File
	for _, f := range files {
		if strings.HasSuffix(f.Name, ".py") {
			tests = append(tests, f)
		} else {
			l.Files = append(l.Files, f)
		}
	}
	l.Files, l.Tests = append(l.Files, tests...), len(tests)
	return l
}

// Recordings are the listing's files but its tests: recordings,
// cassettes and other fixtures, described or not yet.
func (l *Listing) Recordings() []File { return l.Files[:len(l.Files)-l.Tests] }

// TestFiles are the listing's Python test files, described or not yet.
func (l *Listing) TestFiles() []File { return l.Files[len(l.Files)-l.Tests:] }

// Describe blocks until Files[:n] are described (n past the end: all of
// them). A file the browser could not give has Err set, and so has every
// file left when the walk itself failed: no file is lost, each can show
// why it was not read. It blocks while the files come: call it from a
// goroutine.
func (l *Listing) Describe(n int) {
	n = min(n, len(l.Files))
	for l.ready < n {
		if l.next == nil {
			l.failRest(errListingEnded)
			return
		}
		got, last, err := l.next(l.Files[l.ready:])
		if err == nil && got == 0 && !last {
			err = errNoFiles
		}
		if err != nil {
			l.failRest(err)
			return
		}
		l.ready += got
		if last {
			l.next = nil
		}
	}
}

// Forget lets the walk drop the Files it has not given yet, for a
// listing no one will read: Describe then gives those files an error.
func (l *Listing) Forget() {
	if l.next != nil && l.forget != nil {
		l.forget()
	}
	l.next = nil
}

// failRest gives every file not described yet err.
func (l *Listing) failRest(err error) {
	for i := l.ready; i < len(l.Files); i++ {
		l.Files[i].Err = err
	}
	l.ready, l.next = len(l.Files), nil
}

// errNoFiles is the error of the files left when the walk gave a batch
// of none that was not its last (a bug of the walk's, were it to happen).
var errNoFiles = errors.New("the folder's walk gave no file in a batch")

// errListingEnded is the error of a file its walk's last batch did not
// bring (a bug of the walk's, were it to happen).
var errListingEnded = errors.New("the folder's walk ended before it gave this file")
