package main

import (
	"encoding/csv"
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The CLI on every format recordings/cassette reads (issue 41): show,
// show --json, assemble and steps of FILE and FILE#K, on every
// fixture of testdata.

const recorders = "../../recordings/testdata/recorders"

// fixture is a file of testdata and what a manifest says of it.
type fixture struct {
	path   string // as the CLI is given it
	format string // recorders/MANIFEST.tsv's format, "vcrpy" or "dd-test-agent"
	n      int    // its interactions
}

// fixtures lists every fixture of the nine formats: those of
// recorders/MANIFEST.tsv, with their interactions as it counts them,
// and the cassettes folder's vcrpy YAML and Datadog test agent JSON,
// with their interactions counted in recordings/cassette's
// testdata/cassettes.tsv (a row each).
func fixtures(t *testing.T) []fixture {
	t.Helper()
	var fs []fixture
	for _, row := range readTSV(t, filepath.Join(recorders, "MANIFEST.tsv")) {
		n, err := strconv.Atoi(row["interactions"])
		if err != nil {
			t.Fatal(err)
		}
		fs = append(fs, fixture{filepath.Join(recorders, row["file"]), row["format"], n})
	}
	count := map[string]int{}
	var order []string
	for _, row := range readTSV(t, "../../recordings/cassette/testdata/cassettes.tsv") {
		if count[row["file"]] == 0 {
			order = append(order, row["file"])
		}
		count[row["file"]]++
	}
	for _, f := range order {
		format := "vcrpy"
		if strings.HasSuffix(f, ".json") {
			format = "dd-test-agent"
		}
		fs = append(fs, fixture{filepath.Join(cassettes, f), format, count[f]})
	}
	return fs
}

// readTSV reads a tab-separated file with a header line as maps.
func readTSV(t *testing.T, path string) []map[string]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := csv.NewReader(f)
	r.Comma, r.LazyQuotes = '\t', true
	rows, err := r.ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	var out []map[string]string
	for _, row := range rows[1:] {
		m := map[string]string{}
		for i, k := range rows[0] {
			m[k] = row[i]
		}
		out = append(out, m)
	}
	return out
}

// TestEveryFormat: of every fixture, show FILE shows every interaction,
// headed FILE#K in order, as many as its manifest counts, and show
// --json FILE is an array of as many objects named FILE#K; show FILE#K
// is headed FILE#K, assemble FILE#K prints JSON, and steps FILE#K steps
// through its stream or says it is none recview can step through. Nine
// formats, 665 files, 1,042 interactions (690 in recorders/MANIFEST.tsv,
// 352 in cassettes.tsv).
func TestEveryFormat(t *testing.T) {
	files, interactions := map[string]int{}, 0
	for _, f := range fixtures(t) {
		files[f.format]++
		interactions += f.n
		var heads []string
		for k := 1; k <= f.n; k++ {
			heads = append(heads, f.path+"#"+strconv.Itoa(k))
		}
		out, errOut, code := runCmd(t, "", "show", f.path)
		if got := headers(out, f.path); code != 0 || !slices.Equal(got, heads) {
			t.Errorf("show %s: exit %d %s; headed %q, want %q", f.path, code, errOut, got, heads)
		}
		out, errOut, code = runCmd(t, "", "show", "--json", f.path)
		var docs []struct{ File string }
		if err := json.Unmarshal([]byte(out), &docs); err != nil || code != 0 {
			t.Errorf("show --json %s: exit %d %s, %v", f.path, code, errOut, err)
		}
		var names []string
		for _, d := range docs {
			names = append(names, d.File)
		}
		if !slices.Equal(names, heads) {
			t.Errorf("show --json %s: files %q, want %q", f.path, names, heads)
		}
		for _, head := range heads {
			if out, errOut, code := runCmd(t, "", "show", head); code != 0 || !strings.HasPrefix(out, head+"\n") {
				t.Errorf("show %s: exit %d %s\n%.200s", head, code, errOut, out)
			}
			if out, errOut, code := runCmd(t, "", "assemble", head); code != 0 || !json.Valid([]byte(out)) {
				t.Errorf("assemble %s: exit %d %s\n%.200s", head, code, errOut, out)
			}
			out, errOut, code := runCmd(t, "", "steps", head)
			switch {
			case code == 2 && out == "" && strings.Contains(errOut, head+": not a stream recview can step through"):
			case code == 0 && strings.HasPrefix(out, "1\t"):
			default:
				t.Errorf("steps %s: exit %d %s\n%.200s", head, code, errOut, out)
			}
		}
	}
	want := map[string]int{"vcrpy": 233, "dd-test-agent": 27, "ruby-vcr": 60, "go-vcr": 60, "httprr": 60, "httpmock-yaml": 60, "azure-test-proxy": 60, "har": 45, "chunks-txt": 60}
	if !maps.Equal(files, want) || interactions != 1042 {
		t.Errorf("files by format %v, %d interactions; want %v, 1042", files, interactions, want)
	}
}

