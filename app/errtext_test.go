package app

import (
	"errors"
	"fmt"
	"testing"

	"github.com/recview/recview/recordings"
	"github.com/recview/recview/recordings/cassette"
)

// TestErrorText: the core's errors of a file as the page shows them,
// the file named, what is wrong said, no Go package prefix; words like
// "review" inside a clause stay.
func TestErrorText(t *testing.T) {
	parse := func(name, data string) error {
		_, err := recordings.Parse(name, []byte(data))
		if err == nil {
			t.Fatalf("%s parsed", name)
		}
		return err
	}
	_, yamlErr := cassette.Parse("c.yaml", []byte("interactions: [\n"))
	if yamlErr == nil {
		t.Fatal("c.yaml parsed")
	}
	for _, c := range []struct {
		err  error
		want string
	}{
		{parse("shot.png", "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), "shot.png: not a recording: binary data (PNG image)"},
		{parse("object.json", `{"hello": "world"}`), `object.json: not a recording: no "request" and "response" keys`},
		{parse("bad.json", "{\n  \"request\": nope}"), "bad.json:2:15: invalid JSON: invalid character 'o' in literal null (expecting 'u')"},
		{recordings.ErrNotRecording, "not a recording"},
		{fmt.Errorf("x.json: %w; nor a cassette recview reads (cassette: x.json: no interactions)", recordings.ErrNotRecording), "x.json: not a recording; nor a cassette recview reads (x.json: no interactions)"},
		{errors.New("the review: diff: of two files"), "the review: of two files"},
		{errors.New("recordings"), "recordings"},
	} {
		if got := errorText(c.err); got != c.want {
			t.Errorf("errorText(%q) = %q, want %q", c.err, got, c.want)
		}
	}
	if got := errorText(yamlErr); got == yamlErr.Error() || got[:len("c.yaml")] != "c.yaml" {
		t.Errorf("errorText(%q) = %q, want it to begin with the file's name", yamlErr, got)
	}
}
