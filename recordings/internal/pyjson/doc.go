// Package pyjson writes JSON exactly as CPython's json.dumps does, and
// reads URLs as urllib.parse.urlparse does: the half of the recorder's
// request hash that is not SHA-256. The recorder
// (src/ogx/testing/api_recorder.py in the ogx repository) hashes
// json.dumps(obj, sort_keys=True) of Python objects that json.loads made
// from the recording's JSON text, so reproducing its hashes needs
// CPython's exact bytes: ", " and ": " separators, ensure_ascii escapes,
// ints as written, floats as repr(float).
//
// Append writes a value as json.dumps does; AppendNormalized first
// normalizes it as the recorder's _normalize_body_for_hash does (floats
// rounded, numeric runs in strings rounded, file-search metadata
// replaced, project_id and stream_options dropped); URLParse and Upper
// are urlparse's netloc and path and str.upper for the request's URL and
// method. Input is a github.com/valyala/fastjson value; nothing here
// panics on any input.
package pyjson
