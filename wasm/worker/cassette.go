package main

import (
	"maps"
	"slices"
	"strings"

	"github.com/recview/recview/internal/pageworker"
	"github.com/recview/recview/recordings"
	"github.com/recview/recview/recordings/cassette"
	"github.com/recview/recview/recordings/fixturepath"
)

// readCassette reads the cassette named name for the page
// (pageworker.ReadCassette): each interaction's list entry (its family,
// model, chunks and failure as the core reads its recording, or why it
// does not read), the credentials it
// records, its headers (credentials as hints) and the interaction as an
// ogx recording. The error is cassette.Parse's.
func readCassette(name string, data []byte) (*pageworker.Cassette, error) {
	c, err := cassette.Parse(name, data)
	if err != nil {
		return nil, err
	}
	out := &pageworker.Cassette{Recorder: string(c.Recorder), Interactions: make([]pageworker.Interaction, len(c.Interactions)), Unzipped: c.Unzipped}
	var p recordings.Parser // one for all: what is kept of each recording is copied
	for i := range c.Interactions {
		it := &c.Interactions[i]
		x := pageworker.Interaction{Method: it.Method, URI: it.URI, Status: it.Status, Streamed: it.StreamedResponse(), Recording: it.Recording(), Notice: it.Notice}
		if r, err := p.Parse(fixturepath.Interaction(name, i+1), x.Recording); err == nil {
			x.Family, x.Model = string(r.Family), r.Model
			if r.Streaming {
				x.Chunks = len(r.Chunks)
			}
			if e := r.Failure(); e != nil {
				x.Failed, x.FailedStatus = true, e.Status
			}
		} else {
			x.Err = err.Error()
		}
		for _, s := range it.Secrets() {
			x.Secrets = append(x.Secrets, s.String())
		}
		for side, h := range map[string]map[string][]string{"request": it.RequestHeaders, "response": it.ResponseHeaders} {
			for _, name := range slices.Sorted(maps.Keys(h)) {
				for _, v := range h[name] {
					x.Headers = append(x.Headers, pageworker.Header{Side: side, Name: name, Value: cassette.Shown(name, v)})
				}
			}
		}
		slices.SortStableFunc(x.Headers, func(a, b pageworker.Header) int { return strings.Compare(a.Side, b.Side) })
		out.Interactions[i] = x
	}
	return out, nil
}
