package reqhash

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/recview/recview/internal/tools/corpustest"
	"github.com/valyala/fastjson"
)

// hashReadDoc parses the corpus file name.
func hashReadDoc(t testing.TB, name string) *fastjson.Value {
	t.Helper()
	return hashParse(t, string(corpustest.Read(t, name)))
}

// hashParse parses s, failing the test when it is not JSON.
func hashParse(t testing.TB, s string) *fastjson.Value {
	t.Helper()
	v, err := fastjson.Parse(s)
	if err != nil {
		t.Fatalf("parse %.60q: %v", s, err)
	}
	return v
}

// TestVerifyCorpus checks every file of HASHCHECK.tsv: a named variant
// must be the scheme Verify reports, ok when it is today's recorder's
// (current, tool, http) and the name has all 64 digits, stale otherwise;
// "none" must be a mismatch, but for a file processor's request (which
// the recorder never looks up): not replayed. A 12-hex name is the 2025 recorder's, so
// Verify reports v0 for it where HASHCHECK.tsv, which tried current
// first, says current (the four /api/tags files, where every inference
// scheme computes the same hash).
func TestVerifyCorpus(t *testing.T) {
	rows := corpustest.HashCheck(t)
	category := map[string]string{} // MANIFEST.tsv's: "api:file_processors/pypdf …"
	for _, m := range corpustest.Manifest(t) {
		category[m.File] = m.Category
	}
	counts := map[string]int{}
	statuses := map[Status]int{}
	for _, row := range rows {
		t.Run(row.File, func(t *testing.T) {
			got := Verify(row.File, hashReadDoc(t, row.File))
			statuses[got.Status]++
			if got.FileHash != row.Hash {
				t.Errorf("FileHash = %q, want %q", got.FileHash, row.Hash)
			}
			if len(got.Computed) != 64 && row.Scheme != "none" {
				t.Errorf("Computed = %q, want 64 hex digits", got.Computed)
			}
			if row.Scheme == "none" {
				want := Mismatch
				if strings.HasPrefix(category[row.File], "api:file_processors/") {
					want = NotReplayed
				}
				if got.Status != want {
					t.Errorf("Status = %v (scheme %q), want %v", got.Status, got.Scheme, want)
				}
				counts[row.Scheme]++
				return
			}
			scheme := row.Scheme
			if len(row.Hash) == 12 && scheme == SchemeCurrent {
				scheme = SchemeV0
			}
			want := Stale
			if isCurrent(scheme) && len(row.Hash) == 64 {
				want = OK
			}
			if got.Status != want || got.Scheme != scheme {
				t.Errorf("Status, Scheme = %v, %q, want %v, %q (note %q)", got.Status, got.Scheme, want, scheme, got.Note)
				return
			}
			counts[row.Scheme]++
			if !strings.HasPrefix(got.Computed, row.Hash) {
				t.Errorf("Computed = %q, want prefix %q", got.Computed, row.Hash)
			}
			base := filepath.Base(row.File)
			if got.ModelList == strings.Contains(base, "models-") && (!got.ModelList || got.DigestOK) {
				if base != got.ExpectedName && !strings.HasSuffix(base, "__"+got.ExpectedName) {
					t.Errorf("ExpectedName = %q, want the end of %q", got.ExpectedName, base)
				}
			}
			if (got.Status == OK) != (got.ReplayHash == got.FileHash) {
				t.Errorf("status %v with ReplayHash %s", got.Status, got.ReplayHash)
			}
		})
	}
	wantCounts := map[string]int{
		SchemeCurrent: 96, SchemeHTTP: 23, SchemeLegacyNoFileSearch: 1, SchemeTool: 8, SchemeV0: 78, "none": 9,
	}
	if diff := cmp.Diff(wantCounts, counts); diff != "" {
		t.Errorf("schemes over the corpus (-want +got):\n%s", diff)
	}
	t.Logf("corpus: %d ok, %d stale, %d mismatch, %d unknown", statuses[OK], statuses[Stale], statuses[Mismatch], statuses[Unknown])
}

