package recordings

import (
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"testing"

	"github.com/valyala/fastjson"
)

// familyConstants returns the names and values of the Family constants
// declared in family.go, read from the source so that a new constant
// cannot be left out of the registry.
func familyConstants(t *testing.T) map[string]Family {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "family.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]Family{}
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		for _, s := range g.Specs {
			vs := s.(*ast.ValueSpec)
			if id, ok := vs.Type.(*ast.Ident); !ok || id.Name != "Family" {
				continue
			}
			for i, n := range vs.Names {
				lit := vs.Values[i].(*ast.BasicLit)
				out[n.Name] = Family(lit.Value[1 : len(lit.Value)-1])
			}
		}
	}
	if len(out) == 0 {
		t.Fatal("no Family constant found in family.go")
	}
	return out
}

// unanswered are the families with no stream assembler and no answer
// reader: their responses are data (vectors, model lists, scores,
// moderations, token counts, files, tool output), shown as recorded.
var unanswered = []Family{
	FamilyOpenAIEmbeddings, FamilyOpenAIModels, FamilyOllamaEmbeddings, FamilyOllamaTags,
	FamilyOllamaPS, FamilyOllamaPull, FamilyCohereEmbed, FamilyRerank, FamilyOpenAIModerations, FamilyTokenCount, FamilyFiles, FamilyBedrockModels, FamilyTool, FamilyFileProcessor, FamilyUnknown,
}

// TestProvidersComplete checks that every Family constant has one
// provider, FamilyUnknown's last, and that each provider is filled in: a
// title, a classification rule, and an assembler, an answer reader and
// answer paths together, unless the family is one of unanswered.
func TestProvidersComplete(t *testing.T) {
	consts := familyConstants(t)
	seen := map[Family]int{}
	for _, p := range providers {
		seen[p.family]++
	}
	for name, f := range consts {
		if seen[f] != 1 {
			t.Errorf("%s (%q) is registered %d times in providers, want once", name, f, seen[f])
		}
	}
	if len(providers) != len(consts) {
		t.Errorf("%d providers for %d Family constants", len(providers), len(consts))
	}
	if last := providers[len(providers)-1].family; last != FamilyUnknown {
		t.Errorf("the last provider is %s, want %s", last, FamilyUnknown)
	}
	if got := Families(); len(got) != len(providers) || got[len(got)-1] != FamilyUnknown {
		t.Errorf("Families() = %v", got)
	}
	for _, p := range providers {
		f := p.family
		if p.title == "" || f.Title() != p.title {
			t.Errorf("%s: title %q, Title() %q", f, p.title, f.Title())
		}
		rules := p.shape != "" || len(p.paths)+len(p.suffixes)+len(p.within)+len(p.lastly)+len(p.objects) > 0 || p.looksLike != nil
		if rules == (f == FamilyUnknown) {
			t.Errorf("%s: has classification rules: %v", f, rules)
		}
		answers := !slices.Contains(unanswered, f)
		if (p.format != nil) != answers || (len(p.answer.Trees) > 0) != answers {
			t.Errorf("%s: format %T, answer paths %v; want both or neither (neither for unanswered)", f, p.format, p.answer.Trees)
		}
		if _, ok := f.AnswerPaths(); ok != answers {
			t.Errorf("%s: AnswerPaths ok = %v", f, ok)
		}
		if p.foldsAsChecked && p.format == nil {
			t.Errorf("%s: foldsAsChecked without an assembler", f)
		}
	}
	if Family("no-such-family").Title() != "no-such-family" || Family("x").Environment() {
		t.Error("a string that is no Family has a provider")
	}
}

