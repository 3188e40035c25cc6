package app

import (
	"fmt"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/recordings/permalink"
)

// fetchSample GETs the gallery's sample file name from the site's own
// files (fetchStatic). It blocks: call it from a goroutine (ctx.Async).
func fetchSample(ctx app.Context, name string) ([]byte, error) {
	return fetchStatic(ctx.ResolveStaticResource("/web/samples/" + name))
}

// readSource reads and prepares (newDocOrCassette, with the worker
// worker returns for a cassette) the recording a permalink source names:
// a gallery sample from the site's own files, a URL with fetch (GitHub
// blob links through raw.githubusercontent.com), or inline data
// (permalink.DecodeData); for a cassette, the interaction it names. Errors name the source and say why; an unknown
// sample is one. It blocks: call it from a goroutine (ctx.Async).
func readSource(ctx app.Context, worker func() *pageWorker, s permalink.Source) (*openDoc, error) {
	switch s.Kind {
	case permalink.SourceSample:
		if _, ok := sampleByFile(s.Value); !ok {
			return nil, fmt.Errorf("no sample named %q", s.Value)
		}
		data, err := fetchSample(ctx, s.Value)
		if err != nil {
			return nil, err
		}
		d, err := newDocOrCassette(worker, s.Value, data, s.Interaction)
		if d != nil {
			d.sample = s.Value
		}
		return d, err
	case permalink.SourceURL:
		src, err := permalink.RawURL(s.Value)
		if err != nil {
			return nil, err
		}
		data, err := fetchRecording(src)
		if err != nil {
			return nil, err
		}
		name := s.Name
		if name == "" {
			name = fileName(src)
		}
		d, err := newDocOrCassette(worker, name, data, s.Interaction)
		if d != nil {
			d.src = src
		}
		return d, err
	case permalink.SourceData:
		data, err := permalink.DecodeData(s.Value)
		if err != nil {
			return nil, fmt.Errorf("the link's recording cannot be read: %w", err)
		}
		data = cassetteText(data)
		name := s.Name
		if name == "" {
			name = "shared.json"
		}
		d, err := newDocOrCassette(worker, name, data, s.Interaction)
		if d != nil {
			d.link = s.Value
		}
		return d, err
	}
	return nil, fmt.Errorf("unknown source %q", s.Kind)
}

// sourceOf is the permalink source of an open recording: its sample, its
// URL, or its data when encoded already (or when inline is true, encoding
// it now). ok is false for a local file not encoded.
func sourceOf(d *openDoc, inline bool) (permalink.Source, bool, error) {
	switch {
	case d.sample != "":
		return permalink.Source{Kind: permalink.SourceSample, Value: d.sample, Interaction: d.interaction()}, true, nil
	case d.src != "":
		s := permalink.Source{Kind: permalink.SourceURL, Value: d.src, Interaction: d.interaction()}
		if fileName(d.src) != d.linkName() {
			s.Name = d.linkName()
		}
		return s, true, nil
	case d.link == "" && !inline:
		return permalink.Source{}, false, nil
	}
	s, err := dataSource(d)
	return s, err == nil, err
}

// dataSource is d as inline permalink data (d=), encoded now if it was
// not yet.
func dataSource(d *openDoc) (permalink.Source, error) {
	if d.link == "" {
		link, err := permalink.EncodeData(d.linkData())
		if err != nil {
			return permalink.Source{}, err
		}
		d.link = link
	}
	return permalink.Source{Kind: permalink.SourceData, Value: d.link, Name: d.linkName(), Interaction: d.interaction()}, nil
}

// describeSources says what is loading, for the loading line.
func describeSources(sources []permalink.Source) string {
	var names []string
	for _, s := range sources {
		switch {
		case s.Name != "":
			names = append(names, s.Name)
		case s.Kind == permalink.SourceData:
			names = append(names, "the link's recording")
		default:
			names = append(names, s.Value)
		}
	}
	if len(names) == 2 {
		return names[0] + " and " + names[1]
	}
	return names[0]
}
