package main

import (
	"github.com/recview/recview/internal/pageworker"
	"github.com/recview/recview/recordings/cassette"
)

// readCassette reads the cassette named name for the page
// (pageworker.ReadCassette): each interaction's list entry, the
// credentials it records and the interaction as an ogx recording. The
// error is cassette.Parse's.
func readCassette(name string, data []byte) (*pageworker.Cassette, error) {
	c, err := cassette.Parse(name, data)
	if err != nil {
		return nil, err
	}
	out := &pageworker.Cassette{Recorder: string(c.Recorder), Interactions: make([]pageworker.Interaction, len(c.Interactions))}
	for i := range c.Interactions {
		it := &c.Interactions[i]
		x := pageworker.Interaction{Method: it.Method, URI: it.URI, Status: it.Status, Streamed: it.StreamedResponse(), Recording: it.Recording()}
		for _, s := range it.Secrets() {
			x.Secrets = append(x.Secrets, s.String())
		}
		out.Interactions[i] = x
	}
	return out, nil
}