// TestClassifyOrder checks the classification rules where their order
// decides: whole paths before suffixes, longer suffixes before the ones
// they end with, the "object" field before any shape, and the shapes in
// providers' order.
func TestClassifyOrder(t *testing.T) {
	endpoints := map[string]Family{
		"/v1/chat/completions":              FamilyOpenAIChat,
		"/v1/openai/v1/chat/completions":    FamilyOpenAIChat,
		"/v1/completions":                   FamilyOpenAICompletions,
		"/v1/embeddings":                    FamilyOpenAIEmbeddings,
		"/api/embeddings":                   FamilyOllamaEmbeddings,
		"/api/embed":                        FamilyOllamaEmbeddings,
		"/v1/models":                        FamilyOpenAIModels,
		"/api/generate":                     FamilyOllamaGenerate,
		"/api/chat":                         FamilyOllamaChat,
		"/v1/api/chat":                      FamilyUnknown,
		"/api/tags":                         FamilyOllamaTags,
		"/api/ps":                           FamilyOllamaPS,
		"/api/pull":                         FamilyOllamaPull,
		"/v1beta/models/x:generate_content": FamilyUnknown,
		"/generate_content_stream":          FamilyGeminiGenerate,
		"/v1/v1/messages":                   FamilyAnthropicMessages,
		"/messages":                         FamilyUnknown,
		"/v1beta/interactions":              FamilyGeminiInteractions,
		"/v1/rerank":                        FamilyRerank,
		"":                                  FamilyUnknown,
		"/v1/files":                         FamilyFiles,
		"/v1/chat/completions/x":            FamilyOpenAIChat,
		"/v1/openai/v1/embeddings":          FamilyOpenAIEmbeddings,
		"/v1/openai/v1/models":              FamilyOpenAIModels,
		"/v1/openai/v1/completions":         FamilyOpenAICompletions,
		"/v1/openai/v1/interactions":        FamilyGeminiInteractions,
		"/v1/openai/v1/rerank":              FamilyRerank,
		"/api/generate/":                    FamilyUnknown,
		"/v1/generate_content_stream":       FamilyGeminiGenerate,
		"/v1beta/models/x:streamGenerate":   FamilyUnknown,
		"/v1beta/models/gemini-2.0-flash:generateContent":                       FamilyGeminiGenerate,
		"/v1beta/models/gemini-2.0-flash:streamGenerateContent":                 FamilyGeminiGenerate,
		"/v1beta/models/gemini-2.5-flash:countTokens":                           FamilyTokenCount,
		"/v1/messages/count_tokens":                                             FamilyTokenCount,
		"/v1/moderations":                                                       FamilyOpenAIModerations,
		"/v1/vector_stores/vs_1/files":                                          FamilyFiles,
		"/v1/files/file-1/content":                                              FamilyFiles,
		"/upload/v1beta/fileSearchStores/s-1:uploadToFileSearchStore":           FamilyFiles,
		"/v1/conversations":                                                     FamilyOpenAIResponses,
		"/v1/conversations/conv_1/items":                                        FamilyOpenAIResponses,
		"/v1/chat/moderations":                                                  FamilyOpenAIModerations,
		"/model/anthropic.claude-v2/count-tokens":                               FamilyTokenCount,
		"/v1/responses/input_tokens":                                            FamilyTokenCount,
		"/agents/EITYAHSOCJ/agentAliases/NWGOFQESWP/sessions/test_session/text": FamilyBedrockAgent,
		"/inference-profiles/arn%3Aaws%3Abedrock%3Aus-east-1%3A123456789012%3Aapplication-inference-profile%2F1arbu5hu2sjr": FamilyBedrockModels,
		"/foundation-models": FamilyBedrockModels,
		"/model/arn%3Aaws%3Abedrock%3Aus-east-1%3A123456789012%3Aapplication-inference-profile%2F1arbu5hu2sjr/converse": FamilyBedrockConverse,
		"/v1/openai/v1/chat/completions/abc": FamilyOpenAIChat,
		"/v2/chat":                           FamilyCohereChat,
		"/v1/chat":                           FamilyCohereV1Chat,
		"/v1/generate":                       FamilyCohereV1Generate,
		"/v2/embed":                          FamilyCohereEmbed,
		"/v1/embed":                          FamilyCohereEmbed,
		// The Assistants API, its paths going on with ids; a thread's
		// messages are not Anthropic's; a bare /threads/ is LangGraph's too.
		"/v1/threads":                           FamilyOpenAIAssistants,
		"/v1/threads/runs":                      FamilyOpenAIAssistants,
		"/v1/threads/thread_1/messages":         FamilyOpenAIAssistants,
		"/v1/threads/thread_1/runs/run_1/steps": FamilyOpenAIAssistants,
		"/openai/threads/thread_1/runs":         FamilyOpenAIAssistants,
		"/v1/assistants/asst_1":                 FamilyOpenAIAssistants,
		// A stored response's paths, and the compaction.
		"/v1/responses/resp_1":             FamilyOpenAIResponses,
		"/v1/responses/resp_1/input_items": FamilyOpenAIResponses,
		"/v1/responses/compact":            FamilyOpenAIResponses,
		"/threads/1f0c/runs":               FamilyUnknown,
		"/assistants/search":               FamilyUnknown,
	}
	for path, want := range endpoints {
		if got := familyOfEndpoint(path); got != want {
			t.Errorf("familyOfEndpoint(%q) = %s, want %s", path, got, want)
		}
	}
	data := []struct {
		json string
		want Family
	}{
		{`{"object":"chat.completion"}`, FamilyOpenAIChat},
		{`{"object":"chat.completion.chunk","candidates":[]}`, FamilyOpenAIChat},
		{`{"object":"text_completion","done":true,"response":""}`, FamilyOpenAICompletions},
		{`{"object":"model","type":"message"}`, FamilyOpenAIModels},
		{`{"object":"interaction","candidates":[]}`, FamilyGeminiInteractions},
		{`{"object":"list","data":[{"embedding":[1]}],"candidates":[]}`, FamilyOpenAIEmbeddings},
		{`{"object":"list","data":[{"id":"m"}],"embeddings":[]}`, FamilyOllamaEmbeddings},
		{`{"object":"list","data":[]}`, FamilyUnknown},
		{`{"candidates":[],"done":true,"response":""}`, FamilyGeminiGenerate},
		{`{"done":true,"response":"","message":{}}`, FamilyOllamaGenerate},
		{`{"done":false,"message":{},"embeddings":[]}`, FamilyOllamaChat},
		{`{"done":false}`, FamilyUnknown},
		{`{"embeddings":[[1]],"type":"message"}`, FamilyOllamaEmbeddings},
		{`{"type":"message_start"}`, FamilyAnthropicMessages},
		{`{"type":"message"}`, FamilyAnthropicMessages},
		{`{"type":"content_block_delta"}`, FamilyUnknown},
		{`{"object":"response"}`, FamilyOpenAIResponses},                         // the Responses API's object
		{`{"type":"response.in_progress","response":{}}`, FamilyOpenAIResponses}, // its stream's events
		{`{"type":"response.","candidates":[]}`, FamilyGeminiGenerate},
		{`{"type":"responses"}`, FamilyUnknown},
		// Cohere's chat: its stream's first event, its answer (no "done",
		// which Ollama's chat has), its embeddings before Ollama's.
		{`{"id":"x","type":"message-start","delta":{}}`, FamilyCohereChat},
		{`{"id":"x","message":{"role":"assistant"},"finish_reason":"COMPLETE"}`, FamilyCohereChat},
		{`{"message":{"role":"assistant"},"finish_reason":"x","done":true}`, FamilyOllamaChat},
		{`{"texts":["a"],"embeddings":{"float":[[1]]},"response_type":"embeddings_by_type"}`, FamilyCohereEmbed},
		{`{"texts":["a"],"embeddings":[[1]]}`, FamilyOllamaEmbeddings},
		{`{}`, FamilyUnknown},
	}
	for _, c := range data {
		if got := familyOfData(fastjson.MustParse(c.json)); got != c.want {
			t.Errorf("familyOfData(%s) = %s, want %s", c.json, got, c.want)
		}
	}
	shapes := map[Shape]Family{
		ShapeTool: FamilyTool, ShapeFileProcessor: FamilyFileProcessor,
		ShapeInference: FamilyUnknown, ShapeHTTP: FamilyUnknown, ShapeUnknown: FamilyUnknown,
	}
	for s, want := range shapes {
		if got := familyOfShape(s); got != want {
			t.Errorf("familyOfShape(%s) = %s, want %s", s, got, want)
		}
	}
}

