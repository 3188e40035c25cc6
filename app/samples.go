package app

// Sample is a recording embedded in the site for the landing gallery,
// served from /web/samples/<File>.
type Sample struct {
	File  string // file name under web/samples
	Title string // what the sample shows
	Kind  string // the API family, for the card
}

// Samples lists the gallery: the five canonical seeds, then one recording
// of each major kind. All are real ogx recordings (see web/samples/NOTICE).
var Samples = []Sample{
	{"4078aa36a9cbcb50c445a46d69fb9126952d1c85f3d413125b034730e51b6508.json", "Streamed tool call (gpt-4o, multi-turn)", "OpenAI chat · stream"},
	{"5d00fd96a13e0fd9786eaa02261b0c38eb5b6d02ce0a0f3c8d2aaa5aa1b7d5af.json", "A sentence with “hello” (llama3.2, usage chunk)", "OpenAI chat · stream"},
	{"8ce76cb00986647bbb2175d73915eee068824175e094bf70e5d0fe4711550632.json", "File search then answer (legacy hash scheme)", "OpenAI chat · stream"},
	{"aadc06753bab7e4450f37786f558c58bef42fce2301fd2f868f85564de6e1d96.json", "Tool call with arguments in pieces", "OpenAI chat · stream"},
	{"fcf8b46b3df5c6bf9f47c2506a3ab8aeea95e27f8d517e4983b2e901f8f394ad.json", "Tool call, no usage chunk", "OpenAI chat · stream"},
	{"tests__integration__common__recordings__bfc8818f4ad237ba6c9649d47eaff8946e334ea6a2bcb564d74f4f14dbc3497b.json", "Non-streaming chat completion", "OpenAI chat"},
	{"tests__integration__inference__recordings__8567635651a5e7104394951bbbba040e5c7f3ba11084fb6e81328f4905100a65.json", "Text completion, streamed", "OpenAI completions · stream"},
	{"tests__integration__responses__recordings__8ff1d58683cc480fa42f687e3129692883583d8bd840a1151f09f9a1db183398.json", "Embeddings", "OpenAI embeddings"},
	{"tests__integration__common__recordings__models-3a641f25d65695766fb77e424273f716b852f371e1e87f6e14fd5672b1ab6005-4a65eed3.json", "Models list", "OpenAI models"},
	{"tests__integration__recordings__responses__dd226d71f844.json", "Ollama generate, streamed", "Ollama generate · stream"},
	{"tests__integration__messages__recordings__f22657bfd86db6348c0a0d0b17332dcfc038b345d2a7be8da4b880a433d36a52.json", "Thinking then text", "Anthropic messages · stream"},
	{"tests__integration__responses__recordings__86173aaf2711983be162981db93ecfb3ccf702bbe89f810dc893445daf205f1f.json", "Gemini, streamed", "Google generate_content · stream"},
	{"tests__integration__interactions__recordings__df62e523dd87272e5c55c19d29a36f73aabf0a05969ccc611b6d434bfa1c255d.json", "Interactions, streamed", "Google interactions · stream"},
	{"tests__integration__responses__recordings__f300a8b24123c89ca028f21f6cf29326be28a95f61b23ec98fd75ed257ade6d7.json", "A recorded provider error", "OpenAI chat · exception"},
	{"tests__integration__responses__recordings__661e959c98b894f6daf608d415bbf64f6a5a1af0eef8012354886062b9244f7b.json", "Web search tool invocation", "Tool · tavily"},
}

// sampleByFile returns the sample with that file name, or false.
func sampleByFile(file string) (Sample, bool) {
	for _, s := range Samples {
		if s.File == file {
			return s, true
		}
	}
	return Sample{}, false
}
