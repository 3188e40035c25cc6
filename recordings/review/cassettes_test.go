package review

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/recview/recview/recordings/cassette"
)

// Two real pydantic-ai commits that changed vcrpy cassettes (see
// testdata/README.md).
const (
	cassettes3278 = "testdata/changesets/cassettes-latest-models-3278.tar.gz"
	cassettes6793 = "testdata/changesets/cassettes-tool-availability-6793.tar.gz"
)

// interactionsOnce checks that every interaction named in counts (a
// cassette's path and how many interactions it holds on each side) is in
// exactly one pair, and that every pair is of those.
func interactionsOnce(t *testing.T, res *Result, counts map[string][2]int) {
	t.Helper()
	want := map[string]int{}
	for p, n := range counts {
		for side, k := range n {
			for i := 1; i <= k; i++ {
				want[fmt.Sprintf("%s:%s#%d", []Side{Base, Head}[side], p, i)] = 0
			}
		}
	}
	for _, p := range res.Pairs {
		for _, s := range []struct {
			side Side
			path string
		}{{Base, p.Base}, {Head, p.Head}} {
			if s.path == "" {
				continue
			}
			k := string(s.side) + ":" + s.path
			if _, ok := want[k]; !ok {
				t.Errorf("a pair of %s, which is no interaction of the change set", k)
			}
			want[k]++
		}
	}
	for k, n := range want {
		if n != 1 {
			t.Errorf("%s is in %d pairs, want 1", k, n)
		}
	}
}

// TestCassettesLatestModels reviews pydantic-ai's commit cf55a718 (#3278,
// "Use latest OpenAI, Google, Anthropic models in all examples"): 20
// Anthropic cassettes re-recorded with newer models (the commit's 21st,
// test_image_as_binary_content_tool_response.yaml, 2.8 MB of base64, is
// left out of testdata). Checked by hand (python3, yaml.safe_load of both
// sides): both sides hold the same 31 interactions, in the same order;
// in 29 the request differs only in its "model" (the response in its
// "model" too, or in the streamed events that carry it); two
// (test_anthropic_server_tool_pass_history_to_another_provider.yaml#2 and
// test_text_document_url_input.yaml#1) are the same interaction, headers
// included.
func TestCassettesLatestModels(t *testing.T) {
	base, head, changes := readChangeSet(t, cassettes3278)
	if len(base) != 20 || len(head) != 20 || len(changes) != 20 {
		t.Fatalf("%d base files, %d head files and %d changes, want 20 of each", len(base), len(head), len(changes))
	}
	res := review(t, base, head)
	if len(res.Skipped) != 0 {
		t.Errorf("skipped: %+v", res.Skipped)
	}
	counts := map[string][2]int{}
	for _, p := range res.Pairs {
		c, _, _ := strings.Cut(p.Head, "#")
		n := counts[c]
		n[0], n[1] = n[0]+1, n[1]+1
		counts[c] = n
	}
	if len(counts) != 20 || len(res.Pairs) != 31 {
		t.Fatalf("%d pairs of %d cassettes, want 31 of 20", len(res.Pairs), len(counts))
	}
	interactionsOnce(t, res, counts)
	unchanged := []string{
		"tests/models/cassettes/test_anthropic/test_anthropic_server_tool_pass_history_to_another_provider.yaml#2",
		"tests/models/cassettes/test_anthropic/test_text_document_url_input.yaml#1",
	}
	for _, p := range res.Pairs {
		if p.Base != p.Head {
			t.Errorf("%s paired with %s: the cassettes' interactions are in the same order", p.Base, p.Head)
		}
		if p.Name != "" {
			t.Errorf("%s: name status %q: a cassette's name holds no hash", p.Head, p.Name)
		}
		if !strings.HasPrefix(p.TestID, "tests/") || !strings.Contains(p.TestID, ".py::test_") {
			t.Errorf("%s: test_id %q, want pytest-recording's test", p.Head, p.TestID)
		}
		if slices.Contains(unchanged, p.Head) {
			if p.Change != Unchanged || p.Verdict != VerdictUnchanged || p.Severity != SeverityNone {
				t.Errorf("%s: %s, %s, %s; want unchanged, none", p.Head, p.Change, p.Verdict, p.Severity)
			}
			continue
		}
		if p.Change != Modified || p.Request != RequestChanged || !slices.Equal(p.RequestPaths, []string{"payload.model"}) {
			t.Errorf("%s: %s, request %s at %q; want modified, the request's model changed", p.Head, p.Change, p.Request, p.RequestPaths)
		}
		if !strings.HasSuffix(p.Endpoint, "/v1/messages") { // the gateway's is /anthropic/v1/messages
			t.Errorf("%s: endpoint %q", p.Head, p.Endpoint)
		}
	}
}

