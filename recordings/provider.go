package recordings

import (
	"strings"

	"github.com/valyala/fastjson"
)

// A provider is all recview knows of one API family: the rules that
// classify its recordings, the assembler of its streams, the reader of its
// answers and the response fields those answers hold. Each family's file
// fills in its own (openai.go, responses.go, gemini.go, interactions.go,
// ollama.go, anthropic.go, bedrock.go, cohere.go, rerank.go, tools.go); providers
// lists them.
type provider struct {
	family      Family
	title       string // Family.Title
	environment bool   // Family.Environment
	calls       bool   // Family.ManyCalls

	// The classification rules, tried in the order classify lists.
	shape    Shape    // the request shape that is the family on its own
	paths    []string // endpoint paths, matched whole
	suffixes []string // endpoint suffixes: recorded URLs carry prefixes like /v1/v1/ or /v1/openai/v1/
	within   []string // a part an endpoint holds, for an API whose paths go on with ids: "/v1/threads/"
	// lastly are endpoint suffixes that name the family only when the
	// response's data names none and is no stream: an API whose answers
	// other families read (Bedrock's InvokeModel serves Anthropic's
	// Messages), met with an error or a model recview does not read.
	lastly    []string
	objects   []string                     // values of the response data's "object" field
	looksLike func(v *fastjson.Value) bool // the response data's shape, when nothing else names a family

	// format folds the family's streams and reads its answers; nil for a
	// family whose responses are data (vectors, lists, tool output).
	format format
	// foldsAsChecked reports an assembler that keeps nothing of a chunk's
	// tree, so that parseSliced may fold the chunks as it checks them.
	foldsAsChecked bool
	// answer is what format's readAnswer reads (Family.AnswerPaths).
	answer AnswerPaths
	// request reads the family's request body, a JSON object, where it
	// holds more than readRequest reads alone: turns of its own, a
	// request it wraps, roles of its own (Recording.Conversation); nil
	// for readRequest alone.
	request func(body *fastjson.Value) Conversation
}

// A format folds the streams of a family and reads its answers. Its
// methods are reached through this interface, not through func fields, so
// that a program that never calls ReadAnswer (a core-only WebAssembly
// build) links no answer reader: the linker keeps an interface's method
// only where some reachable code calls it.
type format interface {
	// newAssembler returns a fresh assembler for one stream.
	newAssembler() assembler
	// readAnswer reads an assembled response, a JSON object without
	// "error", into an Answer.
	readAnswer(v *fastjson.Value) Answer
}

// providers lists every family once, FamilyUnknown last, in the order of
// Families. Classification tries the rules of one kind in this order:
// "/chat/completions" must come before "/completions", and Gemini's
// "candidates" before Ollama's "done" and Anthropic's "type", Cohere's
// embeddings before Ollama's. The list is
// written out rather than filled by init functions, whose order would be
// the files' names'.
var providers = []*provider{
	&openaiChatProvider, &openaiCompletionsProvider, &openaiEmbeddingsProvider, &openaiModelsProvider, &openaiResponsesProvider, &openaiImagesProvider, &openaiAssistantsProvider, &openaiAudioProvider, &openaiModerationsProvider,
	&geminiGenerateProvider, &geminiInteractionsProvider, &cohereChatProvider, &cohereEmbedProvider, &cohereV1ChatProvider, &cohereV1GenerateProvider,
	&ollamaGenerateProvider, &ollamaChatProvider, &ollamaEmbeddingsProvider, &ollamaTagsProvider, &ollamaPSProvider, &ollamaPullProvider,
	&anthropicMessagesProvider, &bedrockConverseProvider, &bedrockInvokeProvider, &bedrockAgentProvider, &bedrockModelsProvider, &xaiChatProvider, &tokenCountProvider, &filesProvider, &rerankProvider, &toolCallProvider, &fileProcessorProvider, &unknownProvider,
}

// unknownProvider is the family of recordings no rule classifies.
var unknownProvider = provider{family: FamilyUnknown, title: "Unknown", calls: true}

// providerOf returns f's provider, nil for a string that is no Family.
func providerOf(f Family) *provider {
	for _, p := range providers {
		if p.family == f {
			return p
		}
	}
	return nil
}

// familyOfShape returns the family a request shape names on its own, or
// FamilyUnknown.
func familyOfShape(s Shape) Family {
	for _, p := range providers {
		if p.shape != "" && p.shape == s {
			return p.family
		}
	}
	return FamilyUnknown
}

// familyOfEndpoint classifies an endpoint path: a whole path first (Ollama's
// /api/embeddings is not OpenAI's /embeddings), then suffixes in providers'
// order, then the parts a path holds; FamilyUnknown if none fits.
func familyOfEndpoint(path string) Family {
	if f := firstFamily(path, func(p *provider) []string { return p.paths }, isPath); f != FamilyUnknown {
		return f
	}
	if f := firstFamily(path, func(p *provider) []string { return p.suffixes }, hasSuffix); f != FamilyUnknown {
		return f
	}
	return firstFamily(path, func(p *provider) []string { return p.within }, strings.Contains)
}

// familyOfEndpointLastly classifies an endpoint path by the providers'
// lastly suffixes; FamilyUnknown if none fits.
func familyOfEndpointLastly(path string) Family {
	return firstFamily(path, func(p *provider) []string { return p.lastly }, hasSuffix)
}

// firstFamily returns the family of the first provider, in providers'
// order, one of whose rules (as rules picks them) matches path, or
// FamilyUnknown.
func firstFamily(path string, rules func(*provider) []string, match func(path, rule string) bool) Family {
	for _, p := range providers {
		for _, r := range rules(p) {
			if match(path, r) {
				return p.family
			}
		}
	}
	return FamilyUnknown
}

// isPath reports whether path is rule, whole.
func isPath(path, rule string) bool { return path == rule }

// familyOfData classifies a response object by its data alone: its
// "object" field first, then the looksLike rules in providers' order;
// FamilyUnknown if none fits.
func familyOfData(v *fastjson.Value) Family {
	if object := v.GetStringBytes("object"); len(object) > 0 {
		for _, p := range providers {
			for _, o := range p.objects {
				if string(object) == o {
					return p.family
				}
			}
		}
	}
	for _, p := range providers {
		if p.looksLike != nil && p.looksLike(v) {
			return p.family
		}
	}
	return FamilyUnknown
}

func hasSuffix(s, suffix string) bool {
	return len(s) >= len(suffix) && s[len(s)-len(suffix):] == suffix
}
