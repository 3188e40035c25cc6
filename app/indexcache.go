package app

import (
	"bytes"
	"slices"
	"strconv"

	"github.com/recview/recview/app/internal/browser"
)

// indexCache is what the last folder's index read of each of its files,
// by the file's path, size and last change (indexKey): picking the same
// folder again reads and parses only the files that changed since, and
// takes the others' rows from here. It holds one folder: each index
// makes a new one of the files it saw.
type indexCache map[string]indexed

// indexed is what the index took from one file: its rows (file set to
// 0: indexFiles sets the file's place in the new index), the entry for
// the files listed apart when it is not a recording, and its line for
// the folder's worker (pageworker.AppendItem, without the comma that
// joins it to the items before it: appendItem), nil when it has none.
type indexed struct {
	rows    []indexRow
	skipped []skippedFile
	item    []byte
}

// indexKey is f's key in an indexCache: its path in the folder, its
// size and its last change. A file rewritten in the same millisecond to
// the same size is taken for unchanged, as make and rsync take it.
func indexKey(f browser.File) string {
	return f.Path + "\x00" + strconv.Itoa(f.Size) + "\x00" + strconv.FormatInt(f.Modified, 10)
}

// get is what c holds of f, and whether it holds it; a file whose
// browser gave no last change (Modified 0) is never taken from c.
func (c indexCache) get(f browser.File) (indexed, bool) {
	if f.Modified == 0 {
		return indexed{}, false
	}
	e, ok := c[indexKey(f)]
	return e, ok
}

// put keeps what the index took of f: rows, skipped and item are the
// index's own slices' tails, copied.
func (c indexCache) put(f browser.File, rows []indexRow, skipped []skippedFile, item []byte) {
	if f.Modified == 0 {
		return
	}
	e := indexed{rows: slices.Clone(rows), skipped: slices.Clone(skipped)}
	if item = bytes.TrimPrefix(item, []byte{','}); len(item) > 0 { // AppendItem's comma, if it wrote one
		e.item = slices.Clone(item)
	}
	for i := range e.rows {
		e.rows[i].file = 0
	}
	c[indexKey(f)] = e
}

// appendItem appends e's Item line to items, the JSON of the items so far,
// as pageworker.AppendItem would: a comma first when items is not empty.
func (e indexed) appendItem(items []byte) []byte {
	if len(e.item) == 0 {
		return items
	}
	if len(items) > 0 {
		items = append(items, ',')
	}
	return append(items, e.item...)
}