// TestCassettesToolAvailability reviews pydantic-ai's commit 87a8a5d4
// (#6793, "Add ToolAvailabilityDeltaPart…"): 35 cassettes added, one
// deleted, four modified. Checked by hand (python3, yaml.safe_load):
// base holds 26 interactions, head 57; no request of a modified cassette
// is the same on both sides. In three modified cassettes both sides call
// the same endpoints in the same order (3 then 2); in
// test_cross_provider_capability_replay[google-gemini-3-flash-preview-
// openai-responses-gpt-5.4].yaml base calls Gemini six times then the
// Responses API twice, head Gemini three times then the Responses API
// twice: the Responses calls pair with each other (base #7, #8 with head
// #4, #5), never with a Gemini call, and base's Gemini calls #4 to #6 are
// gone.
func TestCassettesToolAvailability(t *testing.T) {
	base, head, changes := readChangeSet(t, cassettes6793)
	if len(changes) != 40 {
		t.Fatalf("%d changes, want 40", len(changes))
	}
	res := review(t, base, head)
	var nb, nh int
	for _, p := range res.Pairs {
		if p.Base != "" {
			nb++
		}
		if p.Head != "" {
			nh++
		}
	}
	if nb != 26 || nh != 57 {
		t.Errorf("pairs hold %d base and %d head interactions, want 26 and 57", nb, nh)
	}
	google := "tests/cassettes/test_tool_search/test_cross_provider_capability_replay[google-gemini-3-flash-preview-openai-responses-gpt-5.4].yaml"
	var got []string
	for _, p := range res.Pairs {
		if strings.HasPrefix(p.Base, google+"#") || strings.HasPrefix(p.Head, google+"#") {
			b, _ := strings.CutPrefix(p.Base, google)
			h, _ := strings.CutPrefix(p.Head, google)
			got = append(got, b+"-"+h+" "+string(p.Verdict))
		}
	}
	slices.Sort(got)
	want := []string{"#1-#1 changed result", "#2-#2 changed result", "#3-#3 changed result",
		"#4- deleted", "#5- deleted", "#6- deleted", "#7-#4 changed result", "#8-#5 changed result"}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("the Gemini-then-Responses cassette's pairs (-want +got):\n%s", d)
	}
	for _, p := range res.Pairs {
		if strings.HasPrefix(p.Base, google+"#") && p.Head == "" && !strings.Contains(p.Why, "interaction gone from the cassette (8 in base, 5 in head)") {
			t.Errorf("%s: why %q does not say the interaction is gone from the cassette", p.Base, p.Why)
		}
		if p.Base != "" && p.Head != "" && !strings.HasPrefix(p.Base, google) && p.Base != p.Head {
			t.Errorf("%s paired with %s: both sides call the same endpoints in order", p.Base, p.Head)
		}
	}
}

// TestCassetteAlignment pairs interactions by request first, then by
// endpoint, never two calls of different endpoints.
func TestCassetteAlignment(t *testing.T) {
	e := func(ident, call string) *entry { return &entry{ident: ident, call: call} }
	b := []*entry{e("q1", "chat"), e("q2", "chat"), e("q3", "emb"), e("q4", "chat")}
	h := []*entry{e("q0", "chat"), e("q2", "chat"), e("q5", "chat"), e("q6", "chat")}
	var got []string
	for _, m := range alignInteractions(b, h) {
		s := "-"
		if m.base != nil {
			s = m.base.ident + s
		}
		if m.head != nil {
			s += m.head.ident
		}
		got = append(got, s)
	}
	// q2 = q2 anchors; q1 (chat) pairs with q0 (chat) before it; after
	// it, q3 (emb) pairs with nothing, q4 with q5, and q6 is added.
	want := []string{"q1-q0", "q2-q2", "q3-", "q4-q5", "-q6"}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("alignment (-want +got):\n%s", d)
	}
}