// TestFormatsByHand: an interaction of each format, past the first
// where the file holds several, read by hand from the file: what show
// prints of it, the lines steps prints of a stream (their count is the
// stream's events in the file), and the text its assembled answer holds.
func TestFormatsByHand(t *testing.T) {
	for _, tc := range []struct {
		file  string
		show  []string       // in show FILE#K's output
		steps map[int]string // steps' line K
		nstep int            // steps' lines
		asm   string         // in assemble's output
	}{
		{ // vcrpy (pydantic-ai's parsed_body): the second call, after the tool's answer "Mexico"
			file: cassettes + "/pydantic-ai__tests__models__cassettes__test_openai_responses__test_prompted_output_multiple.yaml#2",
			show: []string{"  model    gpt-4o\n", "\n    {\"result\":{\"kind\":\"CityLocation\",\"data\":{\"city\":\"Mexico City\",\"country\":\"Mexico\"}}}\n", "  finish   completed\n"},
		},
		{ // Datadog's test agent: Mistral's stream of two chunks and [DONE]
			file:  cassettes + "/dd-trace-py__tests__cassettes__mistral__mistral_v1_chat_completions_post_1798d156.json#1",
			nstep: 2,
			steps: map[int]string{1: "role=assistant", 2: `tool_calls[0].id=aX2gaLIyo, tool_calls[0].name=get_weather, tool_calls[0].arguments +"{\"location\": \"New York City\"}", finish_reason=tool_calls, usage`},
			asm:   `"arguments": "{\"location\": \"New York City\"}"`,
		},
		{ // Ruby VCR: the second call, the tools' answers sent back
			file: recorders + "/ruby-vcr/alexrudall__ruby-openai__spec__fixtures__cassettes__gpt-3_5-turbo_multiple_tool_calls_full_conversation.yml#2",
			show: []string{"  [tool] get_current_weather (answers call_AZ51gEeXi37kKhFpXrcJzNQl)\n    The weather is nice 🌞\n", "\n    The weather in both San Francisco and Japan is nice.\n  finish   stop\n"},
		},
		{ // Ruby VCR: a stream recorded as !binary (its last delta is an emoji), 12 data: lines
			file:  recorders + "/ruby-vcr/alexrudall__ruby-openai__spec__fixtures__cassettes__deepseek_deepseek-chat_streamed_chat.yml#1",
			nstep: 12,
			steps: map[int]string{2: `content +"Hello"`, 11: `content +" 😊"`, 12: "finish_reason=stop, usage"},
			asm:   `"content": "Hello! How can I assist you today? 😊"`,
		},
		{ // go-vcr: the second call answers with both tools' results
			file: recorders + "/go-vcr/charmbracelet__fantasy__providertests__testdata__TestAnthropicCommonWithCacheControl__claude-sonnet-4__multi_tool.yaml#2",
			show: []string{"\n    The results are:\n    - 2 + 3 = 5\n    - 2 × 3 = 6\n  finish   end_turn\n"},
		},
		{ // go-vcr: a stream of 21 SSE events
			file:  recorders + "/go-vcr/charmbracelet__fantasy__providertests__testdata__TestAnthropicCommonWithCacheControl__claude-sonnet-4__tool_streaming.yaml#2",
			nstep: 21,
			steps: map[int]string{3: "ping", 6: `content[0].text +" weather in Florence, Italy is 40"`, 20: "stop_reason=end_turn, usage", 21: "message_stop"},
			asm:   `"text": "The current weather in Florence, Italy is 40°C (104°F). That's quite hot! Make sure to stay hydrated and seek shade if you're planning to be outdoors."`,
		},
		{ // httprr: the last of six calls
			file: recorders + "/httprr/google__adk-go__agent__llmagent__testdata__TestDelegation_03_ChatToSingleTurn.httprr#6",
			show: []string{"\n    The translation of \"hello\" into French is \"bonjour\".\n  finish   STOP\n"},
		},
		{ // httprr, gzipped: the second embeddings call, of "japan"
			file: recorders + "/httprr/tmc__langchaingo__vectorstores__chroma__testdata__TestChromaGoStoreRest.httprr.gz#2",
			show: []string{"  model    text-embedding-ada-002\n", "  [input]\n    japan\n"},
		},
		{ // httprr: a Gemini stream of 19 data: lines
			file:  recorders + "/httprr/google__adk-go__agent__llmagent__testdata__TestLLMAgentStreamingModeSSE.httprr",
			nstep: 19,
			steps: map[int]string{19: `text +" + 2030 = 5117\n\nThe sum of the first 50 prime numbers is 5117.", finishReason=STOP, usageMetadata`},
		},
		{ // rig's httpmock YAML: the second call reads the cache the first wrote
			file: recorders + "/httpmock-yaml/0xPlaygrounds__rig__tests__cassettes__anthropic__prompt_caching__matrix_manual_automatic_prefix_1h_tools_nonstreaming.yaml#2",
			show: []string{"\n    cache probe ready\n  finish   end_turn\n", " cache_read_input_tokens=9706 "},
		},
		{ // rig's httpmock YAML: the third stream, one chunk
			file:  recorders + "/httpmock-yaml/0xPlaygrounds__rig__tests__cassettes__gemini__hook_stress_streaming__streaming_tool_turns_fire_model_turn_finished.yaml#3",
			nstep: 1,
			steps: map[int]string{1: `role=model, text +"32", finishReason=STOP, usageMetadata`},
		},
		{ // the Azure SDK test proxy: the third call resumes the background stream, 410 data: lines
			file:  recorders + "/azure-test-proxy/openai__openai-dotnet__tests__SessionRecords__ResponsesTests__CanStreamBackgroundResponses.json#3",
			show:  []string{"\n    Would you like another story, or something else to help you relax?\n  finish   completed\n"},
			nstep: 410,
			steps: map[int]string{4: `text +"Sure"`},
		},
		{ // HAR (Polly): the third entry, a stream of 12 data: lines and [DONE]
			file:  recorders + "/har/traceloop__openllmetry-js__packages__instrumentation-llamaindex__recordings__Test-LlamaIndex-instrumentation_1988279490__should-build-proper-trace-on-streaming-query-engine_2069720152__recording.har#3",
			nstep: 12,
			steps: map[int]string{7: `content +" Ul"`, 10: `content +" Germany"`, 12: "finish_reason=stop"},
			asm:   `"content": "Albert Einstein was born in Ulm, Germany."`,
		},
		{ // vercel/ai's chunks: three JSON lines
			file:  recorders + "/chunks-txt/vercel__ai__packages__groq__src____fixtures____groq-tool-call.chunks.txt",
			show:  []string{"    tool call weather (id tk85n1k4m)\n    {}\n  finish   tool_calls\n"},
			nstep: 3,
			steps: map[int]string{1: "role=assistant", 2: `tool_calls[0].id=tk85n1k4m, tool_calls[0].name=weather, tool_calls[0].arguments +"{}"`, 3: "finish_reason=tool_calls, usage"},
		},
	} {
		t.Run(filepath.Base(tc.file), func(t *testing.T) {
			out, errOut, code := runCmd(t, "", "show", tc.file)
			if code != 0 {
				t.Fatalf("show: exit %d %s", code, errOut)
			}
			for _, want := range tc.show {
				if !strings.Contains(out, want) {
					t.Errorf("show lacks %q:\n%s", want, out)
				}
			}
			if tc.nstep > 0 {
				out, errOut, code := runCmd(t, "", "steps", tc.file)
				lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
				if code != 0 || len(lines) != tc.nstep {
					t.Fatalf("steps: exit %d %s, %d lines, want %d", code, errOut, len(lines), tc.nstep)
				}
				for k, want := range tc.steps {
					if want = strconv.Itoa(k) + "\t" + want; lines[k-1] != want {
						t.Errorf("steps line %d = %q, want %q", k, lines[k-1], want)
					}
				}
			}
			if tc.asm != "" {
				if out, _, code := runCmd(t, "", "assemble", tc.file); code != 0 || !strings.Contains(out, tc.asm) {
					t.Errorf("assemble: exit %d, lacks %s:\n%.600s", code, tc.asm, out)
				}
			}
		})
	}
}

