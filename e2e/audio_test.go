//go:build e2e

package e2e

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestTranscriptDrawn opens openai-dotnet's verbose transcription (read
// in the file): its text, "Hello, world! This is a test.", drawn as the
// answer of role transcript, not as raw JSON under an unknown endpoint;
// its usage read; its segments listed as recorded.
func TestTranscriptDrawn(t *testing.T) {
	path := filepath.Join(recordersDir, "azure-test-proxy", "openai__openai-dotnet__tests__SessionRecords__TranscriptionTests__TimestampsWork(Default).json")
	tb := openFirst(t, path)
	tb.waitFor("the transcript", `document.querySelector('.answer .msg.role-transcript [data-testid=assembled]')?.innerText.includes('Hello, world! This is a test.')`)
	o := eval[string](tb, `document.querySelector('.response').innerText`)
	for _, w := range []string{"seconds", "segments", "english", "no_speech_prob"} {
		if !strings.Contains(o, w) {
			t.Errorf("the response lacks %q:\n%s", w, o)
		}
	}
	if strings.Contains(eval[string](tb, `document.body.innerText`), "unknown endpoint") {
		t.Errorf("the transcription still says unknown endpoint")
	}
	t.Logf("wrote %s", tb.screenshot("transcript"))
}
