package reqhash

// Names of the request-hash schemes, as the corpus's HASHCHECK.tsv names
// them. Every scheme is sha256 of Python's json.dumps(obj, sort_keys=True)
// (see pyjson.Append), in lowercase hex.
const (
	// SchemeCurrent hashes inference requests as normalize_inference_request
	// does: {"method": M.upper(), "endpoint": urlparse(url).path, "body":
	// normalized body (see pyjson.AppendNormalized), "test_id": the file's
	// top-level test_id}, test_id left out for the model-list paths
	// "/api/tags", "/v1/models" and "/v1/openai/v1/models". The body loses
	// "stream_options" when the URL's host contains "bedrock".
	SchemeCurrent = "current"
	// SchemeLegacyNoFileSearch is SchemeCurrent without the file-search
	// string rewrite (scores, attributes, document ids, citations); float
	// rounding and numeric literals in strings are still normalized.
	SchemeLegacyNoFileSearch = "legacy-no-filesearch-norm"
	// SchemeTool hashes tool requests as normalize_tool_request does:
	// {"provider", "tool_name", "kwargs"}, nothing normalized.
	SchemeTool = "tool"
	// SchemeHTTP hashes raw HTTP requests (rerank, Anthropic /v1/messages,
	// Gemini interactions) as normalize_http_request does: {"test_id":
	// request.test_id, "url", "method": M.upper(), "payload": normalized}.
	SchemeHTTP = "http"
	// SchemeV0 is the 2025 recorder's: {"method": M.upper(), "endpoint":
	// urlparse(url).path, "body": the body as recorded}, no normalization
	// and no test_id; its files are named by the hash's first 12 hex
	// digits.
	SchemeV0 = "v0-no-test_id-raw-body"
)