// TestVerifyExpectedName freezes hashes computed by hand with CPython
// 3.11 from the recorder's functions (json.dumps(..., sort_keys=True)).
func TestVerifyExpectedName(t *testing.T) {
	const (
		toolFile   = "tests__integration__responses__recordings__42c357284497af596ae6c9341b0c189daa31e88b25d0381a985f24203b7a5a38.json"
		v0File     = "tests__integration__inference__recordings__responses__211b1562d4e6.json"
		noneFile   = "tests__integration__agents__recordings__28cc2057662b6d13ab1becc3f92e5afbdaa19c2192b588a5795a5fa4c09fb588.json"
		modelsFile = "tests__integration__common__recordings__models-66c1506ac9a1c3cac55a2dabb6a81f068d753f4a69ae4edeb730b7ca374186c7-74bb7a92.json"
		tagsFile   = "tests__integration__recordings__responses__models-4a3a4447b16b-3057338f.json"
		fpFile     = "tests__integration__responses__recordings__268e65efffed6ba43c3c66d97dddf134f48456bf3a9ac1ba5ecf38fe50c39044.json"
	)
	tests := []struct {
		name string
		file string // corpus file holding the recording
		as   string // name given to Verify
		want Check
	}{
		{
			name: "agents file hashed with an unknown test_id",
			file: noneFile, as: noneFile,
			want: Check{
				Status:       Mismatch,
				Scheme:       SchemeCurrent,
				FileHash:     "28cc2057662b6d13ab1becc3f92e5afbdaa19c2192b588a5795a5fa4c09fb588",
				Computed:     "efe4ae0e8c0a4453336a39cd51836eb583a7f37c65d3b6abe622a512b106da70",
				ExpectedName: "efe4ae0e8c0a4453336a39cd51836eb583a7f37c65d3b6abe622a512b106da70.json",
				ReplayHash:   "efe4ae0e8c0a4453336a39cd51836eb583a7f37c65d3b6abe622a512b106da70",
				ReplayName:   "efe4ae0e8c0a4453336a39cd51836eb583a7f37c65d3b6abe622a512b106da70.json",
				Note:         "file name does not match the request's hash under any scheme",
			},
		},
		{
			name: "as-captured tool descriptions with collapsed spaces",
			file: "seeds/as-captured/aadc06753bab7e4450f37786f558c58bef42fce2301fd2f868f85564de6e1d96.json",
			as:   "aadc06753bab7e4450f37786f558c58bef42fce2301fd2f868f85564de6e1d96.json",
			want: Check{
				Status:       Mismatch,
				Scheme:       SchemeCurrent,
				FileHash:     "aadc06753bab7e4450f37786f558c58bef42fce2301fd2f868f85564de6e1d96",
				Computed:     "422d62fb7ac37541fcfea36ebca4fe9919154575370fa85227be2d951fe27bc6",
				ExpectedName: "422d62fb7ac37541fcfea36ebca4fe9919154575370fa85227be2d951fe27bc6.json",
				ReplayHash:   "422d62fb7ac37541fcfea36ebca4fe9919154575370fa85227be2d951fe27bc6",
				ReplayName:   "422d62fb7ac37541fcfea36ebca4fe9919154575370fa85227be2d951fe27bc6.json",
				Note:         "file name does not match the request's hash under any scheme",
			},
		},
		{
			name: "2025 file renamed reports v0",
			file: v0File, as: "recordings/responses/000000000000.json",
			want: Check{
				Status:       Mismatch,
				Scheme:       SchemeV0,
				FileHash:     "000000000000",
				Computed:     "211b1562d4e6423b718f091906f7ac559d6ce98633710956b8bcc50615266c94",
				ExpectedName: "211b1562d4e6.json",
				// The current scheme hashes "test_id": null: CPython gives
				// e00ddf60... (as for the next case).
				ReplayHash: "e00ddf608b22b9379ba0d1ba28752c9155ec7a567a01328d654ac689c1632866",
				ReplayName: "e00ddf608b22b9379ba0d1ba28752c9155ec7a567a01328d654ac689c1632866.json",
				Note:       "file name does not match the request's hash under any scheme",
			},
		},
		{
			name: "2025 file stale",
			file: v0File, as: v0File,
			want: Check{
				Status:       Stale,
				Scheme:       SchemeV0,
				FileHash:     "211b1562d4e6",
				Computed:     "211b1562d4e6423b718f091906f7ac559d6ce98633710956b8bcc50615266c94",
				ExpectedName: "211b1562d4e6.json",
				ReplayHash:   "e00ddf608b22b9379ba0d1ba28752c9155ec7a567a01328d654ac689c1632866",
				ReplayName:   "e00ddf608b22b9379ba0d1ba28752c9155ec7a567a01328d654ac689c1632866.json",
				Note:         "named by the 2025 recorder's 12-digit hash; replay looks for e00ddf608b22b9379ba0d1ba28752c9155ec7a567a01328d654ac689c1632866.json",
			},
		},
		{
			name: "tool file without a hash in its name",
			file: toolFile, as: "tavily search.json",
			want: Check{
				Status:       Unknown,
				Scheme:       SchemeTool,
				Computed:     "42c357284497af596ae6c9341b0c189daa31e88b25d0381a985f24203b7a5a38",
				ExpectedName: "42c357284497af596ae6c9341b0c189daa31e88b25d0381a985f24203b7a5a38.json",
				ReplayHash:   "42c357284497af596ae6c9341b0c189daa31e88b25d0381a985f24203b7a5a38",
				ReplayName:   "42c357284497af596ae6c9341b0c189daa31e88b25d0381a985f24203b7a5a38.json",
				Note:         "file name holds no request hash",
			},
		},
		{
			name: "model list ok",
			file: modelsFile, as: modelsFile,
			want: Check{
				Status:       OK,
				Scheme:       SchemeCurrent,
				FileHash:     "66c1506ac9a1c3cac55a2dabb6a81f068d753f4a69ae4edeb730b7ca374186c7",
				Computed:     "66c1506ac9a1c3cac55a2dabb6a81f068d753f4a69ae4edeb730b7ca374186c7",
				ExpectedName: "models-66c1506ac9a1c3cac55a2dabb6a81f068d753f4a69ae4edeb730b7ca374186c7-74bb7a92.json",
				ModelList:    true,
				FileDigest:   "74bb7a92",
				Digest:       "74bb7a92",
				DigestOK:     true,
				ReplayHash:   "66c1506ac9a1c3cac55a2dabb6a81f068d753f4a69ae4edeb730b7ca374186c7",
				ReplayName:   "models-66c1506ac9a1c3cac55a2dabb6a81f068d753f4a69ae4edeb730b7ca374186c7-74bb7a92.json",
			},
		},
		{
			name: "model list with another digest",
			file: modelsFile, as: "models-66c1506ac9a1c3cac55a2dabb6a81f068d753f4a69ae4edeb730b7ca374186c7-00000000.json",
			want: Check{
				Status:       OK,
				Scheme:       SchemeCurrent,
				FileHash:     "66c1506ac9a1c3cac55a2dabb6a81f068d753f4a69ae4edeb730b7ca374186c7",
				Computed:     "66c1506ac9a1c3cac55a2dabb6a81f068d753f4a69ae4edeb730b7ca374186c7",
				ExpectedName: "models-66c1506ac9a1c3cac55a2dabb6a81f068d753f4a69ae4edeb730b7ca374186c7-74bb7a92.json",
				ModelList:    true,
				FileDigest:   "00000000",
				Digest:       "74bb7a92",
				ReplayHash:   "66c1506ac9a1c3cac55a2dabb6a81f068d753f4a69ae4edeb730b7ca374186c7",
				ReplayName:   "models-66c1506ac9a1c3cac55a2dabb6a81f068d753f4a69ae4edeb730b7ca374186c7-74bb7a92.json",
				Note:         "model digest in the file name does not match the recorded models",
			},
		},
		{
			// The 2025 /api/tags recording's name digest is the SHA-1 one
			// of llamastack/llama-stack@34f5da6c's inference_recorder.py:
			// CPython gives sha1(b"all-minilm:l6-v2|...")[:8] = 3057338f,
			// and e660ee4a with SHA-256, today's digest. Every inference
			// scheme hashes /api/tags alike (no test_id, nothing to
			// normalize), and v0 wrote the 12-digit name.
			name: "ollama tags of 2025",
			file: tagsFile, as: tagsFile,
			want: Check{
				Status:       Stale,
				Scheme:       SchemeV0,
				FileHash:     "4a3a4447b16b",
				Computed:     "4a3a4447b16b849579bf601e1a005699745ff17959a85c1761bb8d5d45509e72",
				ExpectedName: "models-4a3a4447b16b-3057338f.json",
				ModelList:    true,
				FileDigest:   "3057338f",
				Digest:       "e660ee4a",
				DigestOK:     true,
				ReplayHash:   "4a3a4447b16b849579bf601e1a005699745ff17959a85c1761bb8d5d45509e72",
				ReplayName:   "models-4a3a4447b16b849579bf601e1a005699745ff17959a85c1761bb8d5d45509e72-e660ee4a.json",
				Note:         "named by the 2025 recorder's 12-digit hash; replay looks for models-4a3a4447b16b849579bf601e1a005699745ff17959a85c1761bb8d5d45509e72-e660ee4a.json; model digest is the 2025 recorder's (sha1 of the model ids)",
			},
		},
		{
			name: "file processor",
			file: fpFile, as: fpFile,
			want: Check{
				Status:   NotReplayed,
				FileHash: "268e65efffed6ba43c3c66d97dddf134f48456bf3a9ac1ba5ecf38fe50c39044",
				Note:     "file processors are not replayed: today's recorder makes the real call every time (their file_id is random per test run) and never looks these recordings up",
			},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := Verify(tc.as, hashReadDoc(t, tc.file))
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("Verify(%q) mismatch (-want +got):\n%s", tc.as, diff)
			}
		})
	}
}

