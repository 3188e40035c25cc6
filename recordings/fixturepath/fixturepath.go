// Package fixturepath says which files of a repository's tree recview
// reads as LLM API fixtures, by their paths alone: ogx's recordings
// (Recording) and other recorders' cassettes (Cassette). It imports
// nothing of the core, so that the page and its GitHub client can ask it
// without linking a parser.
package fixturepath

import (
	"path"
	"slices"
	"strings"
)

// Recording reports a ".json" file (any case) inside a folder named
// "recordings", at any depth ("tests/integration/agents/recordings/
// 0f54….json", "tests/integration/recordings/responses/ab12.json"), where
// ogx's recorder (api_recorder.py) writes.
func Recording(p string) bool {
	if !strings.HasSuffix(strings.ToLower(p), ".json") {
		return false
	}
	return strings.HasPrefix(p, "recordings/") || strings.Contains(p, "/recordings/")
}

// Cassette reports a ".yaml", ".yml" or ".json" file (any case) in a
// folder whose name ends in "cassettes", at any depth: pytest-recording's
// "cassettes" (plugin.py's vcr_cassette_dir), vcrpy's customary
// "vcr_cassettes", dd-trace-py's "bedrock_cassettes".
func Cassette(p string) bool {
	switch strings.ToLower(path.Ext(p)) {
	case ".yaml", ".yml", ".json":
	default:
		return false
	}
	return slices.ContainsFunc(strings.Split(path.Dir(p), "/"), func(d string) bool { return strings.HasSuffix(d, "cassettes") })
}

// Fixture reports a recording or a cassette.
func Fixture(p string) bool { return Recording(p) || Cassette(p) }
