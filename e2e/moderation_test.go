//go:build e2e

package e2e

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestModerationDrawn opens openai-dotnet's moderation of "I am killing
// all my houseplants!" (read in the file: flagged, violence true, its
// highest score 0.20017406978166777): the verdict drawn above the
// response as recorded, not raw JSON under an unknown endpoint; every
// member still there in the fold.
func TestModerationDrawn(t *testing.T) {
	path := filepath.Join(recordersDir, "azure-test-proxy", "openai__openai-dotnet__tests__SessionRecords__ModerationsTests__ClassifyTextWithSingleString.json")
	tb := openFirst(t, path)
	tb.waitFor("the verdicts", `!!document.querySelector('.response [data-testid=moderation-verdicts]')`)
	row := eval[string](tb, `document.querySelector('[data-testid=moderation-verdicts] tbody tr').innerText`)
	for _, w := range []string{"results[0]", "flagged", "violence", "violence 0.20017406978166777"} {
		if !strings.Contains(row, w) {
			t.Errorf("the verdict row lacks %q: %q", w, row)
		}
	}
	if strings.Contains(row, "not flagged") {
		t.Errorf("the verdict row says not flagged: %q", row)
	}
	folded := tb.openFold(`document.querySelector('.response [data-testid=data-as-recorded]')`)
	for _, w := range []string{"modr-533", "category_applied_input_types", "self-harm/instructions"} {
		if !strings.Contains(folded, w) {
			t.Errorf("the response as recorded lacks %q", w)
		}
	}
	if strings.Contains(eval[string](tb, `document.body.innerText`), "unknown endpoint") {
		t.Errorf("the moderation still says unknown endpoint")
	}
	t.Logf("wrote %s", tb.screenshot("moderation"))
}
