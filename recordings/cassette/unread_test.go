//go:build !js

package cassette

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/recview/recview/recordings"
)

// TestOtherMembers: what a response holds beside what recview reads (an
// OpenAI-compatible server's own members, Gemini's and Bedrock's) is
// kept in the assembly and listed as the Answer's Other, streamed or
// not. Expected values read
// from the files with a script apart from recview (Python's json on the
// chunks as recorded, and on the bodies).
func TestOtherMembers(t *testing.T) {
	its := allInteractions(t)
	tests := []struct {
		name  string
		paths []string          // the Other's paths, in order
		check map[string]string // a path's value, as compact JSON, or a part of it
	}{
		{
			// Perplexity, streamed: eight chunks, each with the answer's
			// citations; the last chunk's seven URLs.
			name:  "chunks-txt/vercel__ai__packages__perplexity__src____fixtures____perplexity-citations.chunks.txt#1",
			paths: []string{"citations"},
			check: map[string]string{"citations": `["https://populationstat.com/united-states/san-francisco","https://en.wikipedia.org/wiki/San_Francisco","https://fred.stlouisfed.org/graph/?g=4K5j","https://www.california-demographics.com/cities_by_population","https://worldpopulationreview.com/us-cities/california/san-francisco","https://worldpopulationreview.com/us-counties/california/san-francisco-county","https://www.worldometers.info/world-population/us-population/"]`},
		},
		{
			// Azure, streamed: prompt_filter_results in the first chunk
			// only; content_filter_results in chunks 1 to 6, the last
			// one empty, so chunk 5's ("." and every category safe).
			name:  "chunks-txt/vercel__ai__packages__openai__src__chat____fixtures____azure-model-router.1.chunks.txt#1",
			paths: []string{"prompt_filter_results", "choices[0].content_filter_results"},
			check: map[string]string{
				"prompt_filter_results":             `"jailbreak":{"filtered":false,"detected":false}`,
				"choices[0].content_filter_results": `"hate":{"filtered":false,"severity":"safe"}`,
			},
		},
		{
			// Groq, streamed: x_groq in the first chunk (its id and
			// seed) and the last (its id and usage): the last one's.
			name:  "go-vcr/charmbracelet__fantasy__providertests__testdata__TestOpenAICompatibleCommon__groq-kimi-k2__simple_streaming.yaml#1",
			paths: []string{"x_groq"},
			check: map[string]string{"x_groq": `{"id":"req_01kkht58hmfqdt7taat7yqmh20","usage":{"queue_time":0.193227832,`},
		},
		{
			// Perplexity, not streamed: 20 citations and 20 search
			// results, and a choice that carries a delta too.
			name:  "httpmock-yaml/0xPlaygrounds__rig__tests__cassettes__perplexity__raw_capture_matrix__raw_round_trips_openai_type.yaml#1",
			paths: []string{"citations", "search_results", "choices[0].delta"},
			check: map[string]string{"search_results": `"title":"Claude Code - DodoRouter"`},
		},
		{
			// OpenAI's audio output: the content is null and the words are
			// the audio's transcript.
			name:  "dd-trace-py__tests__contrib__openai__cassettes__v1__chat_completion_audio_output.yaml#1",
			paths: []string{"choices[0].message.audio"},
			check: map[string]string{"choices[0].message.audio": `"transcript":"Hello! How can I help you today?"`},
		},
		{
			// Gemini: why a candidate finished, in words.
			name:  "httpmock-yaml/0xPlaygrounds__rig__tests__cassettes__gemini__dynamic_tools__dynamic_only_agent_retrieves_tool_per_prompt.yaml#3",
			paths: []string{"candidates[0].finishMessage"},
			check: map[string]string{"candidates[0].finishMessage": `"Model generated function call(s)."`},
		},
		{
			// Gemini on Vertex: the searches its grounding ran, beside
			// the supports and chunks read as citations.
			name:  "pydantic-ai__tests__models__cassettes__test_google__test_google_vertex_tool_combination_omits_include_server_side_tool_invocations.yaml#2",
			paths: []string{"candidates[0].groundingMetadata.searchEntryPoint", "candidates[0].groundingMetadata.webSearchQueries"},
			check: map[string]string{"candidates[0].groundingMetadata.webSearchQueries": `["weather San Francisco July 28 2026"]`},
		},
		{
			// OpenAI's Responses, streamed: response.completed's
			// tool_usage (the request's echoed settings are not listed).
			name:  "httpmock-yaml/0xPlaygrounds__rig__tests__cassettes__openai__streaming__streaming_smoke.yaml#1",
			paths: []string{"tool_usage"},
			check: map[string]string{"tool_usage": `"web_search":{"num_requests":0}`},
		},
		{
			// OpenAI's Responses: an output message's phase (read in
			// the cassette's body), beside the response's billing.
			name:  "pydantic-ai__tests__models__cassettes__test_openai__test_openai_responses_native_output_decimal_strict.yaml#1",
			paths: []string{"billing", "output[0].phase"},
			check: map[string]string{"output[0].phase": `"final_answer"`},
		},
		{
			// A reasoning item's format, through OpenRouter (its
			// encrypted_content, opaque, is not listed).
			name:  "httpmock-yaml/0xPlaygrounds__rig__tests__cassettes__openrouter__openai_responses_compat__openai_responses_raw_response_accepts_service_tier_metadata.yaml#1",
			paths: []string{"output[1].format"},
			check: map[string]string{"output[1].format": `"google-gemini-v1"`},
		},
		{
			// An image generation call's settings, streamed (the last
			// chunk's response.output_item.done): its output_format is
			// read, as the image's media type.
			name:  "chunks-txt/vercel__ai__packages__azure__src____fixtures____azure-image-generation-tool.1.chunks.txt#1",
			paths: []string{"output[0].background", "output[0].quality", "output[0].size"},
			check: map[string]string{"output[0].size": `"1024x1024"`, "output[0].quality": `"medium"`},
		},
		{
			// Bedrock's Converse: the call's latency.
			name:  "chunks-txt/vercel__ai__packages__amazon-bedrock__src____fixtures____amazon-bedrock-text.json#1",
			paths: []string{"metrics"},
			check: map[string]string{"metrics": `{"latencyMs":1864}`},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := parsedInteraction(t, its, tt.name)
			v, err := recordings.Assemble(r)
			if err != nil {
				t.Fatal(err)
			}
			ans := recordings.ReadAnswer(r.Family, v)
			var paths []string
			for _, m := range ans.Other {
				paths = append(paths, m.Path)
				if want, ok := tt.check[m.Path]; ok && !strings.Contains(m.Value.String(), want) {
					t.Errorf("%s = %.300s, want it to hold %s", m.Path, m.Value, want)
				}
			}
			if diff := cmp.Diff(tt.paths, paths); diff != "" {
				t.Errorf("Other's paths (-want +got):\n%s", diff)
			}
		})
	}
}

