package recordings_test

import (
	"bytes"
	"encoding/base64"
	"strings"
	"testing"

	"github.com/recview/recview/recordings"
)

// imageGenerationStream is a Responses stream with the image_generation
// tool, shortened from vercel/ai's azure-image-generation-tool fixture
// (packages/azure/src/__fixtures__, Apache-2.0): the tool's call makes
// a 1×1 PNG (69 bytes), then the model's message.
const imageGenerationStream = `{"request": {"method": "POST", "url": "https://example.openai.azure.com/openai/v1/responses",
 "body": {"model": "gpt-4.1-mini", "input": "Generate an image of a cute raccoon", "stream": true,
  "tools": [{"type": "image_generation", "model": "gpt-image-1", "quality": "medium", "size": "1024x1024", "output_format": "png"}]},
 "endpoint": "/v1/responses", "model": "gpt-4.1-mini"},
 "response": {"is_streaming": true, "body": [
 {"type": "response.created", "sequence_number": 0, "response": {"id": "resp_0ca0", "object": "response", "status": "in_progress", "model": "gpt-4.1-mini", "output": []}},
 {"type": "response.output_item.added", "sequence_number": 2, "output_index": 0, "item": {"id": "ig_0ca0", "type": "image_generation_call", "status": "in_progress"}},
 {"type": "response.image_generation_call.partial_image", "sequence_number": 5, "output_index": 0, "item_id": "ig_0ca0", "partial_image_index": 0, "partial_image_b64": "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC"},
 {"type": "response.output_item.done", "sequence_number": 6, "output_index": 0, "item": {"id": "ig_0ca0", "type": "image_generation_call", "status": "generating", "output_format": "png", "quality": "medium",
  "result": "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC",
  "revised_prompt": "anime-style cute raccoon waving hello", "size": "1024x1024"}},
 {"type": "response.output_item.added", "sequence_number": 7, "output_index": 1, "item": {"id": "msg_0ca0", "type": "message", "status": "in_progress", "content": [], "role": "assistant"}},
 {"type": "response.content_part.added", "sequence_number": 8, "item_id": "msg_0ca0", "output_index": 1, "content_index": 0, "part": {"type": "output_text", "annotations": [], "text": ""}},
 {"type": "response.output_text.delta", "sequence_number": 9, "item_id": "msg_0ca0", "output_index": 1, "content_index": 0, "delta": "Here is an anime-like image of a cute raccoon."},
 {"type": "response.completed", "sequence_number": 40, "response": {"id": "resp_0ca0", "object": "response", "status": "completed", "model": "gpt-4.1-mini", "output": []}}
 ]}}`

// TestImageGeneration: an image_generation_call's result is an image of
// the answer (its media type from output_format, its size decoded, its
// revised prompt kept), never its base64 as text; the built-in tool that
// made it is named by its type.
func TestImageGeneration(t *testing.T) {
	r, err := recordings.Parse("image.json", []byte(imageGenerationStream))
	if err != nil {
		t.Fatal(err)
	}
	if r.Family != recordings.FamilyOpenAIResponses {
		t.Fatalf("family %s", r.Family)
	}
	tools := r.Conversation().Tools
	if len(tools) != 1 || tools[0].Name != "image_generation" || !tools[0].BuiltIn || string(tools[0].Def.GetStringBytes("quality")) != "medium" {
		t.Errorf("tools %+v", tools)
	}
	v, err := recordings.Assemble(r)
	if err != nil {
		t.Fatal(err)
	}
	c := recordings.ReadAnswer(r.Family, v).Choices[0]
	if len(c.Parts) != 2 {
		t.Fatalf("%d parts: %+v", len(c.Parts), c.Parts)
	}
	im := c.Parts[0]
	if im.Kind != recordings.PartImage || im.MediaType != "image/png" || im.Size != 69 || !strings.HasPrefix(im.Data, "iVBORw0KGgo") ||
		im.Text != "anime-style cute raccoon waving hello" {
		t.Errorf("image part %+v", im)
	}
	if c.Text() != "Here is an anime-like image of a cute raccoon." {
		t.Errorf("text %q", c.Text())
	}
	for _, p := range c.Parts {
		if p.Kind == recordings.PartOther {
			t.Errorf("a part shown as recorded: %.80s", p.Text)
		}
	}
}

// TestDescribeOther: a part recview does not read is described by its
// type, its size as recorded and the longest base64 text in it.
func TestDescribeOther(t *testing.T) {
	audio := strings.Repeat("UklGRiQAAABXQVZF", 64) // 1,024 bytes of base64
	body := `{"request": {"method": "POST", "url": "http://localhost/v1/chat/completions", "body": {"model": "m", "messages": [{"role": "user", "content": [
		{"type": "input_audio", "input_audio": {"data": "` + audio + `", "format": "wav"}},
		{"type": "web_search_call", "id": "ws_1", "status": "completed"}]}]}, "endpoint": "/v1/chat/completions", "model": "m"},
		"response": {"body": {"choices": [], "object": "chat.completion"}, "is_streaming": false}}`
	r, err := recordings.Parse("other.json", []byte(body))
	if err != nil {
		t.Fatal(err)
	}
	parts := r.Conversation().Messages[0].Parts
	// Sizes counted by Python's json.dumps(separators=(",", ":")): 1,087
	// bytes (1.1 KB) and 59.
	want := []string{"input_audio, 1.1 KB (base64 at input_audio.data, 1.0 KB)", "web_search_call, 59 bytes"}
	for i, w := range want {
		if parts[i].Kind != recordings.PartOther {
			t.Errorf("part %d is %s", i, parts[i].Kind)
		}
		if got := parts[i].Describe(); got != w {
			t.Errorf("part %d: %q, want %q", i, got, w)
		}
	}
}

