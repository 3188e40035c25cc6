//go:build js

package browser

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// Inputs is how many times so far the reader has acted on the page in a
// way that can scroll it (wheel, touchstart, keydown, pointerdown on the
// window, caught on their way down): code that scrolls the page over
// several frames stops once the count moves, leaving the page to the
// reader. The listeners are installed on the first call, which returns 0.
func Inputs() int {
	if inputs < 0 {
		inputs = 0
		count := app.FuncOf(func(app.Value, []app.Value) any { inputs++; return nil })
		opts := map[string]any{"capture": true, "passive": true}
		for _, event := range []string{"wheel", "touchstart", "keydown", "pointerdown"} {
			app.Window().Call("addEventListener", event, count, opts)
		}
	}
	return inputs
}

var inputs = -1
