// Package diff compares two recordings by meaning rather than by bytes:
// the same test recorded twice (before and after a re-recording, or in
// different years) differs in ids, timestamps and the way the stream was
// cut into chunks, none of which a reviewer needs to see.
//
// Compare lists the differences in three kinds:
//
//   - metadata: test_id, API family, endpoint, model, streaming, chunk
//     count, request-hash status (reqhash.Verify), other top-level
//     keys of the file;
//   - request: the request objects, by JSON path ("body.temperature",
//     "body.messages[1].content"), long strings by a word diff;
//   - response: the assembled responses (recordings.Assemble), read as
//     answers (recordings.ReadAnswer): text per choice by a word diff, tool
//     calls matched by name and compared by parsed arguments, finish
//     reason, usage; other kinds (embeddings, model lists, errors) by JSON
//     path. The ids and timestamps listed in Ignored are left out.
//
// A Result also says whether the assembled responses mean the same
// (SameResult) and whether the streams were cut the same way
// (SameChunking): "same result, different chunking" is a re-recording that
// changed nothing a test can see. Its Judgement sums it up for a
// reviewer: a Verdict ("changed result", "same result"...), a Severity
// (high, medium, low, none: what to read first) and the Findings behind
// them ("tool call get_weather gone", "answer reworded: -37 +56 words").
// It is the one verdict of two recordings: `recview diff`, the review of
// a change set (recordings/review) and the viewer's comparison all show
// it. Result.Format prints a Result for a terminal, the way `recview diff
// A B` does.
//
// What the judgement reads in an answer's text is a matter of rules, not
// of a model: text that is the same JSON spelled differently, or the same
// but for white space, is the same result; a few words (FewWords) are low,
// a rewording medium; a refusal, a yes that became a no, another one-word
// answer, or another name or number in a short answer's first sentence
// is high (see Severity). Similarity (the share of words two texts have in
// common) serves the review's pairing too.
//
// Words is the word diff used for long strings, built on
// github.com/sergi/go-diff's diffmatchpatch. The package uses neither the
// file system nor syscall/js, and builds for GOOS=js GOARCH=wasm.
package diff
