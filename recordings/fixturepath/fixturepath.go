// Package fixturepath says which files of a repository's tree recview
// reads as LLM API fixtures, by their paths alone: ogx's recordings
// (Recording) and other recorders' cassettes and fixtures (Cassette,
// which recordings/cassette reads). It imports nothing of the core, so
// that the page and its GitHub client can ask it without linking a
// parser. A path is slash-separated, as git names files.
package fixturepath

import (
	"path"
	"slices"
	"strconv"
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

// YAML reports a ".yaml" or ".yml" file (any case): among the files
// recview reads, only a cassette can be one.
func YAML(p string) bool {
	ext := strings.ToLower(path.Ext(p))
	return ext == ".yaml" || ext == ".yml"
}

// CassetteOnly reports a file that, among the files recview reads, can
// only be another recorder's fixture, by its name (any case): YAML
// (YAML), a HAR (".har"), an httprr trace (".httprr", ".httprr.gz") or
// vercel/ai's chunks (".chunks.txt"): its name ends in one of
// CassetteOnlySuffixes. A ".json" file may be either.
func CassetteOnly(p string) bool {
	low := strings.ToLower(p)
	for _, s := range cassetteOnlySuffixes {
		if strings.HasSuffix(low, s) {
			return true
		}
	}
	return false
}

// CassetteOnlySuffixes are the lowercase name endings of CassetteOnly's
// files, for a filter that cannot call it (a folder walk's worker).
func CassetteOnlySuffixes() []string { return slices.Clone(cassetteOnlySuffixes) }

var cassetteOnlySuffixes = []string{".yaml", ".yml", ".har", ".httprr", ".httprr.gz", ".chunks.txt"}

// Cassette reports a file of another recorder than ogx's, by its path:
//
//   - a ".yaml", ".yml" or ".json" file (any case) in a folder whose
//     name ends in "cassettes", at any depth: pytest-recording's
//     "cassettes" (plugin.py's vcr_cassette_dir), vcrpy's and Ruby VCR's
//     customary "fixtures/cassettes" and "fixtures/vcr_cassettes",
//     dd-trace-py's "bedrock_cassettes", rig's
//     "tests/cassettes/PROVIDER/…" (tests/common/cassettes.rs);
//   - a ".yaml" file below a folder named "testdata": go-vcr's
//     (recorder.New's name and ".yaml", pkg/cassette/cassette.go),
//     "testdata/TestX/case.yaml";
//   - an httprr trace, ".httprr" or gzipped ".httprr.gz" (rsc.io/httprr,
//     "testdata/TestX.httprr");
//   - a HAR, ".har" (Polly.JS's "recordings/…/recording.har", a
//     browser's export);
//   - a ".json" file below a folder named "SessionRecords" or
//     "session-records" (the Azure SDK test proxy's recordings of .NET
//     and Java), or ".assets" (the test proxy's restored assets
//     repository, tools/test-proxy/documentation/asset-sync);
//   - a ".chunks.txt" or ".json" file in a folder named "__fixtures__"
//     (vercel/ai's packages/*/src/__fixtures__).
//
// The Azure SDK's Python and JavaScript recordings, in folders named
// "recordings", are Recording's paths: recordings/cassette tells them
// from ogx's by their content.
func Cassette(p string) bool {
	low := strings.ToLower(p)
	dirs := strings.Split(path.Dir(p), "/")
	in := func(names ...string) bool {
		return slices.ContainsFunc(dirs, func(d string) bool { return slices.Contains(names, d) })
	}
	isJSON := strings.HasSuffix(low, ".json")
	switch {
	case (YAML(p) || isJSON) && slices.ContainsFunc(dirs, func(d string) bool { return strings.HasSuffix(d, "cassettes") }):
		return true
	case strings.HasSuffix(low, ".yaml") && in("testdata"):
		return true
	case strings.HasSuffix(low, ".httprr") || strings.HasSuffix(low, ".httprr.gz") || strings.HasSuffix(low, ".har"):
		return true
	case isJSON && in("SessionRecords", "session-records", ".assets"):
		return true
	case (isJSON || strings.HasSuffix(low, ".chunks.txt")) && in("__fixtures__"):
		return true
	}
	return false
}

// Fixture reports a recording or a cassette.
func Fixture(p string) bool { return Recording(p) || Cassette(p) }

// CassetteTest is the test_id of a cassette at path p as
// pytest-recording's default layout names it (plugin.py's
// vcr_cassette_dir and default_cassette_name): a test of DIR/MODULE.py
// writes DIR/cassettes/MODULE/NAME.yaml, NAME being the test's node name,
// "Class.name" for a test method; so
// "tests/models/cassettes/test_openai/test_x[a].yaml" is
// "tests/models/test_openai.py::test_x[a]". "" for a path of another
// layout (a cassette named by its test), whose test recview cannot know.
// The characters pytest-recording replaces by "-" stay replaced.
func CassetteTest(p string) string {
	parts := strings.Split(p, "/")
	n := len(parts)
	if n < 3 || parts[n-3] != "cassettes" || !strings.HasPrefix(parts[n-2], "test") {
		return ""
	}
	name := strings.TrimSuffix(parts[n-1], path.Ext(parts[n-1]))
	params := ""
	if i := strings.IndexByte(name, '['); i >= 0 {
		name, params = name[:i], name[i:]
	}
	name = strings.Replace(name, ".", "::", 1) + params
	return path.Join(append(parts[:n-3:n-3], parts[n-2]+".py")...) + "::" + name
}

// Interaction is the path of interaction k (from 1) of the cassette at
// p, as the review's pairs, the index's rows and `recview show` name it:
// "p#k".
func Interaction(p string, k int) string { return p + "#" + strconv.Itoa(k) }

// CutInteraction splits an Interaction path at its last '#' (a cassette's
// own name may hold one): the cassette's path and k, from 1. ok is false
// when p does not end in "#k" with k a positive number.
func CutInteraction(p string) (file string, k int, ok bool) {
	i := strings.LastIndexByte(p, '#')
	if i < 0 {
		return p, 0, false
	}
	k, err := strconv.Atoi(p[i+1:])
	if err != nil || k < 1 {
		return p, 0, false
	}
	return p[:i], k, true
}
