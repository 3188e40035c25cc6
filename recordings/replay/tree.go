package replay

import (
	"errors"
	"path"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/recview/recview/recordings"
	"github.com/recview/recview/recordings/reqhash"
)

// DefaultRecordingDir is the recorder's base folder, relative to the
// repository root, when OGX_TEST_RECORDING_DIR is not set: its
// DEFAULT_STORAGE_DIR. Replay's fallback folder is this joined with
// "recordings" (FallbackDir): where it looks when a test's own folder
// lacks a recording, and where requests made outside a test are recorded.
const DefaultRecordingDir = "tests/integration/common"

// FallbackDir is replay's fallback folder under DefaultRecordingDir.
const FallbackDir = DefaultRecordingDir + "/recordings"

// File is one file of a tree: Path, '/'-separated, and its bytes.
type File struct {
	Path string
	Data []byte
}

// Kind says what a file of the tree is.
type Kind int

const (
	// Recording is a recording file that parses.
	Recording Kind = iota
	// Skipped is a JSON file that is not a recording (tsconfig.json,
	// ci_matrix.json, test-case files): not an object with "request" and
	// "response", and neither named by a request hash nor, when it does
	// not parse, holding the key "request".
	Skipped
	// Broken is a file that looks like a recording and does not parse;
	// Entry.Err says where and why.
	Broken
)

// String returns "recording", "skipped" or "broken".
func (k Kind) String() string {
	switch k {
	case Skipped:
		return "skipped"
	case Broken:
		return "broken"
	}
	return "recording"
}

// Entry is what the tree knows of one .json file.
type Entry struct {
	// Path is the path the file was added under.
	Path string
	// Size is the file's length in bytes.
	Size int
	Kind Kind
	// Err is why a Broken file does not parse (a *recordings.ParseError
	// naming Path, line and column) or why a Skipped one is not a
	// recording; nil for recordings.
	Err error

	// TestID is the pytest node id of the test that recorded the file
	// (top-level test_id, else request.test_id); HasTestID is false for
	// files recorded outside a test or before test ids (2025).
	TestID    string
	HasTestID bool
	Shape     recordings.Shape
	// Method, Endpoint and Model are the request's (Endpoint is
	// request.endpoint, or the URL's path); Provider and ToolName name a
	// tool call.
	Method, Endpoint, Model, Provider, ToolName string
	Streaming                                   bool
	// Chunks is the number of stream chunks (0 unless Streaming).
	Chunks int
	// Check is reqhash.Verify of the file's base name and content.
	Check reqhash.Check
	// Duplicates lists the keys repeated in one object of the file.
	Duplicates []recordings.DuplicateKey

	// ReplayDirs are the folders replay looks in for this request, in
	// order (see the package doc), as tree paths; nil when the tree's
	// root is not known (Tree.Root).
	ReplayDirs []string
	// ReplayPath is the file of the tree replay opens for this request
	// today (for a model list, the first of the files it merges), "" when
	// it finds none: the request's test then fails in replay.
	ReplayPath string
	// Found reports that replay opens this very file: its name is today's
	// and it sits in one of ReplayDirs.
	Found bool
	// Leftover reports a stale file whose request another file already
	// holds under today's name in a folder replay looks in (for a model
	// list, under today's name with the same models digest): dead weight.
	Leftover bool
}

// Never reports that replay never opens the file by its name: a
// recording that is stale, a mismatch or not replayed at all, or a model
// list not named models-<hash>-….json (the cases a maintainer can act
// on; an ok file in a folder replay does not look in is !Found instead).
func (e *Entry) Never() bool {
	if e.Kind != Recording {
		return false
	}
	if e.UnreadModelList() {
		return true
	}
	switch e.Check.Status {
	case reqhash.Stale, reqhash.Mismatch, reqhash.NotReplayed:
		return true
	}
	return false
}

