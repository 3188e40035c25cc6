package replayhtml

// The panels' data: what the worker makes of replay's report and lookups
// for the page, which the writers turn into HTML.

// MaxList is the most files or groups a Report or Lookup lists in one of
// its lists; the counts beside each list say how many there are in all.
const MaxList = 100

// Report is replay.Report of a folder, as the page draws it: lists cut at
// MaxList, files by path.
type Report struct {
	// Root is the repository root replay's folders are relative to
	// (replay.Tree.Root), "" when it is the folder itself; RootKnown is
	// false when the paths do not tell (a lone recordings folder, loose
	// files).
	Root      string
	RootKnown bool
	// RecordingDir is the recorder's base folder the report assumes
	// (replay.Tree.SetRecordingDir), "" for replay.DefaultRecordingDir.
	RecordingDir string
	// Recordings, Skipped and Broken count the .json files; Bytes is the
	// recordings' total size.
	Recordings int
	Skipped    int
	Broken     int
	Bytes      int64
	// OK, Stale, Mismatch and Unknown count the recordings by request-hash
	// status.
	OK       int
	Stale    int
	Mismatch int
	Unknown  int
	// NotReplayed counts the recordings replay never looks up
	// (reqhash.NotReplayed: file processors).
	NotReplayed int
	// Never lists the files replay never opens by their name (stale,
	// mismatch and not replayed), NeverN how many in all, NeverBytes their total size,
	// Leftovers how many are stale copies of a request another file holds
	// under today's name.
	Never      []File
	NeverN     int
	NeverBytes int64
	Leftovers  int
	// Fixes is how many stale files `recview doctor --fix` would rename.
	Fixes int
	// Duplicates are the groups of files holding the same request,
	// DuplicatesN how many groups in all, Copies how many files in all
	// the groups' Drop lists, DuplicateBytes their total size.
	Duplicates     []Duplicate
	DuplicatesN    int
	Copies         int
	DuplicateBytes int64
	// Heavy are the tests with the most recordings (two or more), most
	// first, ten at most. Compared reports that their requests were
	// compared (Group.Fields); the first, quick report leaves that out.
	Heavy    []Heavy
	Compared bool
	// Tests reports that the folder holds Python test files under the
	// root's tests/: only then are Orphans looked for. Orphans lists the
	// recordings whose test is gone, OrphansN how many in all.
	Tests    bool
	Orphans  []Listed
	OrphansN int
	// Misplaced lists ok recordings in no folder replay looks in for
	// their request (replay.Report.Misplaced) by path, with the folder it
	// looks in first; MisplacedN how many in all.
	Misplaced  []Listed
	MisplacedN int
}

// File is a recording in one of a Report's or Lookup's lists.
type File struct {
	Path string
	// Status is its request-hash status: "ok", "stale", "mismatch" or
	// "unknown".
	Status string
	Size   int
	// Replay is the base name replay looks for its request today,
	// ReplayAt the file of the folder replay opens for it ("" when
	// none), Leftover whether it is a stale copy of a request held under
	// today's name.
	Replay   string
	ReplayAt string
	Leftover bool
	// TestID, Endpoint and Model are its request's.
	TestID   string
	Endpoint string
	Model    string
}

// Duplicate is a group of files holding the same request: Keep the one
// to keep (replay's, else an ok one), Drop the copies.
type Duplicate struct {
	Keep string
	Drop []string
}

// Heavy is a test with many recordings, split by endpoint and model.
type Heavy struct {
	TestID string
	Count  int
	Groups []Group
}

// Group is the recordings of a test to one endpoint and model: N of
// them, whose request bodies differ in Fields (JSON paths, indices as
// "[]"; none when they could not be compared); OnlyMissed when they
// differ only in what replay.Normalizations undo.
type Group struct {
	Endpoint   string
	Model      string
	N          int
	Fields     []string
	OnlyMissed bool
}

// Listed is a file of one of the panel's lists, and why it is there: a
// recording whose test is gone ("no test file tests/x/test_y.py", "no
// function test_z in tests/x/test_y.py"), an ok name in the wrong folder
// ("replay looks in DIR").
type Listed struct {
	Path string
	Why  string
}

// Lookup is what the worker makes of a pasted text holding replay's
// "Recording not found" error: the error as read (replay.NotFound), where
// replay looked and what is there (replay.Lookup), and, when a request
// body was pasted with it, that body against the nearest recording.
type Lookup struct {
	// Err says why there is nothing more: the text holds no such error,
	// or its hash cannot be looked up.
	Err string
	// The fields of replay.NotFound.
	Hash     string
	Model    string
	Method   string
	URL      string
	Endpoint string
	TestID   string
	Form     string
	// Places are the folders replay looks in, in order (none when the
	// folder's root is not known); Found the file it opens, "" when none.
	Places []Place
	Found  string
	// Merged lists, for a model list, every file replay reads and merges
	// (replay.Lookup.Merged).
	Merged []string
	// Named are the files whose name holds the hash, anywhere; Held
	// those whose request hashes to it today under another name.
	Named []File
	Held  []File
	// Candidates are the nearest recordings when nothing was found.
	Candidates []Candidate
	// Body reports that a request body was pasted too; BodyErr says why
	// it was not compared. BodyHash is what today's recorder computes for
	// it (the error's Hash when it is the request that missed); Nearest is
	// the candidate it was compared with, whose request differs from it
	// in Changes (on the canonical texts, Canonical and Recorded).
	Body      bool
	BodyErr   string
	BodyHash  string
	Nearest   string
	Changes   []Change
	Canonical string
	Recorded  string
}

// Place is a folder replay looks in, the file it wants there, and the
// files of the folder that match it.
type Place struct {
	Dir     string
	Want    string
	Present []string
}

// Candidate is a recording near the request that was not found, and what
// it shares with it ("same test and endpoint", "same test", "same
// model").
type Candidate struct {
	File
	Why string
}

// Change is a leaf of the canonical request that differs: its JSON path,
// and its JSON text in the recording and in the pasted request ("" where
// absent).
type Change struct {
	Path      string
	Recorded  string
	Requested string
}
