package pageworker

import "encoding/json"

// ReadCassette asks for another recorder's cassette (recordings/cassette:
// vcrpy's YAML or JSON, pydantic-ai's, Datadog's test agent's) read as
// recordings: Name is its file name, the message's one file its bytes (an
// ArrayBuffer). The worker answers with an Answer whose Cassette is set,
// or whose Err says why the file is not one (the cassette package's
// error). The worker reads YAML so that app.wasm need not link a YAML
// parser.
type ReadCassette struct {
	ID   int    `json:"id"`
	Name string `json:"name"`
}

// Kind returns KindCassette.
func (*ReadCassette) Kind() Kind { return KindCassette }

// Cassette is a cassette read: the recorder that wrote it and its
// interactions, in order.
type Cassette struct {
	// Recorder names the recorder (cassette.Recorder: "vcrpy",
	// "pydantic-ai-xai", "dd-test-agent").
	Recorder     string        `json:"recorder"`
	Interactions []Interaction `json:"interactions"`
	// Unzipped is the cassette's text when the file was gzipped
	// (cassette.Cassette.Unzipped): what the page's links carry.
	Unzipped []byte `json:"unzipped,omitempty"`
}

// Interaction is one recorded call of a cassette: what its list shows,
// and the call as an ogx recording (cassette.Interaction.Recording), which
// the page opens as it opens any recording.
type Interaction struct {
	Method string `json:"method"`
	URI    string `json:"uri"`
	// Status is the response's HTTP status code, 0 when not recorded.
	Status   int  `json:"status,omitempty"`
	Streamed bool `json:"streamed,omitempty"`
	// Family, Model and Chunks (of a streamed response) are the
	// Recording's as recordings.Parse reads it; Failed reports that it
	// records a failure (Recording.Failure), with its HTTP status
	// (FailedStatus, 0 when none given); Err says why it does not parse.
	Family       string `json:"family,omitempty"`
	Model        string `json:"model,omitempty"`
	Chunks       int    `json:"chunks,omitempty"`
	Failed       bool   `json:"failed,omitempty"`
	FailedStatus int    `json:"failedStatus,omitempty"`
	Err          string `json:"error,omitempty"`
	// Secrets says what looks like a live credential in the request
	// (cassette.Secret.String), one line each.
	Secrets []string `json:"secrets,omitempty"`
	// Notice says what recview chose or could not read of the
	// interaction (cassette.Interaction.Notice: a body that is not text
	// shown in base64, a request that was not recorded...), "" for none.
	Notice string `json:"notice,omitempty"`
	// Headers are the recorded headers, the request's then the
	// response's, each by name; a credential's value as its hint only
	// (cassette.Shown).
	Headers   []Header        `json:"headers,omitempty"`
	Recording json.RawMessage `json:"recording"`
}

// Header is one recorded header value of an interaction: Side is
// "request" or "response".
type Header struct {
	Side  string `json:"side"`
	Name  string `json:"name"`
	Value string `json:"value"`
}
