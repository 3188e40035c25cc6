package app

import (
	"os"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// seedToolCall is a gallery sample, a streamed tool call of 18 chunks
// (len(response.body) in the file, counted with Python's json module).
const (
	seedToolCall       = "4078aa36a9cbcb50c445a46d69fb9126952d1c85f3d413125b034730e51b6508.json"
	seedToolCallChunks = 18
)

// openSample prepares a gallery sample as the page does (newDoc).
func openSample(t *testing.T, name string) *openDoc {
	t.Helper()
	data, err := os.ReadFile("../web/samples/" + name)
	if err != nil {
		t.Fatal(err)
	}
	d, err := newDoc(name, data)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestStepBarRender: the step bar shows "k / N", a slider over 0..N at k,
// previous and next buttons disabled at the ends, Play or Pause, and one
// strip mark per chunk.
func TestStepBarRender(t *testing.T) {
	d := openSample(t, seedToolCall)
	const n = seedToolCallChunks
	if d.stepper == nil || d.stepper.Len() != n {
		t.Fatalf("the sample opens with a stepper of %v steps, want %d", d.stepper, n)
	}
	tests := []struct {
		name          string
		step          int
		playing       bool
		prev, next    bool // disabled
		label, button string
	}{
		{"start", 0, false, true, false, "0 / 18", "Play"},
		{"middle", 5, false, false, false, "5 / 18", "Play"},
		{"end, playing", n, true, false, true, "18 / 18", "Pause"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			html := sortedAttrs(app.HTMLString((&stepBar{}).Doc(d).Step(tc.step).Playing(tc.playing).Speed(10)))
			if want := `data-testid="step-label">` + tc.label + `</span>`; !strings.Contains(html, want) {
				t.Errorf("no %q in:\n%s", want, html)
			}
			slider := tag(t, html, `data-testid="step-slider"`)
			for _, want := range []string{`max="18"`, `min="0"`, `value="` + strings.Fields(tc.label)[0] + `"`, `type="range"`} {
				if !strings.Contains(slider, want) {
					t.Errorf("slider %s lacks %s", slider, want)
				}
			}
			for _, b := range []struct {
				label    string
				disabled bool
			}{{"Previous chunk", tc.prev}, {"Next chunk", tc.next}} {
				button := tag(t, html, `aria-label="`+b.label+`"`)
				// go-app writes Disabled(false) as disabled="false"; in
				// the browser it sets the property disabled to false.
				got := strings.Contains(button, " disabled") && !strings.Contains(button, `disabled="false"`)
				if got != b.disabled {
					t.Errorf("%s button %s: disabled %v, want %v", b.label, button, got, b.disabled)
				}
			}
			if want := `aria-label="Play or pause"`; !strings.Contains(html, want) || !strings.Contains(html, ">"+tc.button+"</button>") {
				t.Errorf("no %s button in:\n%s", tc.button, html)
			}
			if got := strings.Count(html, `<span class="mark `); got != n {
				t.Errorf("%d strip marks, want %d", got, n)
			}
			if !strings.Contains(html, `data-k="18"`) || !strings.Contains(html, `data-k="1"`) {
				t.Errorf("the strip's marks are not chunks 1..18:\n%s", html)
			}
		})
	}
}

// tag returns the start tag of html that holds attr.
func tag(t *testing.T, html, attr string) string {
	t.Helper()
	i := strings.Index(html, attr)
	if i < 0 {
		t.Fatalf("no element with %s in:\n%s", attr, html)
	}
	start := strings.LastIndexByte(html[:i], '<')
	end := strings.IndexByte(html[i:], '>')
	return html[start : i+end+1]
}
