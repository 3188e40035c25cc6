package github

import "github.com/recview/recview/recordings/fixturepath"

// Side is which tree of the change set a file belongs to: "base" or
// "head", as recordings/review names them.
type Side string

// The two sides.
const (
	Base Side = "base"
	Head Side = "head"
)

// Commit is a side's commit: its repository ("OWNER/REPO") and SHA.
type Commit struct{ Repo, SHA string }

// Download is one file to fetch: its side, its path in that side's tree,
// and its raw.githubusercontent.com URL pinned to the side's commit.
type Download struct {
	Side Side
	Path string
	URL  string
	// Change is the index, in the files Plan was given, of the changed
	// file this is a side of: a pair is reviewed only when each of its
	// downloads came.
	Change int
}

// IsRecording reports whether a changed file is one the review fetches:
// a recording or another recorder's cassette (fixturepath.Fixture).
func IsRecording(path string) bool { return fixturepath.Fixture(path) }

// Plan lists the downloads of the changed files that are recordings
// (IsRecording), base and head commits given: an added or copied file on
// the head side; a removed one on the base side; a modified, changed or
// unchanged one on both, under its path; a renamed one under its previous
// path on the base side and its path on the head side (each only if it is
// a recording). A file of an unknown status is fetched from both sides,
// as a modified one. skipped counts the changed files that are not
// recordings.
func Plan(files []ChangedFile, base, head Commit) (out []Download, skipped int) {
	var change int
	add := func(side Side, c Commit, p string) {
		if IsRecording(p) {
			out = append(out, Download{Side: side, Path: p, URL: RawURL(c.Repo, c.SHA, p), Change: change})
		}
	}
	for i, f := range files {
		change = i
		prev := f.Path
		if f.Status == "renamed" && f.PreviousPath != "" {
			prev = f.PreviousPath
		}
		if !IsRecording(f.Path) && !IsRecording(prev) {
			skipped++
			continue
		}
		switch f.Status {
		case "added", "copied":
			add(Head, head, f.Path)
		case "removed":
			add(Base, base, f.Path)
		default:
			add(Base, base, prev)
			add(Head, head, f.Path)
		}
	}
	return out, skipped
}