// TestVerifyAsCaptured checks the web-captured copies in
// seeds/as-captured. Two of them hash differently from their names; the
// third (5d00fd96...) has the committed seed's request byte for byte (only
// its response is older), so its name still matches.
func TestVerifyAsCaptured(t *testing.T) {
	tests := []struct {
		file       string
		wantStatus Status
	}{
		{"5d00fd96a13e0fd9786eaa02261b0c38eb5b6d02ce0a0f3c8d2aaa5aa1b7d5af.json", OK},
		{"aadc06753bab7e4450f37786f558c58bef42fce2301fd2f868f85564de6e1d96.json", Mismatch},
		{"fcf8b46b3df5c6bf9f47c2506a3ab8aeea95e27f8d517e4983b2e901f8f394ad.json", Mismatch},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			got := Verify(tc.file, hashReadDoc(t, filepath.Join("seeds/as-captured", tc.file)))
			if got.Status != tc.wantStatus || got.Scheme != SchemeCurrent {
				t.Errorf("Status, Scheme = %v, %q, want %v, %q", got.Status, got.Scheme, tc.wantStatus, SchemeCurrent)
			}
		})
	}
}

func TestVerifyOddInput(t *testing.T) {
	const name = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef.json"
	tests := []struct {
		name, doc  string
		wantStatus Status
		wantScheme string
	}{
		{"null", `null`, Unknown, ""},
		{"array", `[1, 2]`, Unknown, ""},
		{"string", `"request"`, Unknown, ""},
		{"empty object", `{}`, Unknown, ""},
		{"request not object", `{"request": [1]}`, Unknown, ""},
		{"empty request", `{"request": {}}`, Unknown, ""},
		{"method not string", `{"request": {"method": 1, "url": "http://h/v1/chat/completions", "body": {}}}`, Unknown, ""},
		{"url not string", `{"request": {"method": "POST", "url": null, "body": {}}}`, Unknown, ""},
		{"inference minimal", `{"request": {"method": "post", "url": 7, "body": null}}`, Unknown, ""},
		{"inference any body", `{"test_id": 5, "request": {"method": "post", "url": "x", "body": [1e400, "\ud800"]}}`, Mismatch, SchemeCurrent},
		{"tool without kwargs", `{"request": {"tool_name": "t"}}`, Unknown, ""},
		{"tool odd types", `{"request": {"tool_name": 1, "provider": [], "kwargs": "x"}}`, Mismatch, SchemeTool},
		{"http method not string", `{"request": {"payload": {}, "url": "u", "method": {}}}`, Unknown, ""},
		{"http odd url", `{"request": {"payload": 1, "url": {"a": 1}, "method": "post"}}`, Mismatch, SchemeHTTP},
		{"model list without models", `{"request": {"method": "POST", "url": "http://h/v1/models", "body": {}, "endpoint": "/v1/models"}, "response": {"body": "x"}}`, Mismatch, SchemeCurrent},
		{"model list ids not strings", `{"request": {"method": "POST", "url": "http://h/api/tags", "body": {}, "endpoint": "/api/tags"}, "response": {"body": {"models": [{"model": 1}, 2]}}}`, Mismatch, SchemeCurrent},
		{"model list items odd", `{"request": {"method": "POST", "url": "http://h/v1/models", "body": {}, "endpoint": "/v1/models"}, "response": {"body": [[], "x", null]}}`, Mismatch, SchemeCurrent},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := Verify(name, hashParse(t, tc.doc))
			if got.Status != tc.wantStatus || got.Scheme != tc.wantScheme {
				t.Errorf("Status, Scheme = %v, %q, want %v, %q (note %q)", got.Status, got.Scheme, tc.wantStatus, tc.wantScheme, got.Note)
			}
			if got.Status == Unknown && got.Note == "" {
				t.Errorf("unknown status without a note")
			}
		})
	}
	t.Run("nil doc", func(t *testing.T) {
		if got := Verify(name, nil); got.Status != Unknown {
			t.Errorf("Status = %v, want unknown", got.Status)
		}
	})
}