// UnreadModelList reports a model list whose name is not
// models-<hash>-….json: replay reads a model list from the files so named
// only (api_recorder.py's _model_list_responses globs
// models-{request_hash}-*.json), whatever the hash in this one's name.
func (e *Entry) UnreadModelList() bool {
	return e.Check.ModelList && e.Check.ReplayHash != "" && !strings.HasPrefix(path.Base(e.Path), "models-")
}

// Tree is a set of files replay would see: the recordings and, when
// present, the Python test files their test ids name. Build it with New
// and Add, or Analyze; read it with Entries, Find, ListTest and Report.
// A Tree is not safe for concurrent use.
type Tree struct {
	entries  []Entry
	tests    map[string]*testFile // .py path -> what it defines
	parser   recordings.Parser
	resolved bool
	root     string
	rootOK   bool
	// cut is what the repository paths of the tree's files begin with
	// that the tree's paths leave out: "tests/" for tests/integration given
	// by itself (see Root), else "".
	cut     string
	storage string // the recorder's base folder (SetRecordingDir), "" for DefaultRecordingDir
}

// SetRecordingDir sets the recorder's base folder, as ogx's
// OGX_TEST_RECORDING_DIR (LLAMA_STACK_TEST_RECORDING_DIR before the
// project's rename) sets it: dir is '/'-separated and relative to the
// repository root (the working folder pytest runs in); "" is
// DefaultRecordingDir. Replay's fallback folder becomes dir/recordings;
// a test's own folder does not move (api_recorder.py's
// ResponseStorage._get_test_dir: for a relative base folder it is the
// test file's folder joined with "recordings"; find_recording's fallback
// is base_dir / "recordings").
func (t *Tree) SetRecordingDir(dir string) {
	t.storage = strings.Trim(path.Clean("/"+dir), "/")
	if dir == "" {
		t.storage = ""
	}
	t.resolved = false
}

// New returns an empty Tree.
func New() *Tree { return &Tree{tests: map[string]*testFile{}} }

// Analyze returns the Tree of files, parsed on as many goroutines as
// GOMAXPROCS allows; the entries keep files' order.
func Analyze(files []File) *Tree {
	t := New()
	workers := min(runtime.GOMAXPROCS(0), len(files)/16+1)
	parts := make([]*Tree, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p := New()
			lo, hi := w*len(files)/workers, (w+1)*len(files)/workers
			for _, f := range files[lo:hi] {
				p.Add(f.Path, f.Data)
			}
			parts[w] = p
		}()
	}
	wg.Wait()
	for _, p := range parts {
		t.entries = append(t.entries, p.entries...)
		for k, v := range p.tests {
			t.tests[k] = v
		}
	}
	return t
}

