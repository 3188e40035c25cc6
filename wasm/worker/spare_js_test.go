//go:build js

package main

import (
	"bytes"
	"fmt"
	"strings"
	"syscall/js"
	"testing"

	"github.com/recview/recview/internal/base/jsweb"
	"github.com/recview/recview/internal/pageworker"
)

// TestSpareSample: a Warm message's buffers become the warming's sample,
// each with its path and bytes, no more than warmFiles of them; a message
// whose paths and files differ in number is refused, naming both counts.
func TestSpareSample(t *testing.T) {
	q := &pageworker.Warm{}
	var files []js.Value
	for i := range warmFiles + 3 {
		q.Paths = append(q.Paths, fmt.Sprintf("samples/%d.json", i))
		files = append(files, jsweb.Buffer([]byte(fmt.Sprintf(`{"n":%d}`, i))))
	}
	sample, err := spareSample(q, files)
	if err != nil {
		t.Fatal(err)
	}
	if len(sample) != warmFiles {
		t.Fatalf("%d files in the sample, want %d", len(sample), warmFiles)
	}
	for i, f := range sample {
		if f.Path != q.Paths[i] || !bytes.Equal(f.Data, []byte(fmt.Sprintf(`{"n":%d}`, i))) {
			t.Errorf("file %d: %s %q", i, f.Path, f.Data)
		}
	}
	if _, err := spareSample(&pageworker.Warm{Paths: q.Paths[:2]}, files[:1]); err == nil || !strings.Contains(err.Error(), "2 paths with 1 files") {
		t.Errorf("two paths and one file: %v", err)
	}
}

// TestSpareWarm: a spare warms on its samples until the page's next
// message of another kind: left alone, it makes every one of its
// reviews (warmRuns); a folder given meanwhile ends it sooner; once a
// message of another kind came, a Warm starts nothing.
func TestSpareWarm(t *testing.T) {
	q := &pageworker.Warm{}
	var files []js.Value
	for _, f := range warmSample(t, 3) {
		q.Paths = append(q.Paths, f.Path)
		files = append(files, jsweb.Buffer(f.Data))
	}
	var alone spare
	done, err := alone.warm(q, files)
	if err != nil || done == nil {
		t.Fatalf("a spare's first Warm: %v, %v", done, err)
	}
	if n := <-done; n != warmRuns {
		t.Errorf("left alone, the spare made %d reviews, want %d", n, warmRuns)
	}

	var given spare
	done, _ = given.warm(q, files)
	jsweb.Yield()
	given.heard(pageworker.KindWarm)
	given.heard(pageworker.KindReviewFolder)
	if n := <-done; n >= warmRuns {
		t.Errorf("a folder given meanwhile: the spare made %d reviews, want fewer than %d", n, warmRuns)
	}

	var late spare
	late.heard(pageworker.KindReview)
	if done, err := late.warm(q, files); done != nil || err != nil {
		t.Errorf("a Warm after a review: %v, %v; want no warming", done, err)
	}
}
