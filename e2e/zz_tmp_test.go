//go:build e2e && bench

package e2e

import (
	"path/filepath"
	"testing"
	"time"
)

func TestTmpMem(t *testing.T) {
	path := filepath.Join(t.TempDir(), "big-stream.json")
	writeBigStream(t, path, 50_000, 50<<20)
	tb := hookedTab(t)
	tb.open("/")
	time.Sleep(2 * time.Second)
	t.Logf("baseline wasm %.0f MB", eval[float64](tb, "window.__wasm.exports.mem.buffer.byteLength")/(1<<20))
	tb.upload(path)
	for i := 0; i < 60; i++ {
		time.Sleep(50 * time.Millisecond)
		t.Logf("%.2fs wasm %.0f MB", float64(i)/20, eval[float64](tb, "window.__wasm.exports.mem.buffer.byteLength")/(1<<20))
		if eval[bool](tb, "!!document.querySelector('[data-testid=assembled]')") {
			break
		}
	}
	time.Sleep(time.Second)
	t.Logf("end wasm %.0f MB", eval[float64](tb, "window.__wasm.exports.mem.buffer.byteLength")/(1<<20))
}
