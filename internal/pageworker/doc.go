// Package pageworker is the protocol between the viewer's page (app.wasm)
// and its Web Worker (worker.wasm, wasm/worker, started by web/worker.js):
// every message either side posts, each a struct whose Kind names it, the
// one encoding they travel in, and the names of the clicks (data-act) of
// the HTML written on either side.
//
// # The conversation
//
// The worker posts Ready once it listens; the page posts nothing before.
// Then, a worker reviewing a change set (the review page starts one per
// review):
//
//	page → worker  Warm         the site's samples, to run the review's
//	                            code on until the next message (only to
//	                            a worker started ahead, while the page
//	                            is idle)
//	page → worker  ReviewFolder a folder of a two-folder review, with its
//	                            File objects, as soon as it is picked
//	                            (the worker reads it meanwhile)
//	page → worker  Review       the change set: a GitHub pull request or
//	                            comparison, or the two folders given
//	worker → page  Status       how far it is, any number of times
//	worker → page  Report       the review, with the files it fetched
//	            or Failure      why there is none
//	page → worker  WriteComment the reviewer's decisions, by the rows'
//	                            Digest, asked by ID, after the Report
//	worker → page  Answer       the Comment: the pull-request comment
//	                            with the decisions, and the decisions
//	                            file to save
//
// and a worker of an open folder (the index starts one per folder):
//
//	page → worker  ReplayAdd     what the index read of some files, with
//	                             their File objects, as it reads them
//	page → worker  ReplayReport  the folder's replay report, asked by ID
//	page → worker  NotFound      a pasted "Recording not found" error
//	worker → page  Answer        the panel's HTML, for the ID asked
//	            or Failure       the worker cannot go on
//
// and, on any worker (the page starts one for its comparisons when it
// first compares two recordings):
//
//	page → worker  Compare       two recordings' bytes, asked by ID
//	worker → page  Answer        their Comparison, for the ID asked
//	page → worker  ReadCassette  a cassette's bytes, asked by ID
//	worker → page  Answer        its interactions as recordings
//
// # The encoding
//
// A message is posted as a JavaScript object {kind, body, files}: kind
// its Kind, body its JSON text (Encode: a Report as one JSON value per
// line, so that the page can read it a row at a time), files the
// JavaScript objects that JSON cannot carry (File objects, ArrayBuffers)
// in the order the body lists them. web/worker.js posts one Failure
// itself, when worker.wasm cannot start.
//
// # Its place
//
// It sits above the core: Item carries recordings' and reqhash's types,
// and the worker's side builds its messages from recordings/review and
// recordings/replay. It holds no review or replay code itself, so that
// app.wasm, which imports it, links neither core; the worker's HTML is
// written by its subpackage replayhtml.
package pageworker
