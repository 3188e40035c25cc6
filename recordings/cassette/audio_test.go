//go:build !js

package cassette

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/recview/recview/recordings"
)

// TestAudio: openai-dotnet's transcriptions read as a transcript.
// Expected values read in the files: "Hello, world! This is a test.",
// its usage {type: "duration", seconds: 2}; verbose_json's task,
// language, duration and segments shown as recorded; the streamed
// transcription known by its API, not assembled, said so.
func TestAudio(t *testing.T) {
	its := allInteractions(t)
	const proxy = "azure-test-proxy/openai__openai-dotnet__tests__SessionRecords__TranscriptionTests__"
	tests := []struct {
		name string
		want []string // describeAnswer
	}{
		{proxy + "TranscriptionWorks(UsingFilePath).json#1",
			[]string{"transcript: Hello, world! This is a test.", `usage type "duration"`, "usage seconds 2"}},
		{proxy + "TimestampsWork(Default).json#1",
			[]string{"transcript: Hello, world! This is a test.", `usage type "duration"`, "usage seconds 2",
				`other task "transcribe"`, `other language "english"`, "other duration 1.7000000476837158", "other segments"}},
	}
	for _, tt := range tests {
		_, ans, ok := answerAs(t, its, tt.name, recordings.FamilyOpenAIAudio)
		if !ok {
			continue
		}
		if d := cmp.Diff(tt.want, describeAnswer(&ans)); d != "" {
			t.Errorf("%s: answer (-want +got):\n%s", tt.name, d)
		}
	}
	r := parsedInteraction(t, its, proxy+"StreamingTranscriptionWorks(UsingFilePath)Async.json#1")
	if r.Family != recordings.FamilyOpenAIAudio || !r.Streaming || !r.Unknown {
		t.Errorf("the streamed transcription: %s, streaming %v, unknown %v (%s)", r.Family, r.Streaming, r.Unknown, r.Notice)
	}
}
