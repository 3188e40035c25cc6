package app

import "testing"

// looksNotFound knows replay's three messages, and nothing else.
func TestLooksNotFound(t *testing.T) {
	for text, want := range map[string]bool{
		"E   RuntimeError: Recording not found for request hash: ab": true,
		"Recording not found for genai request hash: ab":             true,
		"No recorded response found for request hash: ab":            true,
		"https://github.com/ogx-ai/ogx/pull/3681":                    false,
		`{"request": {}, "response": {}}`:                            false,
	} {
		if looksNotFound(text) != want {
			t.Errorf("looksNotFound(%q) = %v", text, !want)
		}
	}
}
