package recordings_test

import (
	"testing"

	"github.com/recview/recview/recordings"
)

func msg(role, text string) recordings.Message {
	return recordings.Message{Role: role, Parts: []recordings.Part{{Kind: recordings.PartText, Text: text}}}
}

// TestAsked: the asked message is the last user message, a prompt or
// query; else the inputs, at most MaxAskedInputs with the rest counted;
// else the last message.
func TestAsked(t *testing.T) {
	inputs := []recordings.Message{}
	for _, s := range []string{"a", "b", "c", "d", "e", "f", "g"} {
		inputs = append(inputs, msg("input", s))
	}
	for _, c := range []struct {
		name  string
		ms    []recordings.Message
		texts []string
		more  int
	}{
		{"chat", []recordings.Message{msg("system", "be brief"), msg("user", "first"), msg("assistant", "ok"), msg("user", "second"), msg("tool", "42")}, []string{"second"}, 0},
		{"completion", []recordings.Message{msg("prompt", "Once upon")}, []string{"Once upon"}, 0},
		{"rerank", []recordings.Message{msg("query", "q"), msg("document", "d1"), msg("document", "d2")}, []string{"q"}, 0},
		{"embeddings", inputs[:2], []string{"a", "b"}, 0},
		{"many inputs", inputs, []string{"a", "b", "c", "d", "e"}, 2},
		{"no user", []recordings.Message{msg("system", "s"), msg("assistant", "a")}, []string{"a"}, 0},
		{"none", nil, nil, 0},
	} {
		got, more := recordings.Asked(c.ms)
		var texts []string
		for _, m := range got {
			texts = append(texts, m.Text())
		}
		if len(texts) != len(c.texts) || more != c.more {
			t.Errorf("%s: asked %q and %d more, want %q and %d", c.name, texts, more, c.texts, c.more)
			continue
		}
		for i := range texts {
			if texts[i] != c.texts[i] {
				t.Errorf("%s: asked %q, want %q", c.name, texts, c.texts)
			}
		}
	}
}
