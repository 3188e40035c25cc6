package recordings

// Family names the API a recording talks to. The values are stable strings,
// used as-is by the CLI's --json output and the web app's filters.
type Family string

// The API families found in ogx recordings.
const (
	FamilyOpenAIChat         Family = "openai-chat"        // POST /v1/chat/completions
	FamilyOpenAICompletions  Family = "openai-completions" // POST /v1/completions
	FamilyOpenAIEmbeddings   Family = "openai-embeddings"  // POST /v1/embeddings
	FamilyOpenAIModels       Family = "openai-models"      // GET /v1/models
	FamilyOllamaGenerate     Family = "ollama-generate"    // POST /api/generate
	FamilyOllamaChat         Family = "ollama-chat"        // POST /api/chat
	FamilyOllamaEmbeddings   Family = "ollama-embeddings"  // POST /api/embeddings, /api/embed
	FamilyOllamaTags         Family = "ollama-tags"        // GET /api/tags
	FamilyOllamaPS           Family = "ollama-ps"          // GET /api/ps
	FamilyOllamaPull         Family = "ollama-pull"        // POST /api/pull
	FamilyAnthropicMessages  Family = "anthropic-messages" // POST /v1/messages
	FamilyGeminiGenerate     Family = "gemini-generate-content"
	FamilyGeminiInteractions Family = "gemini-interactions" // POST /v1beta/interactions
	FamilyRerank             Family = "rerank"              // POST .../rerank
	FamilyTool               Family = "tool"                // a tool runtime invocation
	FamilyFileProcessor      Family = "file-processor"      // a file processor call
	FamilyUnknown            Family = "unknown"
)

var familyTitles = map[Family]string{
	FamilyOpenAIChat:         "OpenAI chat completions",
	FamilyOpenAICompletions:  "OpenAI completions",
	FamilyOpenAIEmbeddings:   "OpenAI embeddings",
	FamilyOpenAIModels:       "OpenAI models list",
	FamilyOllamaGenerate:     "Ollama generate",
	FamilyOllamaChat:         "Ollama chat",
	FamilyOllamaEmbeddings:   "Ollama embeddings",
	FamilyOllamaTags:         "Ollama tags",
	FamilyOllamaPS:           "Ollama ps",
	FamilyOllamaPull:         "Ollama pull",
	FamilyAnthropicMessages:  "Anthropic messages",
	FamilyGeminiGenerate:     "Google generate_content",
	FamilyGeminiInteractions: "Google interactions",
	FamilyRerank:             "Rerank",
	FamilyTool:               "Tool invocation",
	FamilyFileProcessor:      "File processor",
	FamilyUnknown:            "Unknown",
}

// Title returns a human name for the family, like "OpenAI chat completions".
func (f Family) Title() string {
	if t, ok := familyTitles[f]; ok {
		return t
	}
	return string(f)
}

// Environment reports a family whose answers describe the machine that
// recorded them rather than a model: Ollama's /api/ps, /api/tags and
// /api/pull, and model lists. A re-recording on another machine changes
// them without changing anything a test asks of a model.
func (f Family) Environment() bool {
	switch f {
	case FamilyOllamaPS, FamilyOllamaTags, FamilyOllamaPull, FamilyOpenAIModels:
		return true
	}
	return false
}

// Families lists every family, FamilyUnknown last, in a stable order for
// facets and help texts.
func Families() []Family {
	return []Family{
		FamilyOpenAIChat, FamilyOpenAICompletions, FamilyOpenAIEmbeddings, FamilyOpenAIModels,
		FamilyOllamaGenerate, FamilyOllamaChat, FamilyOllamaEmbeddings, FamilyOllamaTags,
		FamilyOllamaPS, FamilyOllamaPull, FamilyAnthropicMessages, FamilyGeminiGenerate,
		FamilyGeminiInteractions, FamilyRerank, FamilyTool, FamilyFileProcessor, FamilyUnknown,
	}
}

// Shape is which of the recorder's request layouts a recording uses.
type Shape string

// The request shapes of api_recorder.py.
const (
	// ShapeInference: {method, url, headers, body, endpoint, model}, written
	// by the patched OpenAI, Ollama and genai clients.
	ShapeInference Shape = "inference"
	// ShapeTool: {test_id, provider, tool_name, kwargs}, a tool runtime call.
	ShapeTool Shape = "tool"
	// ShapeHTTP: {test_id, url, method, payload}, a raw HTTP call (rerank,
	// Anthropic /v1/messages, Gemini interactions).
	ShapeHTTP Shape = "http"
	// ShapeFileProcessor: {test_id, provider, api, file_id}.
	ShapeFileProcessor Shape = "file-processor"
	// ShapeUnknown: a request object of none of these layouts.
	ShapeUnknown Shape = "unknown"
)

// familyByEndpoint maps an endpoint path suffix to a family. Suffixes, not
// exact paths: recorded URLs carry prefixes like /v1/v1/ or /v1/openai/v1/.
var familyByEndpoint = []struct {
	suffix string
	family Family
}{
	{"/chat/completions", FamilyOpenAIChat},
	{"/completions", FamilyOpenAICompletions},
	{"/embeddings", FamilyOpenAIEmbeddings}, // /api/embeddings is matched first below
	{"/models", FamilyOpenAIModels},
	{"/generate_content_stream", FamilyGeminiGenerate},
	{"/generate_content", FamilyGeminiGenerate},
	{"/v1/messages", FamilyAnthropicMessages},
	{"/interactions", FamilyGeminiInteractions},
	{"/rerank", FamilyRerank},
}

var ollamaEndpoints = map[string]Family{
	"/api/generate":   FamilyOllamaGenerate,
	"/api/chat":       FamilyOllamaChat,
	"/api/embeddings": FamilyOllamaEmbeddings,
	"/api/embed":      FamilyOllamaEmbeddings,
	"/api/tags":       FamilyOllamaTags,
	"/api/ps":         FamilyOllamaPS,
	"/api/pull":       FamilyOllamaPull,
}

// familyOfEndpoint classifies an endpoint path; FamilyUnknown if none fits.
func familyOfEndpoint(path string) Family {
	if f, ok := ollamaEndpoints[path]; ok {
		return f
	}
	for _, e := range familyByEndpoint {
		if hasSuffix(path, e.suffix) {
			return e.family
		}
	}
	return FamilyUnknown
}

func hasSuffix(s, suffix string) bool {
	return len(s) >= len(suffix) && s[len(s)-len(suffix):] == suffix
}
