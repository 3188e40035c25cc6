// Package review reviews a change set of recordings: two trees of
// recording files, the base (before a pull request, say) and the head
// (after), each file paired with its other version and the pair triaged
// by meaning, so that a reviewer sees which of hundreds of re-recorded
// files changed anything a test can see.
//
// A tree is a list of Files: a path relative to the tree's root ("/"
// separated) and the file's bytes. Review reads both trees and returns a
// Result: one Pair per recording, and the files it skipped.
//
// # Pairs
//
// Every recording of either tree is in exactly one Pair:
//
//   - the same path on both sides: Modified, or Unchanged when the bytes
//     are the same;
//   - a deleted path and an added path holding the same recording:
//     Renamed. The recorder names a file by the hash of its request
//     (reqhash.Verify), so a file changes name when its request, its
//     test_id or the hash scheme changes. Two files are twins, in this
//     order of preference: the same bytes; the same request as hashed (the
//     method, the endpoint path and the normalized body, the test_id aside)
//     with the same test_id, a test_id on one side only (the test_id
//     entered or left the hash), or another test_id (a test renamed, its
//     parameters' ids changed); two model lists of the same endpoint and
//     models; a near request likewise: the same shape, method, endpoint
//     and model, at most three of its leaves differ (ids carried from a
//     recorded answer aside) and at most half of them, and each text that
//     differs (a message, an embedding input, a prompt) is nearly the same
//     as text, nine words in ten the same (diff.Similarity), and with
//     another test_id only the ids may differ: another question is never a
//     twin, whatever the test_ids. Model lists of the same models come
//     first; within a preference, the closest request, then the closest
//     size, then the paths decide;
//   - what is left: Added or Deleted.
//
// A file that is not a recording (tsconfig.json, a test's data) is
// skipped and listed in Result.Skipped; one that looks like a recording
// (a hashed name, or a "recordings" folder) but does not parse is a Pair
// of VerdictUnreadable.
//
// # Triage
//
// The two sides of a pair are compared with diff.Compare, whose
// Judgement is the pair's: the same verdict, severity and findings that
// `recview diff` and the viewer's comparison give the two files.
//
//   - Request: RequestSame when what the recorder hashes is the same, else
//     RequestChanged with the JSON paths that differ (Pair.RequestPaths);
//     differences the hash ignores (the URL's host, headers) are listed
//     apart (Pair.Unhashed);
//   - Result: ResultSame, ResultChunking (the same answer cut in other
//     chunks), ResultChanged or ResultEnvironment (see diff.ResultStatus);
//   - MetadataOnly: the files differ in ids, timestamps or "__type__"
//     module names (the llama_stack -> ogx rename) only;
//   - Severity: how much the pair matters (diff.Severity: high, medium,
//     low, none); a recording added or deleted is low (none for an
//     environment one), an unreadable file high;
//   - Name: the head file's name against its request, as `recview verify`
//     checks it;
//   - Tests: how many recordings the pair's test has on each side. A test
//     whose recordings multiply (Result.Multiplied: from 1 to 75 in one
//     real pull request) records the same call under new names on every
//     run; the summaries lead with it.
//
// Each pair gets a Verdict, the words that sum it up (the Verdicts, most
// meaningful first: unreadable, changed result, changed request, added,
// deleted, then different chunking, same result, environment, metadata
// only, unchanged), and a one-line Why of about 80 bytes: its findings,
// most severe first, then by concern (diff.Concern), each said once. A
// same-path pair whose two requests ask different questions says "one
// name, two questions". Result.Pairs is sorted by severity (most severe
// first), then by what the first finding is about (diff.Concern: a
// credential, a tool call, finish reason or error, a claim, two
// questions under one name, the request's content, a rewording, the
// rest), then test_id (pairs without one last), then path; every output
// keeps that order.
//
// # Digests and decisions
//
// A pair's digest (Pair.Digest, set by Result.SetDigests from the
// SHA-256 of each tree's files) names its content, whatever its paths or
// the commits it came from; the CLI and the page's worker compute it by
// one rule:
//
//   - each side of a pair has a sum: the SHA-256 of its file; 32 zero
//     bytes for the side a pair lacks (an added or deleted recording);
//   - a cassette's interaction ("PATH#K", K from 1) has the sum
//     SHA-256(S || "#K"), S the 32 bytes of its cassette file's SHA-256
//     and "#K" in ASCII (InteractionSum). A change anywhere in a cassette
//     changes the digests of all its interactions;
//   - the pair's digest is the first 32 hex digits, lowercase, of
//     SHA-256(base sum || head sum) (PairDigest).
//
// A reviewer accepts or flags a pair, with a one-line note (Decision);
// Decisions hold them by digest, as the review page keeps a pair's viewed
// mark: a pair whose two files are the same after a new push keeps its
// decision, and one whose files changed (or a cassette of which changed)
// comes back undecided. Two pairs of the same content share a digest,
// and a decision. A DecisionsFile is the JSON file the review page saves
// and `recview review --decisions FILE` reads (ReadDecisions, strictly;
// docs/review.md has the format); Result.Tally counts the decisions,
// and the outputs below show them.
//
// # Output
//
// Result.Format writes the review for a terminal, Result.WriteJSON one
// JSON object per pair per line (the keys of `recview review --json`), and
// Result.Markdown a pull-request comment within GitHub's limits: the
// pairs of high and medium severity in tables, the rest folded, rows
// linked to the viewer's review or comparison of each pair by URL (never
// by inline data), led by the reviewer's decisions when
// MarkdownOptions.Decisions is set; FormatDecisions and
// WriteJSONDecisions add the decisions to the other two. docs/review.md
// gives the severity rules with a real example each.
//
// The package uses neither the file system nor syscall/js and builds for
// GOOS=js GOARCH=wasm: the page's worker (wasm/worker, a Web Worker
// beside the page) calls Review on files it fetched or the
// user dropped, and tells the page how far it is from Options.Between.
package review