func TestFromName(t *testing.T) {
	const h64 = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"
	tests := []struct {
		name   string
		in     string
		want   string
		wantOK bool
	}{
		{"bare 64", h64 + ".json", h64, true},
		{"bare 12", "211b1562d4e6.json", "211b1562d4e6", true},
		{"corpus prefix", "tests__integration__agents__recordings__" + h64 + ".json", h64, true},
		{"corpus prefix 12", "tests__integration__recordings__responses__211b1562d4e6.json", "211b1562d4e6", true},
		{"models 64", "models-" + h64 + "-74bb7a92.json", h64, true},
		{"models 12", "models-bd032f995f2a-7becc84f.json", "bd032f995f2a", true},
		{"models with corpus prefix", "tests__integration__common__recordings__models-" + h64 + "-e3b0c442.json", h64, true},
		{"unix path", "tests/integration/common/recordings/" + h64 + ".json", h64, true},
		{"windows path", `C:\recordings\models-bd032f995f2a-7becc84f.json`, "bd032f995f2a", true},
		{"seeds path", "seeds/as-captured/" + h64 + ".json", h64, true},
		{"no hash", "recording.json", "", false},
		{"empty", "", "", false},
		{"only extension", ".json", "", false},
		{"uppercase", strings.ToUpper(h64) + ".json", "", false},
		{"uppercase extension", h64 + ".JSON", "", false},
		{"other extension", h64 + ".txt", "", false},
		{"no extension", h64, "", false},
		{"63 digits", h64[1:] + ".json", "", false},
		{"65 digits", "a" + h64 + ".json", "", false},
		{"13 digits", "a211b1562d4e6.json", "", false},
		{"after a letter", "x" + h64 + ".json", "", false},
		{"after a dash", "copy-" + h64 + ".json", h64, true},
		{"download suffix", h64 + " (1).json", "", false},
		{"models digest too short", "models-" + h64 + "-74bb7a9.json", "", false},
		{"models digest uppercase", "models-" + h64 + "-74BB7A92.json", "", false},
		{"models bad hash length", "models-" + h64[:20] + "-74bb7a92.json", "", false},
		{"hash then digest without models", h64 + "-74bb7a92.json", "", false},
		{"xmodels prefix", "xmodels-" + h64 + "-74bb7a92.json", "", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := FromName(tc.in)
			if diff := cmp.Diff([2]any{tc.want, tc.wantOK}, [2]any{got, ok}); diff != "" {
				t.Errorf("FromName(%q) mismatch (-want +got):\n%s", tc.in, diff)
			}
		})
	}
}