// Add adds the file at path with content data: a .json file becomes an
// Entry, a .py file tells which tests exist (Report's orphans), any other
// file is ignored. data is not kept.
func (t *Tree) Add(p string, data []byte) {
	p = strings.ReplaceAll(p, `\`, "/")
	t.resolved = false
	switch {
	case strings.HasSuffix(p, ".py"):
		t.tests[p] = parseTestFile(data)
		return
	case !strings.HasSuffix(p, ".json"):
		return
	}
	e := Entry{Path: p, Size: len(data)}
	r, err := t.parser.Parse(p, data)
	if err != nil {
		e.Kind, e.Err = classifyError(p, data, err), err
		t.entries = append(t.entries, e)
		return
	}
	e.TestID, e.HasTestID = r.TestID, r.HasTestID
	e.Shape, e.Method, e.Endpoint, e.Model = r.Shape, r.Method, r.Endpoint, r.Model
	e.Provider, e.ToolName = r.Provider, r.ToolName
	e.Streaming, e.Chunks = r.Streaming, len(r.Chunks)
	e.Duplicates = r.Duplicates
	e.Check = reqhash.Verify(path.Base(p), r.Doc)
	t.entries = append(t.entries, e)
}

// AddEntry adds the entry of a recording that the caller parsed itself:
// the viewer's folder index parses and hashes every file once for its own
// table, and hands the tree what Add would have found. e.Kind must be
// Recording, e.Check reqhash.Verify of the file's base name and content,
// and the fields from Path to Duplicates filled as Add fills them; the
// rest (ReplayDirs to Leftover) is computed by the tree. '\' in e.Path
// become '/', as in Add.
func (t *Tree) AddEntry(e Entry) {
	e.Path = strings.ReplaceAll(e.Path, `\`, "/")
	e.ReplayDirs, e.ReplayPath, e.Found, e.Leftover = nil, "", false, false
	t.resolved = false
	t.entries = append(t.entries, e)
}

// classifyError says whether a file that failed to parse with err looks
// like a recording (Broken) or not (Skipped): a name with a request hash,
// or a JSON text that is not an object with "request" and "response" but
// holds the key "request", looks like one.
func classifyError(p string, data []byte, err error) Kind {
	if _, ok := reqhash.FromName(path.Base(p)); ok {
		return Broken
	}
	if errors.Is(err, recordings.ErrNotRecording) {
		return Skipped
	}
	var pe *recordings.ParseError
	if errors.As(err, &pe) && pe.Line > 0 && !strings.Contains(string(data), `"request"`) {
		return Skipped // a syntax error (JSON with comments, say) in a file of another kind
	}
	return Broken
}

// Entries returns the tree's .json files in the order they were added,
// resolved (ReplayDirs, ReplayPath, Found, Leftover). The slice is the
// tree's: do not change it.
func (t *Tree) Entries() []Entry {
	t.resolve()
	return t.entries
}

// resolve computes each entry's replay folders and what replay finds.
func (t *Tree) resolve() {
	if t.resolved {
		return
	}
	t.resolved = true
	t.inferRoot()
	paths := make(map[string]int, len(t.entries)) // path -> entry
	for i := range t.entries {
		paths[t.entries[i].Path] = i
	}
	for i := range t.entries {
		e := &t.entries[i]
		e.ReplayDirs, e.ReplayPath, e.Found, e.Leftover = nil, "", false, false
		held := false // a replay folder holds the request under ReplayName
		if e.Kind != Recording || e.Check.ReplayHash == "" {
			continue
		}
		e.ReplayDirs = t.replayDirs(e.TestID, e.HasTestID)
		for _, d := range e.ReplayDirs {
			if e.Check.ModelList {
				prefix := d + "/models-" + e.Check.ReplayHash + "-"
				for p := range paths {
					if strings.HasPrefix(p, prefix) && !strings.Contains(p[len(prefix):], "/") &&
						(e.ReplayPath == "" || p < e.ReplayPath) {
						e.ReplayPath = p
					}
				}
				e.Found = e.Found || e.Check.Status == reqhash.OK && path.Dir(e.Path) == d && !e.UnreadModelList()
			} else if _, ok := paths[d+"/"+e.Check.ReplayName]; ok && e.ReplayPath == "" {
				e.ReplayPath = d + "/" + e.Check.ReplayName
			}
			if _, ok := paths[d+"/"+e.Check.ReplayName]; ok && d+"/"+e.Check.ReplayName != e.Path {
				held = true
			}
			if e.ReplayPath != "" && !e.Check.ModelList {
				break
			}
		}
		if !e.Check.ModelList {
			e.Found = e.ReplayPath == e.Path
		}
		e.Leftover = e.Check.Status == reqhash.Stale && held
	}
}

// recordingsOf returns the recordings whose test_id is id, in tree order.
func (t *Tree) recordingsOf(id string) []*Entry {
	var out []*Entry
	for i := range t.entries {
		if e := &t.entries[i]; e.Kind == Recording && e.HasTestID && e.TestID == id {
			out = append(out, e)
		}
	}
	return out
}

// sortedPaths returns the paths of es, sorted.
func sortedPaths(es []*Entry) []string {
	out := make([]string, len(es))
	for i, e := range es {
		out[i] = e.Path
	}
	slices.Sort(out)
	return out
}
