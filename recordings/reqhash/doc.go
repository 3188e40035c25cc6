// Package reqhash computes the request hash that names a recording file,
// the way the ogx test recorder does (src/ogx/testing/api_recorder.py in
// the ogx repository), and checks file names against it.
//
// The recorder writes each response to <hash>.json, where <hash> is the
// lowercase hex SHA-256 of Python's json.dumps(obj, sort_keys=True) of an
// object built from the request: for an inference call
// {"method", "endpoint", "body", "test_id"} with the body normalized; for
// a tool call {"provider", "tool_name", "kwargs"}; for a raw HTTP call
// {"test_id", "url", "method", "payload"}. Model lists are named
// models-<hash>-<digest>.json, and the 2025 recorder used 12-hex names.
// The schemes of the recorder's history are the Scheme constants;
// docs/hash-schemes.md tells their story.
//
// Verify checks a file name against the request in the file and says
// which scheme explains it (Check): ok when it is the name today's recorder
// computes, which replay looks for (Check.ReplayName), stale when an older
// scheme explains it; ForRequest and ForBody give, for each
// scheme, the canonical text hashed, the hash and the file name, for the
// playground's "which file would the recorder write?". FromName reads the
// hash out of a file name. Requests are github.com/valyala/fastjson
// values as recordings.Parse gives them; nothing here panics on any input.
package reqhash
