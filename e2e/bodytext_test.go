//go:build e2e

package e2e

import (
	"strings"
	"testing"
)

// TestBodyTextDrawn opens two documents pydantic-ai's tests fetched
// before sending them to a model (read in the cassettes): W3C's
// ISO 8859-1 table as text/plain, drawn as its text, lines kept, not as
// one JSON string; a JPEG kept in base64, drawn as the image with its
// base64 folded below.
func TestBodyTextDrawn(t *testing.T) {
	t.Run("text", func(t *testing.T) {
		path := cassette("pydantic-ai__tests__models__cassettes__test_openai__test_text_document_url_input.yaml")
		tb := openFirst(t, path)
		tb.waitFor("the text", `!!document.querySelector('.response [data-testid=body-text] pre')`)
		text := eval[string](tb, `document.querySelector('.response [data-testid=body-text] pre').textContent`)
		if !strings.HasPrefix(text, "The following are the graphical (non-control) characters defined by\nISO 8859-1 (1987).") || strings.Contains(text, `\n`) {
			t.Errorf("the text: %.200q", text)
		}
		if got := eval[string](tb, `document.querySelector('.response [data-testid=body-text]').innerText`); !strings.Contains(got, "(text/plain)") {
			t.Errorf("the label lacks the media type: %.200q", got)
		}
		t.Logf("wrote %s", tb.screenshot("text"))
	})
	t.Run("image", func(t *testing.T) {
		path := cassette("pydantic-ai__tests__models__cassettes__test_openai__test_image_url_input_force_download.yaml")
		tb := openFirst(t, path)
		tb.waitFor("the image", `document.querySelector('.response [data-testid=body-image] img')?.complete === true`)
		if w := eval[int](tb, `document.querySelector('.response [data-testid=body-image] img').naturalWidth`); w == 0 {
			t.Errorf("the image does not decode")
		}
		if src := eval[string](tb, `document.querySelector('.response [data-testid=body-image] img').src.slice(0, 31)`); src != "data:image/jpeg;base64,/9j/4AAQ" {
			t.Errorf("the image's source: %q", src)
		}
		t.Logf("wrote %s", tb.screenshot("image"))
		folded := tb.openFold(`document.querySelector('.response [data-testid=body-image] details')`)
		if !strings.Contains(folded, "/9j/4AAQSkZJRgABAQEBLAEsAAD") {
			t.Errorf("the base64 as recorded: %.100q", folded)
		}
	})
}
