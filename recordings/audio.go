package recordings

import "github.com/valyala/fastjson"

// OpenAI's audio API: a transcription or a translation of speech
// (POST /v1/audio/transcriptions, /translations) answers its text
// ({text, usage}, or verbose_json's {task, language, duration, text,
// segments, words}); speech (POST /v1/audio/speech) answers the audio
// itself, not JSON. Source: platform.openai.com/docs/api-reference/audio.
// Mistral's and Groq's transcriptions answer the same shape.
//
// The text reads as the answer, of role "transcript", so that a
// comparison weighs a changed transcript as it weighs a changed answer;
// its usage ({type: "duration", seconds} or tokens) is read, the rest
// (language, duration, segments, words) shown as recorded. A
// transcription's stream (transcript.text.delta events) is not
// assembled: shown as recorded.
var openaiAudioProvider = provider{
	family: FamilyOpenAIAudio, title: "OpenAI audio (speech, transcriptions)",
	suffixes: []string{"/audio/transcriptions", "/audio/translations", "/audio/speech"},
	format:   audioFormat{},
	answer:   AnswerPaths{Trees: []string{"text", "usage"}},
}

// audioRead is what audioFormat reads of a transcription.
var audioRead = nameSet{"text", "usage"}

// audioFormat reads transcriptions; it assembles no stream.
type audioFormat struct{}

func (audioFormat) newAssembler() assembler { return nil }

// readAnswer reads a transcription or a translation, an object with a
// "text" string: one choice of role "transcript" holding the text, the
// usage, the other members as the Answer's Other. An object without one
// gives an empty Answer.
func (audioFormat) readAnswer(v *fastjson.Value) Answer {
	t := v.Get("text")
	if t == nil || t.Type() != fastjson.TypeString {
		return Answer{}
	}
	return Answer{
		Choices: []Choice{{Role: "transcript", Parts: []Part{{Kind: PartText, Text: sharedStr(t)}}}},
		Usage:   usageItems(v.Get("usage"), "", nil),
		Other:   otherMembers(nil, "", v, audioRead),
	}
}
