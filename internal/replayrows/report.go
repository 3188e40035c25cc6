package replayrows

import (
	"encoding/json"
	"fmt"
)

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
	Root      string `json:"root"`
	RootKnown bool   `json:"root_known"`
	// Recordings, Skipped and Broken count the .json files; Bytes is the
	// recordings' total size.
	Recordings int   `json:"recordings"`
	Skipped    int   `json:"skipped"`
	Broken     int   `json:"broken"`
	Bytes      int64 `json:"bytes"`
	// OK, Stale, Mismatch and Unknown count the recordings by request-hash
	// status.
	OK       int `json:"ok"`
	Stale    int `json:"stale"`
	Mismatch int `json:"mismatch"`
	Unknown  int `json:"unknown"`
	// Never lists the files replay never opens by their name (stale and
	// mismatch), NeverN how many in all, NeverBytes their total size,
	// Leftovers how many are stale copies of a request another file holds
	// under today's name.
	Never      []File `json:"never"`
	NeverN     int    `json:"never_n"`
	NeverBytes int64  `json:"never_bytes"`
	Leftovers  int    `json:"leftovers"`
	// Fixes is how many stale files `recview doctor --fix` would rename.
	Fixes int `json:"fixes"`
	// Duplicates are the groups of files holding the same request,
	// DuplicatesN how many groups in all, Copies how many files in all
	// the groups' Drop lists, DuplicateBytes their total size.
	Duplicates     []Duplicate `json:"duplicates"`
	DuplicatesN    int         `json:"duplicates_n"`
	Copies         int         `json:"copies"`
	DuplicateBytes int64       `json:"duplicate_bytes"`
	// Heavy are the tests with the most recordings (two or more), most
	// first, ten at most.
	Heavy []Heavy `json:"heavy"`
	// Tests reports that the folder holds Python test files under the
	// root's tests/: only then are Orphans looked for. Orphans lists the
	// recordings whose test is gone, OrphansN how many in all.
	Tests    bool     `json:"tests"`
	Orphans  []Orphan `json:"orphans"`
	OrphansN int      `json:"orphans_n"`
}

// File is a recording in one of a Report's or Lookup's lists.
type File struct {
	Path string `json:"path"`
	// Status is its request-hash status: "ok", "stale", "mismatch" or
	// "unknown".
	Status string `json:"status"`
	Size   int    `json:"size"`
	// Replay is the base name replay looks for its request today,
	// ReplayAt the file of the folder replay opens for it ("" when
	// none), Leftover whether it is a stale copy of a request held under
	// today's name.
	Replay   string `json:"replay"`
	ReplayAt string `json:"replay_at"`
	Leftover bool   `json:"leftover"`
	// TestID, Endpoint and Model are its request's.
	TestID   string `json:"test_id"`
	Endpoint string `json:"endpoint"`
	Model    string `json:"model"`
}

// Duplicate is a group of files holding the same request: Keep the one
// to keep (replay's, else an ok one), Drop the copies.
type Duplicate struct {
	Keep string   `json:"keep"`
	Drop []string `json:"drop"`
}

// Heavy is a test with many recordings, split by endpoint and model.
type Heavy struct {
	TestID string  `json:"test_id"`
	Count  int     `json:"count"`
	Groups []Group `json:"groups"`
}

// Group is the recordings of a test to one endpoint and model: N of
// them, whose request bodies differ in Fields (JSON paths, indices as
// "[]"; none when they could not be compared); OnlyMissed when they
// differ only in what replay.Normalizations undo.
type Group struct {
	Endpoint   string   `json:"endpoint"`
	Model      string   `json:"model"`
	N          int      `json:"n"`
	Fields     []string `json:"fields"`
	OnlyMissed bool     `json:"only_missed"`
}

// Orphan is a recording whose test is gone, and why ("no test file
// tests/x/test_y.py", "no function test_z in tests/x/test_y.py").
type Orphan struct {
	Path string `json:"path"`
	Why  string `json:"why"`
}

// Lookup is what the worker makes of a pasted text holding replay's
// "Recording not found" error: the error as read (replay.NotFound), where
// replay looked and what is there (replay.Lookup), and, when a request
// body was pasted with it, that body against the nearest recording.
type Lookup struct {
	// Err says why there is nothing more: the text holds no such error,
	// or its hash cannot be looked up.
	Err string `json:"err"`
	// The fields of replay.NotFound.
	Hash     string `json:"hash"`
	Model    string `json:"model"`
	Method   string `json:"method"`
	URL      string `json:"url"`
	Endpoint string `json:"endpoint"`
	TestID   string `json:"test_id"`
	Form     string `json:"form"`
	// Places are the folders replay looks in, in order (none when the
	// folder's root is not known); Found the file it opens, "" when none.
	Places []Place `json:"places"`
	Found  string  `json:"found"`
	// Named are the files whose name holds the hash, anywhere; Held
	// those whose request hashes to it today under another name.
	Named []File `json:"named"`
	Held  []File `json:"held"`
	// Candidates are the nearest recordings when nothing was found.
	Candidates []Candidate `json:"candidates"`
	// Body reports that a request body was pasted too; BodyErr says why
	// it was not compared. BodyHash is what today's recorder computes for
	// it (the error's Hash when it is the request that missed); Nearest is
	// the candidate it was compared with, whose request differs from it
	// in Changes (on the canonical texts, Canonical and Recorded).
	Body      bool     `json:"body"`
	BodyErr   string   `json:"body_err"`
	BodyHash  string   `json:"body_hash"`
	Nearest   string   `json:"nearest"`
	Changes   []Change `json:"changes"`
	Canonical string   `json:"canonical"`
	Recorded  string   `json:"recorded"`
}

// Place is a folder replay looks in, the file it wants there, and the
// files of the folder that match it.
type Place struct {
	Dir     string   `json:"dir"`
	Want    string   `json:"want"`
	Present []string `json:"present"`
}

// Candidate is a recording near the request that was not found, and what
// it shares with it ("same test and endpoint", "same test", "same
// model").
type Candidate struct {
	File
	Why string `json:"why"`
}

// Change is a leaf of the canonical request that differs: its JSON path,
// and its JSON text in the recording and in the pasted request ("" where
// absent).
type Change struct {
	Path      string `json:"path"`
	Recorded  string `json:"recorded"`
	Requested string `json:"requested"`
}

// Decode reads a Report or a Lookup (v) from the worker's JSON; the error
// says what could not be read.
func Decode(data []byte, v any) error {
	if err := json.Unmarshal(data, v); err != nil {
		return fmt.Errorf("the replay worker's answer is not what the page reads: %v", err)
	}
	return nil
}
