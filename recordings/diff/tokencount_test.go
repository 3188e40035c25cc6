package diff

import (
	"strings"
	"testing"
)

// TestTokenCountJudged: a token count is the answer to its request, so a
// count that moved changes the result (low), where usage would not. The
// pair is pydantic-ai's Gemini count (totalTokens 12, its TEXT detail
// 12, read in the file) against itself with the counts moved, and
// against an error.
func TestTokenCountJudged(t *testing.T) {
	f := "../testdata/cassettes/pydantic-ai__tests__models__cassettes__test_google__test_google_model_usage_limit_exceeded.yaml"
	base := interactionJSON(t, f, 0)
	if !strings.Contains(base, `"totalTokens":12,`) || !strings.Contains(base, `"tokenCount":12}`) {
		t.Fatalf("the counts are not as read in the file:\n%s", base)
	}
	moved := strings.Replace(strings.Replace(base, `"totalTokens":12,`, `"totalTokens":14,`, 1), `"tokenCount":12}`, `"tokenCount":14}`, 1)
	j := Compare(parse(t, "a.json", base), parse(t, "b.json", moved)).Judgement
	want := "token count moved (totalTokens 12 → 14, 1 more)"
	if j.Severity != SeverityLow || j.Result != ResultChanged || len(j.Findings) != 1 || j.Findings[0].Text != want {
		t.Errorf("counts moved: %s / %s / %v, want low / changed / %q", j.Severity, j.Result, j.Findings, want)
	}
	failed := strings.Replace(base, `"status":200`, `"status":429`, 1)
	failed = failed[:strings.Index(failed, `"body":{"totalTokens"`)] + `"body":{"error":{"code":429,"message":"Resource exhausted","status":"RESOURCE_EXHAUSTED"}},"is_streaming":false}}`
	j = Compare(parse(t, "a.json", base), parse(t, "b.json", failed)).Judgement
	for _, f := range j.Findings {
		if strings.HasPrefix(f.Text, "token count") {
			t.Errorf("an error read as a count: %v", j.Findings)
		}
	}
	if j.Severity != SeverityHigh || len(j.Findings) == 0 || !strings.HasPrefix(j.Findings[0].Text, "error appeared") {
		t.Errorf("an error: %s %v", j.Severity, j.Findings)
	}
}