func TestFromNameCorpus(t *testing.T) {
	for _, row := range corpustest.HashCheck(t) {
		t.Run(row.File, func(t *testing.T) {
			got, ok := FromName(row.File)
			if !ok || got != row.Hash {
				t.Errorf("FromName = %q, %v, want %q, true", got, ok, row.Hash)
			}
		})
	}
}

func TestHashStatusString(t *testing.T) {
	tests := []struct {
		s    Status
		want string
	}{
		{Unknown, "unknown"}, {OK, "ok"}, {Mismatch, "mismatch"}, {Status(42), "unknown"},
	}
	for _, tc := range tests {
		t.Run(tc.want, func(t *testing.T) {
			if got := tc.s.String(); got != tc.want {
				t.Errorf("String() = %q, want %q", got, tc.want)
			}
		})
	}
}

func BenchmarkVerify(b *testing.B) {
	rows := corpustest.HashCheck(b)
	docs := make([]*fastjson.Value, len(rows))
	var size int64
	for i, row := range rows {
		data := corpustest.Read(b, row.File)
		size += int64(len(data))
		var p fastjson.Parser // one parser per document keeps each alive
		var err error
		if docs[i], err = p.ParseBytes(data); err != nil {
			b.Fatal(err)
		}
	}
	b.SetBytes(size)
	b.ResetTimer()
	for b.Loop() {
		for i, row := range rows {
			Verify(row.File, docs[i])
		}
	}
}
