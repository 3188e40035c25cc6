package diff

import (
	"strings"
	"testing"
)

// TestModerationJudged: a moderation's verdict is what a test acts on,
// its scores move from run to run. The pairs are openai-dotnet's
// "I am killing all my houseplants!" (flagged, violence true, its score
// 0.20017406978166777, self-harm's 0.018531819836873024) against itself
// with one thing changed.
func TestModerationJudged(t *testing.T) {
	f := "../testdata/recorders/azure-test-proxy/openai__openai-dotnet__tests__SessionRecords__ModerationsTests__ClassifyTextWithSingleString.json"
	base := interactionJSON(t, f, 0)
	edit := func(pairs ...string) string {
		s := base
		for i := 0; i < len(pairs); i += 2 {
			if !strings.Contains(s, pairs[i]) {
				t.Fatalf("%q is not in the recording", pairs[i])
			}
			s = strings.Replace(s, pairs[i], pairs[i+1], 1)
		}
		return s
	}
	for _, tc := range []struct {
		name   string
		b      string
		sev    Severity
		result ResultStatus
		want   []string // the findings' texts, in order
	}{
		{"no longer flagged", edit(`"flagged":true`, `"flagged":false`, `"violence":true`, `"violence":false`),
			SeverityHigh, ResultChanged, []string{"moderation: results[0] flagged true → false, results[0] violence true → false"}},
		{"another category", edit(`"self-harm":false`, `"self-harm":true`),
			SeverityHigh, ResultChanged, []string{"moderation: results[0] self-harm false → true"}},
		// The score that moved most is named, whatever the file's order.
		{"scores moved", edit(`"hate":0.00002305067219931397`, `"hate":0.00003`, `"self-harm":0.018531819836873024`, `"self-harm":0.0412`),
			SeverityLow, ResultChanged, []string{"moderation scores moved (self-harm 0.018531819836873024 → 0.0412, 1 more)"}},
		// Another model's list of categories: one more, false.
		{"a category added, false", edit(`"violence/graphic":false}`, `"violence/graphic":false,"weapons":false}`),
			SeverityLow, ResultChanged, []string{"response: category weapons added"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			j := Compare(parse(t, "a.json", base), parse(t, "b.json", tc.b)).Judgement
			var got []string
			for _, f := range j.Findings {
				got = append(got, f.Text)
			}
			if j.Severity != tc.sev || j.Result != tc.result || strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("got %s / %s / %q, want %s / %s / %q", j.Severity, j.Result, got, tc.sev, tc.result, tc.want)
			}
		})
	}
}
