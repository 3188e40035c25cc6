package app

import (
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// TestTopBarRender: the top bar has the URL box, the file and folder
// pickers, and a theme switch labelled with the current theme.
func TestTopBarRender(t *testing.T) {
	for _, tc := range []struct{ theme, label string }{
		{"", "◐ System"}, {"light", "☀ Light"}, {"dark", "☾ Dark"},
	} {
		t.Run("theme "+tc.label, func(t *testing.T) {
			html := sortedAttrs(app.HTMLString((&topBar{}).Theme(tc.theme)))
			if want := `aria-label="Switch theme" class="button ghost" title="Theme: follow the system, light or dark">` + tc.label + `</button>`; !strings.Contains(html, want) {
				t.Errorf("no %q in:\n%s", want, html)
			}
			for _, want := range []string{
				`<input aria-label="Open a recording by URL" class="url-box" data-testid="url-input"`,
				`<input accept=".json,.yaml,.yml,.har,.httprr,.gz,.txt,application/json,application/yaml" aria-label="Open recording files" data-testid="file-input" multiple type="file">`,
				`<input aria-label="Open a recordings folder" data-testid="folder-input" type="file" webkitdirectory>`,
			} {
				if !strings.Contains(html, want) {
					t.Errorf("no %q in:\n%s", want, html)
				}
			}
		})
	}
}