// TestShowNotice: show prints a cassette interaction's notice as its
// "notice" field, and show --json as "notice", of FILE#K and of each
// interaction of FILE; a recording without one has no "notice" key.
// rig's cassettes record no host: the notice says which recview chose,
// by the folder after cassettes/ (recordings/cassette's riggedOrigin).
func TestShowNotice(t *testing.T) {
	const p = recorders + "/httpmock-yaml/0xPlaygrounds__rig__tests__cassettes__anthropic__prompt_caching__matrix_manual_automatic_prefix_1h_tools_nonstreaming.yaml"
	const notice = `the cassette records no host: https://api.anthropic.com is the one rig's tests call for the provider folder "anthropic"`
	out, errOut, code := runCmd(t, "", "show", p)
	if code != 0 || strings.Count(out, "\n  notice   "+notice+"\n") != 2 {
		t.Errorf("show: exit %d %s; want the notice twice:\n%.2000s", code, errOut, out)
	}
	out, _, code = runCmd(t, "", "show", "--json", p+"#2")
	var doc map[string]any
	if err := json.Unmarshal([]byte(out), &doc); err != nil || code != 0 || doc["notice"] != notice || doc["file"] != p+"#2" {
		t.Errorf("show --json FILE#2: exit %d, %v; notice %q, file %q", code, err, doc["notice"], doc["file"])
	}
	out, _, _ = runCmd(t, "", "show", "--json", p)
	var docs []map[string]any
	if err := json.Unmarshal([]byte(out), &docs); err != nil || len(docs) != 2 || docs[0]["notice"] != notice || docs[1]["notice"] != notice {
		t.Errorf("show --json FILE: %v, %d objects, want 2 with the notice", err, len(docs))
	}
	out, _, _ = runCmd(t, "", "show", "--json", seed)
	doc = nil
	if err := json.Unmarshal([]byte(out), &doc); err != nil || strings.HasPrefix(out, "[") || doc["notice"] != nil {
		t.Errorf("show --json of a recording: %v; want one object without a notice:\n%.200s", err, out)
	}
}