// TestUnfoldedDeltas: the members of a stream's deltas that the assembly
// does not fold are counted, chunk by chunk (counted by the script above
// on the SSE data lines): Groq's web search sends executed_tools in two
// chunks, the first its 39th; its harmony model sends channel in 93 of
// 95, from the 2nd.
func TestUnfoldedDeltas(t *testing.T) {
	its := allInteractions(t)
	tests := []struct {
		name string
		want []recordings.DeltaMember
	}{
		{"pydantic-ai__tests__models__cassettes__test_groq__test_groq_model_web_search_tool_stream.yaml#1",
			[]recordings.DeltaMember{{Path: "choices[0].delta.executed_tools", Chunks: 2, First: 39}}},
		{"pydantic-ai__tests__models__cassettes__test_groq__test_tool_use_failed_error_streaming.yaml#1",
			[]recordings.DeltaMember{{Path: "choices[0].delta.channel", Chunks: 93, First: 2}}},
		{"chunks-txt/vercel__ai__packages__perplexity__src____fixtures____perplexity-citations.chunks.txt#1", nil},
	}
	for _, tt := range tests {
		s, err := recordings.NewStepper(parsedInteraction(t, its, tt.name))
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(tt.want, s.UnfoldedDeltas()); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tt.name, diff)
		}
	}
}