// TestClassifyLastly: Bedrock's InvokeModel path names its family only
// when the response's data names none and is no stream: an error or
// Titan's embeddings (dd-trace-py's amazon_embedding cassette) read as
// Bedrock invoke (an error at the streaming path too, answered unstreamed),
// Anthropic's Messages there as Anthropic's; a stream of data no family
// reads stays unknown, shown as recorded.
func TestClassifyLastly(t *testing.T) {
	tests := []struct {
		endpoint, body string
		streaming      bool
		want           Family
	}{
		{"/model/amazon.titan-embed-text-v1/invoke", `{"embedding":[0.45],"inputTextTokenCount":3}`, false, FamilyBedrockInvoke},
		{"/model/ai21.j2-mid-v1/invoke", `{"message":"You don't have access to the model with the specified model ID."}`, false, FamilyBedrockInvoke},
		{"/model/anthropic.claude-3-haiku-20240307-v1%3A0/invoke", `{"type":"message","role":"assistant","content":[]}`, false, FamilyAnthropicMessages},
		{"/model/x/invoke", `{"embedding":[0.45]}`, true, FamilyUnknown},
		{"/model/x/invoke-with-response-stream", `{"message":"denied"}`, false, FamilyBedrockInvoke},
	}
	for _, tt := range tests {
		r := &Recording{Shape: ShapeHTTP, Endpoint: tt.endpoint, Streaming: tt.streaming, ResponseBody: fastjson.MustParse(tt.body)}
		r.classify()
		if r.Family != tt.want || r.Unknown != (tt.want == FamilyUnknown) {
			t.Errorf("%s %s (streaming %v): %s, unknown %v; want %s", tt.endpoint, tt.body, tt.streaming, r.Family, r.Unknown, tt.want)
		}
	}
}

// TestManyCalls: the families whose title does not say which call a
// recording is, whose lists name the call beside them: Bedrock's catalog
// (a profile, a list of models) among them.
func TestManyCalls(t *testing.T) {
	var got []Family
	for _, f := range Families() {
		if f.ManyCalls() {
			got = append(got, f)
		}
	}
	if want := []Family{FamilyOpenAIAssistants, FamilyBedrockModels, FamilyFiles, FamilyUnknown}; !slices.Equal(got, want) {
		t.Errorf("ManyCalls: %v, want %v", got, want)
	}
}
