package app

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/app/internal/browser"
	"github.com/recview/recview/internal/base/jsonx"
	"github.com/recview/recview/recordings"
	"github.com/recview/recview/recordings/reqhash"
	"github.com/valyala/fastjson"
)

// The playground: the editor and its toolbar post the text to run or
// save and how to format it, the file-name panel the fields to hash with.
const (
	actionPlayEdit       action[string] = "recview/play-edit"        // the playground editor's text: run it
	actionPlaySave       action[string] = "recview/play-save"        // the editor's text: run it and download it (asking first if it is not JSON)
	actionPlaySaveAnyway                = "recview/play-save-anyway" // no value: download the text the save prompt holds
	actionPlaySaveCancel                = "recview/play-save-cancel" // no value: close the save prompt, saving nothing
	actionPlayFormat     action[string] = "recview/play-format"      // "pretty" or "compact": reformat the editor's JSON
	actionPlayTestID     action[string] = "recview/play-test-id"     // the test_id to hash the request with
	actionPlayEndpoint   action[string] = "recview/play-endpoint"    // a bare request body's URL path
	actionPlayMethod     action[string] = "recview/play-method"      // a bare request body's HTTP method
)

// playState is the playground of the current recording: the editor's
// text and what running it gave.
type playState struct {
	doc     *openDoc // the recording the panes show: the last text that parsed
	orig    *openDoc // the recording as opened, which origTxt stands for
	origTxt string   // the recording as opened, indented
	text    string   // the editor's text, as last run
	version int      // bumped when the Viewer loads a text into the editor
	runs    int      // bumped on every change: components redraw when their props change

	err     string // why the text did not run (a syntax error names its line and column), "" when it did
	errLine int    // the line of a syntax error, 0 for none
	errAt   int64  // the byte offset of a syntax error
	stale   bool   // the panes show an earlier text than the editor's

	body     bool   // the text is a bare request body, not a recording
	method   string // a bare body's HTTP method
	endpoint string // a bare body's URL path
	testID   string // the test_id hashed: the recording's own until edited
	ownID    bool   // testID is the recording's own

	hashes  []reqhash.Input // what each scheme makes of the request
	hashErr string          // why there are none

	notFound string // the lookup panel of a replay error pasted into the editor (actions_replay.go), "" for none

	unsaved   string // the text Save was asked for while it is not JSON: the prompt asks first; "" for none
	unsavedAt string // where its syntax error is, "12:5" (line:column), "" if unknown
}

// setPlayTestID sets the test_id the request is hashed with and runs the
// text again.
func (v *Viewer) setPlayTestID(id string) {
	if v.play != nil {
		v.play.testID, v.play.ownID = id, false
		v.runPlay(v.play.text)
	}
}

// setPlayEndpoint sets a bare request body's URL path and runs the text
// again.
func (v *Viewer) setPlayEndpoint(path string) {
	if v.play != nil {
		v.play.endpoint = path
		v.runPlay(v.play.text)
	}
}

// setPlayMethod sets a bare request body's HTTP method and runs the text
// again.
func (v *Viewer) setPlayMethod(method string) {
	if v.play != nil {
		v.play.method = method
		v.runPlay(v.play.text)
	}
}

// maxPlaySize is the largest file the playground edits, in bytes: every
// edit reads the whole text back and parses it again, and typing in a
// textarea of tens of megabytes is slow in itself.
const maxPlaySize = 4 << 20

// startPlay opens the playground on the current recording: its file,
// indented, in the editor.
func (v *Viewer) startPlay() {
	d := v.current()
	if d == nil {
		return
	}
	if v.play != nil && v.play.doc == d {
		return // back to the playground of this recording
	}
	if d.rec.Size > maxPlaySize {
		v.play = nil // renderDoc says why
		return
	}
	// Doc is the whole file, but for a stream whose chunks
	// recordings.ParseInSlices keeps out of it (an OpenAI stream of 1 MB
	// or more): that file is parsed again, whole.
	doc := d.rec.Doc
	if resp := doc.Get("response"); resp != nil && chunksOutside(d.rec, resp) {
		if whole, err := fastjson.ParseBytes(d.data); err == nil {
			doc = whole
		}
	}
	text := string(jsonx.Pretty(doc))
	v.play = &playState{doc: d, orig: d, origTxt: text, method: "POST", endpoint: "/v1/chat/completions", ownID: true}
	v.loadPlay(text)
}

// loadPlay puts text in the editor and runs it.
func (v *Viewer) loadPlay(text string) {
	v.play.version++
	v.runPlay(text)
}

