package app

import (
	"fmt"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/recordings"
)

// readSource reads and prepares (newDoc) the recording a permalink source
// names: a gallery sample from the site's own files, a URL with fetch
// (GitHub blob links through raw.githubusercontent.com), or inline data
// (recordings.DecodeData). Errors name the source and say why; an unknown
// sample is one. It blocks: call it from a goroutine (ctx.Async).
func readSource(ctx app.Context, s recordings.Source) (*openDoc, error) {
	switch s.Kind {
	case recordings.SourceSample:
		if _, ok := sampleByFile(s.Value); !ok {
			return nil, fmt.Errorf("no sample named %q", s.Value)
		}
		data, err := fetchStatic(ctx.ResolveStaticResource("/web/samples/" + s.Value))
		if err != nil {
			return nil, err
		}
		d, err := newDoc(s.Value, data)
		if d != nil {
			d.sample = s.Value
		}
		return d, err
	case recordings.SourceURL:
		src, err := recordings.RawURL(s.Value)
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
		d, err := newDoc(name, data)
		if d != nil {
			d.src = src
		}
		return d, err
	case recordings.SourceData:
		data, err := recordings.DecodeData(s.Value)
		if err != nil {
			return nil, fmt.Errorf("the link's recording cannot be read: %w", err)
		}
		name := s.Name
		if name == "" {
			name = "shared.json"
		}
		d, err := newDoc(name, data)
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
func sourceOf(d *openDoc, inline bool) (recordings.Source, bool, error) {
	switch {
	case d.sample != "":
		return recordings.Source{Kind: recordings.SourceSample, Value: d.sample}, true, nil
	case d.src != "":
		s := recordings.Source{Kind: recordings.SourceURL, Value: d.src}
		if fileName(d.src) != d.name {
			s.Name = d.name
		}
		return s, true, nil
	case d.link == "" && inline:
		link, err := recordings.EncodeData(d.data)
		if err != nil {
			return recordings.Source{}, false, err
		}
		d.link = link
	}
	if d.link == "" {
		return recordings.Source{}, false, nil
	}
	return recordings.Source{Kind: recordings.SourceData, Value: d.link, Name: d.name}, true, nil
}

// describeSources says what is loading, for the loading line.
func describeSources(sources []recordings.Source) string {
	var names []string
	for _, s := range sources {
		switch {
		case s.Name != "":
			names = append(names, s.Name)
		case s.Kind == recordings.SourceData:
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
