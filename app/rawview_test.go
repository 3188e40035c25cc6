package app

import (
	"fmt"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/valyala/fastjson"
)

// TestRawFoldLongList: a list longer than maxRawItems folds out its first
// maxRawItems elements and says how many it leaves out; a shorter one
// shows all.
func TestRawFoldLongList(t *testing.T) {
	for _, n := range []int{3, maxRawItems, maxRawItems + 5} {
		items := make([]string, n)
		for i := range items {
			items[i] = fmt.Sprint(i) // a number folds as one <details>
		}
		v := fastjson.MustParse("[" + strings.Join(items, ",") + "]")
		html := app.HTMLString(rawFold("body", v, 0))
		shown := min(n, maxRawItems)
		if got := strings.Count(html, "<details"); got != shown+1 {
			t.Errorf("%d elements: %d folds, want %d and the list's own", n, got-1, shown)
		}
		if !strings.Contains(html, fmt.Sprintf("<code>[%d]</code>", shown-1)) || strings.Contains(html, fmt.Sprintf("<code>[%d]</code>", shown)) {
			t.Errorf("%d elements: the last fold is not [%d]", n, shown-1)
		}
		note := fmt.Sprintf("%d more elements not shown here (%d in all)", n-maxRawItems, n)
		if strings.Contains(html, note) != (n > maxRawItems) {
			t.Errorf("%d elements: note %q present %v", n, note, !(n > maxRawItems))
		}
	}
}
