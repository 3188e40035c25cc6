package reqhash

// Names of the request-hash schemes, as the corpus's HASHCHECK.tsv names
// them (SchemeTestIDRawBody is newer than that table). Every scheme is
// sha256 of Python's json.dumps(obj, sort_keys=True) (see pyjson.Append),
// in lowercase hex. Schemes lists them with their history.
const (
	// SchemeCurrent hashes inference requests as normalize_inference_request
	// does: {"method": M.upper(), "endpoint": urlparse(url).path, "body":
	// normalized body (see pyjson.AppendNormalized), "test_id": the file's
	// top-level test_id}, test_id left out for the model-list paths
	// "/api/tags", "/v1/models" and "/v1/openai/v1/models". The body loses
	// "stream_options" when the URL's host contains "bedrock".
	SchemeCurrent = "current"
	// SchemeLegacyNoFileSearch is SchemeCurrent before the file-search
	// string rewrite (scores, attributes, document ids, citations) and
	// before extra_body/extra_query lost their project_id; float rounding,
	// numeric literals in strings and Bedrock's stream_options are
	// normalized as in SchemeCurrent.
	SchemeLegacyNoFileSearch = "legacy-no-filesearch-norm"
	// SchemeTestIDRawBody is the first recorder with per-test recordings
	// (autumn 2025): {"method": M.upper(), "endpoint": urlparse(url).path,
	// "body": the body as recorded, "test_id": the file's test_id}, test_id
	// left out for "/api/tags" and "/v1/models" only; no normalization.
	SchemeTestIDRawBody = "test_id-raw-body"
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

// Request shapes a Scheme hashes, the values of Scheme.Shape.
const (
	ShapeInference = "inference" // {method, url, headers, body, endpoint, model}
	ShapeTool      = "tool"      // {test_id, provider, tool_name, kwargs}
	ShapeHTTP      = "http"      // {test_id, url, method, payload}
)

// Scheme is one request-hash scheme of the recorder's history: how a
// recorder version turned a request into the hash that names its file.
type Scheme struct {
	// Name is one of the Scheme constants ("current", ...).
	Name string
	// Shape is the request shape it hashes: ShapeInference, ShapeTool or
	// ShapeHTTP.
	Shape string
	// Current reports that today's recorder hashes Shape this way: a file
	// named by any other scheme is never found by replay (Stale).
	Current bool
	// ShortNames reports that the recorder named files by the hash's first
	// 12 hex digits ("<12 hex>.json", "models-<12 hex>-<digest>.json");
	// the others use all 64.
	ShortNames bool
	// Recorder names the recorder version: its file, its era and the pull
	// request that began it, when known.
	Recorder string
	// Source is a version of the recorder's source that hashes this way,
	// as "owner/repo@commit path", the one docs/hash-schemes.md quotes.
	Source string
	// Hashes says what the scheme hashes, in the recorder's terms.
	Hashes string
}

// schemes is the history, newest first within each shape.
var schemes = []Scheme{
	{
		Name: SchemeCurrent, Shape: ShapeInference, Current: true,
		Recorder: "src/ogx/testing/api_recorder.py, ogx (2026)",
		Source:   "ogx-ai/ogx@be1d4447403892e5d215d5a937cd2e03912194c6 src/ogx/testing/api_recorder.py",
		Hashes: "method, endpoint (the URL's path), the body normalized (floats rounded to 5 places, " +
			"digit runs in strings rounded, file-search scores, attributes, document ids and citations replaced, " +
			"project_id dropped from extra_body/extra_query, stream_options dropped for Bedrock) and test_id, " +
			"except for /api/tags, /v1/models and /v1/openai/v1/models",
	},
	{
		Name: SchemeLegacyNoFileSearch, Shape: ShapeInference,
		Recorder: "src/llama_stack/testing/api_recorder.py, llama-stack, after the body normalization came and before the file-search rewrite",
		Source:   "llamastack/llama-stack@00b74994140dfc4e82cd83aeeb4cbc11d8ef2746 src/llama_stack/testing/api_recorder.py",
		Hashes: "as current, without the file-search rewrite and without dropping project_id " +
			"(floats, digit runs in strings and Bedrock's stream_options normalized)",
	},
	{
		Name: SchemeTestIDRawBody, Shape: ShapeInference,
		Recorder: "llama_stack/testing/inference_recorder.py and api_recorder.py, llama-stack, from " +
			"\"implement test isolation for inference recordings\" (ogx-ai/ogx#3681, October 2025)",
		Source: "llamastack/llama-stack@55c920884a665212add4f73c0bfdfb9d6fa34a71 llama_stack/testing/api_recorder.py",
		Hashes: "method, endpoint, the body as recorded and test_id, except for /api/tags and /v1/models; " +
			"full 64-hex names in the test's own recordings/ folder",
	},
	{
		Name: SchemeV0, Shape: ShapeInference, ShortNames: true,
		Recorder: "llama_stack/testing/inference_recorder.py, llama-stack, from the first recorder " +
			"(ogx-ai/ogx#2941, July 2025)",
		Source: "meta-llama/llama-stack@5ac8394c63cc5cda2a09d4c56e7daeb6a77ba6dc llama_stack/testing/inference_recorder.py",
		Hashes: "method, endpoint and the body as recorded, no test_id; " +
			"files named by the first 12 hex digits in recordings/responses/",
	},
	{
		Name: SchemeTool, Shape: ShapeTool, Current: true,
		Recorder: "api_recorder.py since tools were recorded (ogx-ai/ogx#3403, September 2025)",
		Source:   "ogx-ai/ogx@be1d4447403892e5d215d5a937cd2e03912194c6 src/ogx/testing/api_recorder.py",
		Hashes:   "provider, tool_name and kwargs, nothing normalized",
	},
	{
		Name: SchemeHTTP, Shape: ShapeHTTP, Current: true,
		Recorder: "api_recorder.py since raw HTTP calls were recorded (rerank, then /v1/messages and interactions)",
		Source:   "ogx-ai/ogx@be1d4447403892e5d215d5a937cd2e03912194c6 src/ogx/testing/api_recorder.py",
		Hashes:   "test_id, url, method and the payload normalized as current's body",
	},
}

// Schemes returns every request-hash scheme of the recorder's history,
// newest first within each request shape (inference, tool, raw HTTP): the
// order Verify tries them in, except that a 12-hex name tries SchemeV0
// first. The slice is a copy.
func Schemes() []Scheme { return append([]Scheme(nil), schemes...) }

// SchemeByName returns the scheme named name (a Scheme constant); ok is
// false for any other name.
func SchemeByName(name string) (s Scheme, ok bool) {
	for _, s := range schemes {
		if s.Name == name {
			return s, true
		}
	}
	return Scheme{}, false
}

// isCurrent reports that name is a scheme today's recorder uses.
func isCurrent(name string) bool {
	s, ok := SchemeByName(name)
	return ok && s.Current
}