// TestImagesFamily: an images API answer (dd-trace-py's
// image_create_b64_json cassette, /v1/images/generations with
// response_format b64_json) is an image part of the size its base64
// decodes to, never its base64 as text; ruby-openai's cassette answered
// by URL is an image by URL.
func TestImagesFamily(t *testing.T) {
	for _, tc := range []struct {
		file string
		b64  bool
	}{
		{"../recordings/testdata/cassettes/dd-trace-py__tests__contrib__openai__cassettes__v1__image_create_b64_json.yaml", true},
		{"../recordings/testdata/recorders/ruby-vcr/alexrudall__ruby-openai__spec__fixtures__cassettes__images_generate_A_baby_sea_otter_cooking_pasta_wearing_a_hat_of_some_sort.yml", false},
	} {
		r := interactionOf(t, strings.TrimPrefix(tc.file, "../recordings/"), 0)
		if r.Family != recordings.FamilyOpenAIImages {
			t.Fatalf("%s: family %s", tc.file, r.Family)
		}
		v, err := recordings.Assemble(r)
		if err != nil {
			t.Fatal(err)
		}
		parts := recordings.ReadAnswer(r.Family, v).Choices[0].Parts
		if len(parts) != 1 || parts[0].Kind != recordings.PartImage {
			t.Fatalf("%s: parts %+v", tc.file, parts)
		}
		im := parts[0]
		if !tc.b64 {
			if !strings.HasPrefix(im.URL, "https://") {
				t.Errorf("URL %q", im.URL)
			}
			continue
		}
		raw, err := base64.StdEncoding.DecodeString(string(v.GetStringBytes("data", "0", "b64_json")))
		if err != nil {
			t.Fatal(err)
		}
		if im.MediaType != "image/png" || im.Size != len(raw) || !bytes.HasPrefix(raw, []byte("\x89PNG")) {
			t.Errorf("image %s of %d bytes, the data decodes to %d bytes (%q)", im.MediaType, im.Size, len(raw), raw[:4])
		}
	}
}

// TestGeminiCamelCase: the REST API's camelCase request (adk-go's httprr
// trace) reads as google-genai's snake_case does: its systemInstruction a
// system message, not a parameter; its functionDeclarations tools.
func TestGeminiCamelCase(t *testing.T) {
	body := `{"request": {"method": "POST", "url": "https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:generateContent",
		"body": {"contents": [{"role": "user", "parts": [{"text": "Tell me about the current weather"}]}],
		"systemInstruction": {"role": "user", "parts": [{"text": "You are a helpful assistant."}]},
		"tools": [{"functionDeclarations": [{"name": "get_weather", "description": "Weather of a city"}]}]},
		"endpoint": "/v1beta/models/gemini-2.5-flash:generateContent", "model": "gemini-2.5-flash"},
		"response": {"body": {"candidates": []}, "is_streaming": false}}`
	r, err := recordings.Parse("g.json", []byte(body))
	if err != nil {
		t.Fatal(err)
	}
	c := r.Conversation()
	if len(c.Messages) != 2 || c.Messages[0].Role != "system" || c.Messages[0].Text() != "You are a helpful assistant." {
		t.Errorf("messages %+v", c.Messages)
	}
	for _, p := range c.Params {
		if p.Name == "systemInstruction" || p.Name == "tools" {
			t.Errorf("a parameter %s", p.Name)
		}
	}
	if len(c.Tools) != 1 || c.Tools[0].Name != "get_weather" {
		t.Errorf("tools %+v", c.Tools)
	}
}

// TestRequestHistory: what a request carries of the conversation so far
// is read, not shown as parts recview does not read: a Responses API
// input's function_call and function_call_output items (pydantic-ai's
// simple_response_with_tool_call cassette, its second call: get_capital
// {"country": "PotatoLand"}, answered "Potato City"), and a Gemini tool
// list's built-in googleSearch beside a function (its vertex tool
// combination cassette). Read in the YAML by hand.
func TestRequestHistory(t *testing.T) {
	open := func(name string, k int) *recordings.Recording {
		return interactionOf(t, "testdata/cassettes/"+name, k-1)
	}
	c := open("pydantic-ai__tests__models__cassettes__test_openai_responses__test_openai_responses_model_simple_response_with_tool_call.yaml", 2).Conversation()
	var got []string
	for _, m := range c.Messages {
		for _, p := range m.Parts {
			switch p.Kind {
			case recordings.PartToolCall:
				got = append(got, m.Role+" call "+p.ToolCall.Name+" "+p.ToolCall.Arguments)
			case recordings.PartOther:
				got = append(got, m.Role+" other "+p.Describe())
			default:
				got = append(got, m.Role+" "+string(p.Kind)+" "+p.Text)
			}
		}
	}
	want := []string{"user text What is the capital of PotatoLand?", `assistant call get_capital {"country":"PotatoLand"}`, "tool tool_result Potato City"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("messages %q, want %q", got, want)
	}
	tools := open("pydantic-ai__tests__models__cassettes__test_google__test_google_vertex_tool_combination_omits_include_server_side_tool_invocations.yaml", 1).Conversation().Tools
	if len(tools) != 2 || tools[0].Name != "googleSearch" || !tools[0].BuiltIn || tools[1].Name != "get_user_city" || tools[1].BuiltIn {
		t.Errorf("tools %+v", tools)
	}
}