// TestCassetteEdges: a cassette whose only change is a header is metadata
// only, of no severity; a cassette that does not parse is an unreadable
// pair of high severity; a YAML file that is no cassette is skipped; a
// JSON file of a cassettes folder that is no cassette goes to the
// recordings' review; a deleted cassette's interactions are deleted; a
// key recorded in a header is of high severity, whatever else changed.
// A side that reads and a side that does not make one unreadable pair
// of the two files.
func TestCassetteEdges(t *testing.T) {
	const dir = "tests/models/cassettes/test_anthropic/"
	one, err := os.ReadFile("../testdata/cassettes/pydantic-ai__tests__models__cassettes__test_anthropic__test_anthropic_model_usage_limit_exceeded.yaml")
	if err != nil {
		t.Fatal(err)
	}
	agent := strings.Replace(string(one), "      - keep-alive\n", "      - close\n", 1)
	if agent == string(one) {
		t.Fatal("the cassette has no connection header to change")
	}
	leak := strings.Replace(string(one), "    headers:\n", "    headers:\n      Authorization:\n      - Bearer sk-proj-abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUV\n", 1)
	base := []File{
		{dir + "test_leak.yaml", one},
		{dir + "test_headers.yaml", one},
		{dir + "test_broken.yaml", one},
		{dir + "test_gone.yaml", one},
		{dir + "config.yaml", []byte("a: 1\n")},
		{"tests/cassettes/data.json", []byte(`{"a": 1}`)},
	}
	head := []File{
		{dir + "test_leak.yaml", []byte(leak)},
		{dir + "test_headers.yaml", []byte(agent)},
		{dir + "test_broken.yaml", []byte("interactions:\n- request: [\n")},
		{dir + "config.yaml", []byte("a: 2\n")},
		{"tests/cassettes/data.json", []byte(`{"a": 2}`)},
	}
	res := review(t, base, head)
	got := map[string]string{}
	for _, p := range res.Pairs {
		got[first(p.Head, p.Base)] = fmt.Sprintf("%s %s %s", p.Change, p.Verdict, p.Severity)
	}
	want := map[string]string{
		dir + "test_headers.yaml#1": "modified metadata only none",
		dir + "test_leak.yaml#1":    "modified metadata only high",
		dir + "test_broken.yaml":    "modified unreadable high",
		dir + "test_gone.yaml#1":    "deleted deleted low",
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("pairs (-want +got):\n%s", d)
	}
	for _, p := range res.Pairs {
		if p.Head == dir+"test_leak.yaml#1" && !strings.HasPrefix(p.Why, "credential recorded in request header Authorization") {
			t.Errorf("a recorded key's pair says %q", p.Why)
		}
	}
	var skipped []string
	for _, s := range res.Skipped {
		skipped = append(skipped, string(s.Side)+" "+s.Path+": "+s.Reason)
	}
	wantSkipped := []string{
		"base tests/cassettes/data.json: not a recording", "head tests/cassettes/data.json: not a recording",
		"base " + dir + "config.yaml: not a cassette", "head " + dir + "config.yaml: not a cassette",
	}
	slices.Sort(skipped)
	slices.Sort(wantSkipped)
	if d := cmp.Diff(wantSkipped, skipped); d != "" {
		t.Errorf("skipped (-want +got):\n%s", d)
	}
}

// cassettePool is interactions of testdata's smaller cassettes, for
// FuzzCassettePair.
func cassettePool(tb testing.TB) []cassette.Interaction {
	files, err := filepath.Glob("../testdata/cassettes/pydantic-ai__*.yaml")
	if err != nil || len(files) == 0 {
		tb.Fatalf("no cassettes in testdata: %v", err)
	}
	var pool []cassette.Interaction
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		if len(data) > 5000 {
			continue
		}
		c, err := cassette.Parse(f, data)
		if err != nil {
			tb.Fatal(err)
		}
		pool = append(pool, c.Interactions...)
	}
	return pool
}