// TestCassetteEdges: a cassette of no interactions is shown as such,
// and assemble and steps say so; one of one interaction counts it
// in the singular; FILE#K of a recording says it is none; a text
// cassette whose body is not UTF-8 is shown.
func TestCassetteEdges(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty.yaml")
	os.WriteFile(empty, []byte("interactions: []\nversion: 1\n"), 0o644)
	if out, errOut, code := runCmd(t, "", "show", empty); code != 0 || out != empty+"\n  notice   the cassette holds no interactions\n" {
		t.Errorf("show of none: exit %d %s\n%s", code, errOut, out)
	}
	if out, _, code := runCmd(t, "", "show", "--json", empty); code != 0 || out != "[]\n" {
		t.Errorf("show --json of none: exit %d %q", code, out)
	}
	for _, cmd := range []string{"assemble", "steps"} {
		if out, errOut, code := runCmd(t, "", cmd, empty); code != 2 || out != "" || errOut != "recview: "+cmd+": "+empty+": the cassette holds no interactions\n" {
			t.Errorf("%s of none: exit %d %q %q", cmd, code, out, errOut)
		}
	}

	one := recorders + "/chunks-txt/vercel__ai__packages__groq__src____fixtures____groq-tool-call.chunks.txt"
	if _, errOut, code := runCmd(t, "", "show", one+"#2"); code != 2 || !strings.HasSuffix(errOut, ": #2: the cassette holds 1 interaction, #1\n") {
		t.Errorf("show FILE#2 of one: exit %d %q", code, errOut)
	}
	if _, errOut, code := runCmd(t, "", "assemble", seed+"#1"); code != 2 || !strings.Contains(errOut, "is a recording, not a cassette: #1 names a cassette's interaction") {
		t.Errorf("assemble RECORDING#1: exit %d %q", code, errOut)
	}

	// An httprr trace of one call whose response body is two bytes that
	// are not UTF-8: show reads it.
	req := "GET https://example.com/v1/models HTTP/1.1\r\nHost: example.com\r\n\r\n"
	resp := "HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: 2\r\n\r\n\xff\xfe"
	bin := filepath.Join(dir, "bin.httprr")
	os.WriteFile(bin, []byte("httprr trace v1\n"+strconv.Itoa(len(req))+" "+strconv.Itoa(len(resp))+"\n"+req+resp), 0o644)
	if _, errOut, code := runCmd(t, "", "show", bin); code != 0 {
		t.Errorf("show of a binary body: exit %d %s", code, errOut)
	}
}