// TestBlockOthers: a content block's members recview does not read (a
// cache_control, a tool result's is_error, Bedrock's toolResult status,
// a tool call's caller) and a tool result's items that are not text
// (Anthropic's tool_reference, an image) are its Part's Other, in the
// request and in the answer, not dropped and not glued to the text.
// Expected values read from the files by hand.
func TestBlockOthers(t *testing.T) {
	its := allInteractions(t)
	tests := []struct {
		name string
		want []string // "request|answer, message, part: path value", every Other in order
	}{
		{
			// The second request: two tool results, is_error false on
			// both; the first's text "{}", the second's one item a
			// tool_reference, with no text.
			name: "pydantic-ai__tests__models__cassettes__test_anthropic__test_anthropic_deferred_capability_without_tool_search_across_models[claude-haiku-4-5].yaml#2",
			want: []string{
				`request 3 0: is_error false`,
				`request 5 0: is_error false`,
				`request 5 0: content[0] {"tool_name":"lookup_refund_policy","type":"tool_reference"}`,
				`answer 0 1: caller {"type":"direct"}`,
			},
		},
		{
			// Bedrock: the tool result's status, and its one block an
			// image (a JPEG's base64), which has no text.
			name: "pydantic-ai__tests__models__cassettes__test_bedrock__test_bedrock_media_kind_delivered_in_tool_result[meta_image].yaml#2",
			want: []string{
				`request 3 0: toolResult.status "success"`,
				`request 3 0: toolResult.content[0] {"image":{"format":"jpeg","source":{"bytes":"/9j/4AAQSkZJRgABAQA…`,
			},
		},
		{
			// Groq: two images, detail high and low.
			name: "pydantic-ai__tests__models__cassettes__test_groq__test_image_detail_vendor_metadata.yaml#1",
			want: []string{`request 0 1: image_url.detail "high"`, `request 0 2: image_url.detail "low"`},
		},
		{
			// The second request: the system prompt, the assistant's
			// tool call and the tool result each marked for caching.
			name: "go-vcr/charmbracelet__fantasy__providertests__testdata__TestAnthropicCommonWithCacheControl__claude-sonnet-4__tool.yaml#2",
			want: []string{
				`request 0 0: cache_control {"type":"ephemeral"}`,
				`request 2 1: cache_control {"type":"ephemeral"}`,
				`request 3 0: cache_control {"type":"ephemeral"}`,
			},
		},
		{
			// The Responses API's input_image, detail beside its URL.
			name: "pydantic-ai__tests__models__cassettes__test_openai_responses__test_openai_responses_image_url_input.yaml#1",
			want: []string{`request 0 1: detail "auto"`},
		},
	}
	for _, tt := range tests {
		r := parsedInteraction(t, its, tt.name)
		var got []string
		for i, m := range r.Conversation().Messages {
			for j, p := range m.Parts {
				for _, o := range p.Other {
					got = append(got, fmt.Sprintf("request %d %d: %s %s", i, j, o.Path, clipped(o.Value.String())))
				}
			}
		}
		v, err := recordings.Assemble(r)
		if err != nil {
			t.Fatal(err)
		}
		for i, c := range recordings.ReadAnswer(r.Family, v).Choices {
			for j, p := range c.Parts {
				for _, o := range p.Other {
					got = append(got, fmt.Sprintf("answer %d %d: %s %s", i, j, o.Path, clipped(o.Value.String())))
				}
			}
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tt.name, diff)
		}
	}
}

// clipped is s cut to 64 bytes, "…" after when cut.
func clipped(s string) string {
	if len(s) <= 64 {
		return s
	}
	return s[:64] + "…"
}

// TestUsageBeside: a usage object's lists and words, read from the
// cassette: Gemini's tokens by modality (a video's 15,780 prompt
// tokens, its audio's 1,917) and its service tier, which recview used to
// leave out of the usage, as it read numbers only.
func TestUsageBeside(t *testing.T) {
	its := allInteractions(t)
	r := parsedInteraction(t, its, "pydantic-ai__tests__models__cassettes__test_google__test_google_model_mobile_youtube_video_url_input.yaml#1")
	v, err := recordings.Assemble(r)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, u := range recordings.ReadAnswer(r.Family, v).Usage {
		got[u.Name] = u.Value
	}
	for name, want := range map[string]string{
		"promptTokensDetails[VIDEO].tokenCount": "15780", "promptTokensDetails[AUDIO].tokenCount": "1917",
		"promptTokensDetails[TEXT].tokenCount": "16", "cacheTokensDetails[VIDEO].tokenCount": "15483",
		"serviceTier": `"standard"`, "totalTokenCount": "18602",
	} {
		if got[name] != want {
			t.Errorf("usage %s = %q, want %q", name, got[name], want)
		}
	}
}
