//go:build e2e

package e2e

import (
	"os"
	"strings"
	"testing"
)

// TestDrop drags a recording over the page and drops it, as the browser
// does for a file from the desktop: a DragEvent whose DataTransfer holds a
// File. While dragging the page shows its drop target; the drop opens the
// file; dropping a file that is not a recording shows an error and keeps
// the recording open.
func TestDrop(t *testing.T) {
	data, err := os.ReadFile(seed(seedHello))
	if err != nil {
		t.Fatal(err)
	}
	tb := newTab(t)
	tb.open("/")
	tb.visible(sel("sample"))
	drag := func(event, name, text string) {
		eval[bool](tb, `(() => {
			const dt = new DataTransfer();
			dt.items.add(new File([`+jsq(text)+`], `+jsq(name)+`, {type: 'application/json'}));
			window.dispatchEvent(new DragEvent(`+jsq(event)+`, {dataTransfer: dt, bubbles: true, cancelable: true}));
			return true;
		})()`)
	}
	drag("dragover", seedHello, string(data))
	tb.waitFor("the drop target to show", `document.querySelector('.page.dragging .drop-target') !== null && getComputedStyle(document.querySelector('.drop-target')).display !== 'none'`)
	drag("drop", seedHello, string(data))
	tb.waitTitle(seedHello)
	tb.waitStep(20, 20)
	tb.waitFor("the drop target to hide", `document.querySelector('.page.dragging') === null`)

	drag("drop", "notes.json", "{not json")
	tb.visible(sel("error"))
	if msg, _ := tb.text(sel("error")); !strings.Contains(msg, "notes.json") {
		t.Errorf("error %q does not name the dropped file", msg)
	}
	if title, _ := tb.text(sel("recording-title")); title != seedHello {
		t.Errorf("after a bad drop the page shows %q, want %s still open", title, seedHello)
	}
}