// runPlay runs the editor's text: a recording replaces the current one
// (the header, panes, hash badge and permalink follow it); a bare request
// body gets the file name the recorder would give it; anything else is an
// error shown under the editor while the panes keep the last good text,
// marked stale.
func (v *Viewer) runPlay(text string) {
	st := v.play
	if st == nil {
		return
	}
	st.runs++
	st.text, st.err, st.errLine, st.body, st.notFound, st.unsaved = text, "", 0, false, "", ""
	d := st.doc
	// The text as opened (or edited back to it) is the recording as
	// opened, with its source: a sample or URL stays one in the link.
	nd, err := st.orig, error(nil)
	if text != st.origTxt {
		nd, err = newDoc(d.name, []byte(text))
	}
	switch {
	case err == nil:
		st.stale = false
		if nd != d {
			nd.seek(d.step)
			v.replaceDoc(d, nd)
			st.doc = nd
		}
		if st.ownID {
			st.testID = nd.rec.TestID
		}
		st.hashes, err = requestHashes([]byte(text), st.testID, st.ownID)
	case isBareBody(text, err):
		st.body, st.stale = true, true
		st.hashes, err = reqhash.ForBody(st.method, st.endpoint, st.testID, []byte(text))
	case looksNotFound(text):
		// Replay's error, with or without the request body: looked up
		// in the open folder, the panes keep the last recording.
		st.stale, st.hashes = true, nil
		v.lookupNotFound(text, true)
		return
	default:
		st.stale, st.hashes = true, nil
		st.err, st.errLine, _, st.errAt = playError(err)
		return
	}
	st.hashErr = ""
	if err != nil {
		st.hashes, st.hashErr = nil, err.Error()
	}
}

// replaceDoc puts nd where old was, as a file of the user's: its permalink
// carries the edited data inline.
func (v *Viewer) replaceDoc(old, nd *openDoc) {
	for i, d := range v.docs {
		if d == old {
			v.docs[i] = nd
		}
	}
	v.syncFragment()
	v.linkLocal([]*openDoc{nd})
}

// requestHashes is reqhash.ForRequest of a recording file, with its
// test_id replaced by testID unless own.
func requestHashes(data []byte, testID string, own bool) ([]reqhash.Input, error) {
	var p fastjson.Parser
	doc, err := p.ParseBytes(data)
	if err != nil {
		return nil, err
	}
	if !own {
		var a fastjson.Arena
		id := a.NewNull()
		if testID != "" {
			id = a.NewString(testID)
		}
		doc.Set("test_id", id)
	}
	return reqhash.ForRequest(doc)
}

// isBareBody reports whether text, which Parse refused with err, is a JSON
// object without a recording's "request": a request body to hash.
func isBareBody(text string, err error) bool {
	if !errors.Is(err, recordings.ErrNotRecording) {
		return false
	}
	v, perr := fastjson.Parse(text)
	return perr == nil && v.Type() == fastjson.TypeObject && !v.Exists("request")
}

// playError is how the playground shows an error: a syntax error as "Line
// L, column C: what", with its line, column and byte offset.
func playError(err error) (msg string, line, col int, offset int64) {
	var pe *recordings.ParseError
	if errors.As(err, &pe) && pe.Line > 0 {
		return fmt.Sprintf("Line %d, column %d: %v", pe.Line, pe.Col, pe.Err), pe.Line, pe.Col, pe.Offset
	}
	return err.Error(), 0, 0, 0
}

// formatPlay indents (pretty) or compacts the editor's JSON.
func (v *Viewer) formatPlay(how string) {
	st := v.play
	if st == nil {
		return
	}
	var b bytes.Buffer
	var err error
	if how == "compact" {
		err = json.Compact(&b, []byte(st.text))
	} else {
		err = json.Indent(&b, []byte(st.text), "", "  ")
	}
	if err != nil {
		st.runs++
		st.err, st.errLine, _, st.errAt = playError(syntaxErr(st.text))
		return
	}
	v.loadPlay(b.String())
}

// syntaxErr is Parse's error for text that is not JSON, with its line and
// column.
func syntaxErr(text string) error {
	_, err := recordings.Parse("", []byte(text))
	return err
}

// savePlay runs text and downloads it under the name the recorder would
// give it (the current scheme's), else the recording's own name. Text
// that is not JSON is not downloaded at once: the playground asks first
// (savePrompt), naming the syntax error's line and column.
func (v *Viewer) savePlay(text string) {
	v.runPlay(text)
	st := v.play
	if st == nil {
		return
	}
	if !json.Valid([]byte(text)) {
		st.unsaved, st.unsavedAt = text, ""
		if _, line, col, _ := playError(syntaxErr(text)); line > 0 {
			st.unsavedAt = fmt.Sprintf("%d:%d", line, col)
		}
		v.ctx.Defer(func(app.Context) { browser.ElementByID(saveCancelID).Focus() })
		return
	}
	v.downloadPlay(text)
}

// saveAnyway downloads the text the save prompt holds, and closes it.
func (v *Viewer) saveAnyway() {
	if st := v.play; st != nil && st.unsaved != "" {
		text := st.unsaved
		st.unsaved = ""
		st.runs++
		v.downloadPlay(text)
	}
}

// cancelSave closes the save prompt, saving nothing, and puts the focus
// back in the editor.
func (v *Viewer) cancelSave() {
	if st := v.play; st != nil && st.unsaved != "" {
		st.unsaved = ""
		st.runs++
		v.ctx.Defer(func(app.Context) { browser.ElementByID(editorID).Focus() })
	}
}

// downloadPlay downloads text under the name the recorder would give the
// last text that ran (the current scheme's), else the recording's own.
func (v *Viewer) downloadPlay(text string) {
	st := v.play
	name := st.doc.name
	if len(st.hashes) > 0 && st.hashes[0].FileName != "" {
		name = st.hashes[0].FileName
	}
	browser.Download(name, text)
}
