package reqhash

import (
	"github.com/valyala/fastjson"
)

// Status is the outcome of checking a recording's file name against its
// request.
type Status int

const (
	// Unknown means the check could not be made: the file name holds
	// no request hash, or the request has no shape the recorder writes.
	Unknown Status = iota
	// OK means the file name is the one today's recorder computes for the
	// request: replay finds the file by it (Check.ReplayName is the name).
	OK
	// Mismatch means no scheme that fits the request computes the hash
	// in the file name: the request was edited after recording, or the file
	// was renamed, or (file-processor recordings) no scheme is known.
	Mismatch
	// Stale means an older scheme of the recorder computes the hash in the
	// file name (Check.Scheme says which), not today's: replay looks for
	// Check.ReplayName instead and never opens this file by its name.
	Stale
	// NotReplayed means today's recorder never looks the recording up,
	// whatever its name: it makes the real call every time. File-processor
	// recordings are so (ogx's api_recorder.py,
	// _patched_file_processor_method: "file_id values are randomly
	// generated per test run").
	NotReplayed
)

// String returns "unknown", "ok", "mismatch", "stale" or "not-replayed".
func (s Status) String() string {
	switch s {
	case NotReplayed:
		return "not-replayed"
	case OK:
		return "ok"
	case Mismatch:
		return "mismatch"
	case Stale:
		return "stale"
	default:
		return "unknown"
	}
}

// Check is the result of Verify.
type Check struct {
	// Status is the outcome; see Status.
	Status Status
	// Scheme names the scheme that computed FileHash (one of the Scheme
	// constants) when Status is OK or Stale. Otherwise it is the scheme whose
	// hash Computed and ExpectedName give: SchemeV0 for an inference
	// request in a file with a 12-hex name, else SchemeCurrent, SchemeTool
	// or SchemeHTTP by the request's shape; "" when no scheme applies
	// (file-processor requests, unknown shapes).
	Scheme string
	// FileHash is the hex hash read from the file name (64 or 12 digits),
	// "" when the name holds none; see FromName.
	FileHash string
	// Computed is the full 64-hex hash of the request under Scheme, ""
	// when Scheme is "".
	Computed string
	// ExpectedName is the base name the recorder gives a file for this
	// request under Scheme: "<hash>.json", or "models-<hash>-<digest>.json"
	// when ModelList, where <hash> has 12 digits for SchemeV0 and whenever
	// the file's own name has 12, else 64. It is "" when Scheme is "" or
	// the model digest cannot be computed (Digest is "").
	ExpectedName string
	// ModelList reports a model-list request (request.endpoint is
	// "/api/tags", "/v1/models" or "/v1/openai/v1/models"), which the
	// recorder stores as models-<hash>-<digest>.json.
	ModelList bool
	// FileDigest is the 8-hex model digest of a models-<hash>-<digest>.json
	// name, "" for other names.
	FileDigest string
	// Digest is the recorder's digest of the recorded model list, the first
	// 8 hex digits of sha256 of the sorted, deduplicated model ids joined
	// by "|" (the "model" field of each model for /api/tags, "id" for the
	// others). It is "" when ModelList is false or the response holds no
	// list of models with string ids.
	Digest string
	// DigestOK reports that FileDigest and Digest are both present and
	// equal. It says nothing about Status: the digest covers the response,
	// the hash the request.
	DigestOK bool
	// ReplayHash is the 64-hex hash today's recorder computes for the
	// request (the current scheme of its shape: SchemeCurrent, SchemeTool
	// or SchemeHTTP), the hash replay looks a recording up by; "" when no
	// scheme applies.
	ReplayHash string
	// ReplayName is the base name replay looks for today:
	// "<ReplayHash>.json", or "models-<ReplayHash>-<Digest>.json" for a
	// model list (replay reads every models-<ReplayHash>-*.json; the
	// digest is the one the recorder would write for the recorded models,
	// "" ReplayName when it cannot be computed). It is the file's own base
	// name exactly when Status is OK (a model list's digest aside).
	ReplayName string
	// Note explains an unknown, mismatched or stale status or a model
	// digest that differs, in lowercase; "" when there is nothing to add.
	Note string
}

