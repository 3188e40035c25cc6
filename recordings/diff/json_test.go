package diff

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// embedding is an OpenAI embeddings recording; request holds extra
// request keys (with a leading comma), vec the vector.
func embedding(request, vec string) string {
	return `{"test_id":"t::emb","request":{"method":"POST","url":"http://localhost/v1/embeddings","headers":{}` + request + `,` +
		`"body":{"model":"nomic-embed","input":["hello"],"encoding_format":"float"},"endpoint":"/v1/embeddings","model":"nomic-embed"},` +
		`"response":{"body":{"__type__":"openai.types.create_embedding_response.CreateEmbeddingResponse","__data__":{` +
		`"data":[{"embedding":` + vec + `,"index":0,"object":"embedding"}],"model":"nomic-embed","object":"list",` +
		`"usage":{"prompt_tokens":2,"total_tokens":2}}},"is_streaming":false}}`
}

const (
	vec9  = `[0.1,0.2,0.3,0.4,0.5,0.6,0.7,0.8,0.9]`
	vec9b = `[0.1,0.2,0.3,0.4,0.5,0.6,0.7,0.8,0.95]`
)

func TestCompareJSON(t *testing.T) {
	tests := []struct {
		name       string
		a, b       string
		want       []Change
		sameResult bool
	}{
		{
			name: "embedding vector compared as one value",
			a:    embedding("", vec9),
			b:    embedding("", vec9b),
			want: []Change{{Kind: KindResponse, Path: "data[0].embedding", Op: OpChanged, Old: vec9, New: vec9b,
				Note: "1 of 9 numbers differ, by at most 0.05"}},
		},
		{
			name: "embedding of another length",
			a:    embedding("", vec9),
			b:    embedding("", `[0.1,0.2]`),
			want: []Change{{Kind: KindResponse, Path: "data[0].embedding", Op: OpChanged, Old: vec9, New: `[0.1,0.2]`, Note: "9 → 2 numbers"}},
		},
		{
			name: "headers are reported, odd keys quoted",
			a:    embedding(`,"extra":{"a.b":1}`, vec9),
			b:    embedding(`,"extra":{"a.b":2,"X-Trace_id":"z"}`, vec9),
			want: []Change{
				{Kind: KindRequest, Path: `extra["a.b"]`, Op: OpChanged, Old: "1", New: "2"},
				{Kind: KindRequest, Path: "extra.X-Trace_id", Op: OpAdded, New: `"z"`},
			},
			sameResult: true,
		},
		{
			name:       "object key order does not matter",
			a:          embedding(`,"extra":{"x":1,"y":[true,null]}`, vec9),
			b:          embedding(`,"extra":{"y":[true,null],"x":1.0}`, vec9),
			sameResult: true,
		},
		{
			name:       "request null is not absent",
			a:          embedding(`,"extra":{"x":null}`, vec9),
			b:          embedding(`,"extra":{}`, vec9),
			want:       []Change{{Kind: KindRequest, Path: "extra.x", Op: OpRemoved, Old: "null"}},
			sameResult: true,
		},
		{
			name: "recorded error against an answer",
			a:    embedding("", vec9),
			b: `{"test_id":"t::emb","request":{"method":"POST","url":"http://localhost/v1/embeddings","headers":{},` +
				`"body":{"model":"nomic-embed","input":["hello"],"encoding_format":"float"},"endpoint":"/v1/embeddings","model":"nomic-embed"},` +
				`"response":{"body":null,"is_exception":true,"exception_data":{"type":"RateLimitError","message":"slow down","status_code":429}}}`,
			want: []Change{
				{Kind: KindResponse, Path: "data", Op: OpRemoved, Old: `[{"embedding":` + vec9 + `,"index":0,"object":"embedding"}]`},
				{Kind: KindResponse, Path: "model", Op: OpRemoved, Old: `"nomic-embed"`},
				{Kind: KindResponse, Path: "object", Op: OpRemoved, Old: `"list"`},
				{Kind: KindResponse, Path: "usage", Op: OpRemoved, Old: `{"prompt_tokens":2,"total_tokens":2}`},
				{Kind: KindResponse, Path: "error", Op: OpAdded, New: `{"status":429,"type":"RateLimitError","message":"slow down"}`},
			},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := Compare(parse(t, "a.json", tc.a), parse(t, "b.json", tc.b))
			if d := cmp.Diff(tc.want, res.Changes); d != "" {
				t.Errorf("changes (-want +got):\n%s", d)
			}
			if res.SameResult != tc.sameResult {
				t.Errorf("SameResult %v, want %v", res.SameResult, tc.sameResult)
			}
		})
	}
}

func TestWildcardAndIgnored(t *testing.T) {
	for path, want := range map[string]bool{
		"id":                             true,
		"id2":                            false,
		"created":                        true,
		"choices[0].id":                  false,
		"models[3].expires_at":           true,
		"models[3].expires_at[0]":        true,
		"models[3].name":                 false,
		`models["3"].expires_at`:         false,
		"sdk_http_response.headers.Date": true,
	} {
		if got := ignored(path); got != want {
			t.Errorf("ignored(%q) = %v, want %v", path, got, want)
		}
	}
	if got := wildcard(`a[12].b[3][4]["5"]`); got != `a[*].b[*][*]["5"]` {
		t.Errorf("wildcard = %q", got)
	}
}
