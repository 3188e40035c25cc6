// Package permalink reads and writes the viewer's permalinks: which
// recording to open (inline in the link, at a URL, or a gallery sample),
// which stream step and which panel, all in the URL fragment, after "#",
// which browsers never send to a server:
//
//	http://127.0.0.1:8000/#v=2&d=DATA&step=5&panel=response
//
// A fragment may instead name a change set to review (pr=OWNER/REPO/N,
// compare=OWNER/REPO/BASE...HEAD, folders=BASE/HEAD) and the pair to open
// in it (file=PATH): Review, with no recording in the link.
//
// Parse reads a fragment and Fragment.String writes one; the grammar
// (format versions 1 and 2) is in Parse's doc and docs/permalink-format.md.
// EncodeData makes DATA from a recording file: the compact JSON with
// arrays of numbers packed as float32 bytes, raw DEFLATE with a frozen
// preset dictionary of recording boilerplate (dict_v1.txt), base64url
// without padding; DecodeData gives the compact JSON back, refusing data
// that inflates past MaxInflated. A link longer than MaxLinkLen does not
// fit a GitHub comment. RawURL turns the URL of a file page a reviewer
// copied (a GitHub blob link) into one the page can fetch.
//
// Errors are *recordings.ParseError values wrapping ErrBadLink,
// ErrLinkTooLarge or ErrBadURL; nothing here panics on any input.
package permalink