// Verify checks the request hash in the file name name against the
// request of doc, the whole recording file as parsed, and says which scheme
// explains it.
//
// The request's shape picks the schemes tried, in this order:
//   - inference ({method, url, body, ...}): SchemeCurrent,
//     SchemeLegacyNoFileSearch, SchemeTestIDRawBody, SchemeV0;
//   - tool ({provider, tool_name, kwargs}): SchemeTool;
//   - raw HTTP ({url, method, payload}): SchemeHTTP;
//   - file processor ({provider, api, file_id}): none; the recorder never
//     looks these up (it makes the real call) and the scheme that named
//     the old files is not known: NotReplayed, whatever the name.
//
// A 64-hex file hash must equal a scheme's hash, a 12-hex one its first 12
// digits. The status is OK when the name is today's recorder's: a 64-hex
// hash of the shape's current scheme (SchemeCurrent, SchemeTool,
// SchemeHTTP); Stale when another scheme explains it, or it has only 12
// digits. The inference schemes are tried newest first (SchemeCurrent,
// SchemeLegacyNoFileSearch, SchemeTestIDRawBody, SchemeV0), SchemeV0
// first for a 12-hex name. Any other doc (not an object, no request, fields of the wrong
// JSON type) gives Unknown with a Note; Verify never panics. It
// reads doc without keeping it; like every fastjson read it may unescape
// strings in place, so doc must not be in use by another goroutine.
func Verify(name string, doc *fastjson.Value) Check {
	var c Check
	fileHash, fileDigest, named := splitName(name)
	c.FileHash, c.FileDigest = fileHash, fileDigest
	req := doc.Get("request")
	if req == nil || req.Type() != fastjson.TypeObject {
		c.Note = "recording has no request object"
		return c
	}

	cands, notReplayed := candidates(doc, req, &c, len(fileHash) == 12)
	if notReplayed {
		c.Status = NotReplayed
	}
	if len(cands) == 0 {
		return c // c.Note says why
	}

	chosen := &cands[0]
	for i := range cands {
		if cands[i].primary {
			chosen = &cands[i]
		}
		if cands[i].current {
			c.ReplayHash = cands[i].hash()
			c.ReplayName = fileNameFor(cands[i].scheme, c.ReplayHash, false, c.ModelList, c.Digest)
		}
	}
	if named {
		c.Status = Mismatch
		for i := range cands {
			if cands[i].hash()[:len(fileHash)] == fileHash {
				c.Status, chosen = Stale, &cands[i]
				if cands[i].current && len(fileHash) == 64 {
					c.Status = OK
				}
				break
			}
		}
	} else {
		c.Note = "file name holds no request hash"
	}
	c.Scheme, c.Computed = chosen.scheme, chosen.hash()

	switch c.Status {
	case Mismatch:
		c.Note = "file name does not match the request's hash under any scheme"
	case Stale:
		if len(fileHash) == 12 {
			c.Note = "named by the 2025 recorder's 12-digit hash; replay looks for " + c.ReplayName
		} else {
			c.Note = "named by an older scheme (" + c.Scheme + "); replay looks for " + c.ReplayName
		}
	}
	if c.ModelList {
		c.DigestOK = c.FileDigest != "" && c.FileDigest == c.Digest
		switch {
		case c.Digest == "":
			c.Note = joinNote(c.Note, "model list has no ids to digest")
		case c.FileDigest == "":
			c.Note = joinNote(c.Note, "model-list recording not named models-<hash>-<digest>.json")
		case !c.DigestOK && len(fileHash) == 12 && c.FileDigest == modelDigest(string(req.GetStringBytes("endpoint")), doc.Get("response", "body"), sha1Digest):
			c.DigestOK = true
			c.Note = joinNote(c.Note, "model digest is the 2025 recorder's (sha1 of the model ids)")
			c.ExpectedName = fileNameFor(chosen.scheme, c.Computed, true, true, c.FileDigest)
			return c
		case !c.DigestOK:
			c.Note = joinNote(c.Note, "model digest in the file name does not match the recorded models")
		}
	}
	c.ExpectedName = fileNameFor(chosen.scheme, c.Computed, len(fileHash) == 12, c.ModelList, c.Digest)
	return c
}

func joinNote(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
}
