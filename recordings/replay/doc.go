// Package replay answers what the ogx test recorder's replay will do with a
// tree of recordings: which files it finds, which it never will and why,
// and where it looks for a request hash. It follows the recorder's
// ResponseStorage (src/ogx/testing/api_recorder.py in the ogx repository):
//
//   - a request is looked up by the name today's recorder computes for it
//     (reqhash.Check.ReplayName), in the test's own folder, the recordings/
//     folder beside the test file its test_id names
//     ("tests/integration/agents/test_x.py::test_y" looks in
//     tests/integration/agents/recordings/), then in the fallback folder
//     tests/integration/common/recordings/; a request made outside a test
//     (test_id None) looks in the fallback folder only;
//   - a model list (/api/tags, /v1/models, /v1/openai/v1/models) reads every
//     models-<hash>-*.json of both folders and merges them.
//
// A Tree is built from files given as paths and bytes (Add, or Analyze for
// many at once); the package does no I/O, so the CLI reads files from disk
// and the browser hands over the files it holds. Paths are '/'-separated
// and may be relative or absolute: the repository root, which the recorder's
// folders are relative to, is inferred from where the recordings sit (see
// Tree.Root).
//
// Entries say per file what reqhash.Verify says (ok, stale, mismatch,
// unknown), whether replay finds the file, and whether a stale file is a
// leftover whose request another file already holds under today's name.
// Report gathers what `recview doctor` prints: files replay never finds,
// duplicates, the tests with the most recordings and the fields their
// requests differ in, recordings of tests that no longer exist. Find and
// ListTest are ogx's diagnose_recordings.py find-hash and list-test;
// ParseNotFound reads replay's "Recording not found" error text.
package replay