// jsonCassette writes interactions as a vcrpy JSON cassette.
func jsonCassette(its []cassette.Interaction) []byte {
	type body struct {
		String string `json:"string"`
	}
	type interaction struct {
		Request struct {
			Method  string              `json:"method"`
			URI     string              `json:"uri"`
			Body    string              `json:"body"`
			Headers map[string][]string `json:"headers"`
		} `json:"request"`
		Response struct {
			Status struct {
				Code int `json:"code"`
			} `json:"status"`
			Headers map[string][]string `json:"headers"`
			Body    body                `json:"body"`
		} `json:"response"`
	}
	doc := struct {
		Interactions []interaction `json:"interactions"`
		Version      int           `json:"version"`
	}{Version: 1}
	for _, it := range its {
		var x interaction
		x.Request.Method, x.Request.URI, x.Request.Body, x.Request.Headers = it.Method, it.URI, string(it.RequestBody), it.RequestHeaders
		x.Response.Status.Code, x.Response.Headers, x.Response.Body.String = it.Status, it.ResponseHeaders, string(it.ResponseBody)
		doc.Interactions = append(doc.Interactions, x)
	}
	out, _ := json.Marshal(doc)
	return out
}

// FuzzCassettePair reviews two versions of a cassette made of testdata's
// interactions: each two bytes of the input put an interaction in base,
// head or both, the head's with its answer or a header edited. Whatever
// the input, Review must not fail, every interaction must be in exactly
// one pair, and no pair may join calls of two endpoints.
func FuzzCassettePair(f *testing.F) {
	pool := cassettePool(f)
	if len(pool) < 10 {
		f.Fatalf("%d interactions in the pool, want 10 or more", len(pool))
	}
	f.Add([]byte{0, 0, 1, 1, 2, 2, 3, 3, 4, 4})
	f.Add([]byte{5, 2, 6, 2, 7, 0, 8, 1, 9, 3, 9, 4})
	f.Fuzz(func(t *testing.T, ops []byte) {
		var b, h []cassette.Interaction
		for i := 0; i+1 < len(ops) && i < 16; i += 2 {
			it := pool[int(ops[i])%len(pool)]
			switch ops[i+1] % 5 {
			case 0:
				b = append(b, it)
			case 1:
				h = append(h, it)
			case 2:
				b, h = append(b, it), append(h, it)
			case 3: // another answer
				e := it
				e.ResponseBody = append(slices.Clip(e.ResponseBody), ' ', 'x')
				b, h = append(b, it), append(h, e)
			case 4: // another header
				e := it
				e.RequestHeaders = maps.Clone(e.RequestHeaders)
				e.RequestHeaders["user-agent"] = []string{"fuzz " + string(ops[i+1])}
				b, h = append(b, it), append(h, e)
			}
		}
		const p = "tests/cassettes/test_fuzz/test_x.yaml"
		var base, head []File
		if b != nil {
			base = []File{{p, jsonCassette(b)}}
		}
		if h != nil {
			head = []File{{p, jsonCassette(h)}}
		}
		res := review(t, base, head)
		interactionsOnce(t, res, map[string][2]int{p: {len(b), len(h)}})
		endpoint := func(path string, its []cassette.Interaction) string {
			_, k, _ := strings.Cut(path, "#")
			n, _ := strconv.Atoi(k)
			u, _, _ := strings.Cut(its[n-1].URI, "?")
			return its[n-1].Method + " " + u
		}
		for _, q := range res.Pairs {
			if q.Base != "" && q.Head != "" && q.Verdict != VerdictUnreadable && endpoint(q.Base, b) != endpoint(q.Head, h) {
				t.Errorf("%s (%s) paired with %s (%s)", q.Base, endpoint(q.Base, b), q.Head, endpoint(q.Head, h))
			}
		}
	})
}
