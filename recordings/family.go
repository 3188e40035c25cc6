package recordings

// Family names the API a recording talks to. The values are stable strings,
// used as-is by the CLI's --json output and the web app's filters.
type Family string

// The API families found in ogx recordings, and in other recorders'
// cassettes (Bedrock, Cohere). Each has a provider in the
// file of its API (openai.go, ollama.go ...) with its classification
// rules, assembler and answer reader; provider.go lists them.
const (
	FamilyOpenAIChat         Family = "openai-chat"        // POST /v1/chat/completions
	FamilyOpenAICompletions  Family = "openai-completions" // POST /v1/completions
	FamilyOpenAIEmbeddings   Family = "openai-embeddings"  // POST /v1/embeddings
	FamilyOpenAIModels       Family = "openai-models"      // GET /v1/models
	FamilyOpenAIResponses    Family = "openai-responses"   // POST /v1/responses
	FamilyOpenAIImages       Family = "openai-images"      // POST /v1/images/generations, /edits, /variations
	FamilyOpenAIAssistants   Family = "openai-assistants"  // /v1/threads/…: a thread's messages, runs, run steps
	FamilyOpenAIAudio        Family = "openai-audio"       // POST /v1/audio/transcriptions, /translations, /speech
	FamilyOpenAIModerations  Family = "openai-moderations" // POST /v1/moderations
	FamilyOllamaGenerate     Family = "ollama-generate"    // POST /api/generate
	FamilyOllamaChat         Family = "ollama-chat"        // POST /api/chat
	FamilyOllamaEmbeddings   Family = "ollama-embeddings"  // POST /api/embeddings, /api/embed
	FamilyOllamaTags         Family = "ollama-tags"        // GET /api/tags
	FamilyOllamaPS           Family = "ollama-ps"          // GET /api/ps
	FamilyOllamaPull         Family = "ollama-pull"        // POST /api/pull
	FamilyAnthropicMessages  Family = "anthropic-messages" // POST /v1/messages
	FamilyGeminiGenerate     Family = "gemini-generate-content"
	FamilyGeminiInteractions Family = "gemini-interactions" // POST /v1beta/interactions
	FamilyBedrockConverse    Family = "bedrock-converse"    // POST /model/{modelId}/converse(-stream)
	FamilyBedrockInvoke      Family = "bedrock-invoke"      // POST /model/{modelId}/invoke(-with-response-stream), a model's own format
	FamilyBedrockAgent       Family = "bedrock-agent"       // POST /agents/{agentId}/agentAliases/{aliasId}/sessions/{sessionId}/text (InvokeAgent)
	FamilyBedrockModels      Family = "bedrock-models"      // GET /inference-profiles…, /foundation-models… (Bedrock's control plane)
	FamilyCohereChat         Family = "cohere-chat"         // POST /v2/chat
	FamilyCohereEmbed        Family = "cohere-embed"        // POST /v2/embed, /v1/embed
	FamilyCohereV1Chat       Family = "cohere-v1-chat"      // POST /v1/chat
	FamilyCohereV1Generate   Family = "cohere-v1-generate"  // POST /v1/generate
	FamilyXAIChat            Family = "xai-chat"            // xAI's gRPC chat (xai_sdk), as pydantic-ai's samples record it
	FamilyFiles              Family = "files"               // /v1/files, /v1/vector_stores, /v1/containers, Gemini's /v1beta/files, /fileSearchStores
	FamilyTokenCount         Family = "token-count"         // POST /v1/messages/count_tokens, :countTokens, /count-tokens, /v1/responses/input_tokens
	FamilyRerank             Family = "rerank"              // POST .../rerank
	FamilyTool               Family = "tool"                // a tool runtime invocation
	FamilyFileProcessor      Family = "file-processor"      // a file processor call
	FamilyUnknown            Family = "unknown"
)

// Title returns a human name for the family, like "OpenAI chat completions".
func (f Family) Title() string {
	if p := providerOf(f); p != nil {
		return p.title
	}
	return string(f)
}

// Environment reports a family whose answers describe the machine that
// recorded them rather than a model: Ollama's /api/ps, /api/tags and
// /api/pull, and model lists. A re-recording on another machine changes
// them without changing anything a test asks of a model.
func (f Family) Environment() bool {
	p := providerOf(f)
	return p != nil && p.environment
}

// ManyCalls reports a family whose title does not say which call a
// recording is: files and vector stores (an upload, a store, a
// deletion), the Assistants API (a thread, a run, its steps), Bedrock's
// catalog (a profile, a list of models), and FamilyUnknown. A list of
// recordings names their calls beside it.
func (f Family) ManyCalls() bool {
	p := providerOf(f)
	return p != nil && p.calls
}

// Families lists every family, FamilyUnknown last, in a stable order for
// facets and help texts: the order classification tries them in (see
// providers in provider.go).
func Families() []Family {
	out := make([]Family, len(providers))
	for i, p := range providers {
		out[i] = p.family
	}
	return out
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
