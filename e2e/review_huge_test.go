//go:build e2e

package e2e

import (
	"bytes"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/recview/recview/internal/tools/fakegithub"
)

// writeHugeRecording writes a recording of size bytes to w (with CORS
// headers and its Content-Length): a chat completion whose answer is "a "
// again and again, written a piece at a time, never held whole.
func writeHugeRecording(w http.ResponseWriter, id string, size int) {
	head := `{"test_id": "tests/integration/test_huge.py::test_huge[` + id + `]", "request": {"method": "POST", "url": "http://localhost:11434/v1/chat/completions", "headers": {},
  "body": {"model": "llama3.2:3b", "messages": [{"role": "user", "content": "Say a lot"}]}, "endpoint": "/v1/chat/completions", "model": "llama3.2:3b"},
  "response": {"is_streaming": false, "body": {"__type__": "openai.types.chat.chat_completion.ChatCompletion", "__data__": {"id": "x", "object": "chat.completion", "created": 1, "model": "llama3.2:3b",
  "choices": [{"index": 0, "message": {"role": "assistant", "content": "`
	tail := `"}, "finish_reason": "length"}]}}}}`
	w.Header().Set("Access-Control-Allow-Origin", "*")
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Content-Length", strconv.Itoa(size))
	w.Write([]byte(head))
	chunk := bytes.Repeat([]byte("a "), 32<<10)
	left := size - len(head) - len(tail)
	for left > 0 {
		k := min(left, len(chunk))
		if _, err := w.Write(chunk[:k]); err != nil {
			return // the page stopped the download
		}
		left -= k
	}
	w.Write([]byte(tail))
}

// rendererRSS follows the resident memory of the browser's renderer
// processes (the page and its worker run in one), from /proc, every 50
// ms until stop, which returns the largest one seen, in bytes.
func rendererRSS(t *testing.T) (stop func() int64) {
	t.Helper()
	var peak atomic.Int64
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			procs, _ := filepath.Glob("/proc/[0-9]*/cmdline")
			for _, c := range procs {
				cmd, err := os.ReadFile(c)
				if err != nil || !bytes.Contains(cmd, []byte("--type=renderer")) || !bytes.Contains(cmd, []byte(shared.profile)) {
					continue
				}
				st, err := os.ReadFile(filepath.Join(filepath.Dir(c), "status"))
				if err != nil {
					continue
				}
				for _, line := range strings.Split(string(st), "\n") {
					if kb, ok := strings.CutPrefix(line, "VmRSS:"); ok {
						n, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(kb), "kB")), 10, 64)
						if n<<10 > peak.Load() {
							peak.Store(n << 10)
						}
					}
				}
			}
			select {
			case <-done:
				return
			case <-time.After(50 * time.Millisecond):
			}
		}
	}()
	return func() int64 {
		close(done)
		wg.Wait()
		return peak.Load()
	}
}

// TestReviewHugePull: a pull request that adds 50 recordings of 60 MB
// each (3 GB). The review downloads 256 MB at most (github.MaxDownload):
// it says how many recordings it did not fetch, reviews those it did,
// and the page's process (the page and its worker) stays under 1 GB.
func TestReviewHugePull(t *testing.T) {
	const n, size = 50, 60 << 20
	head := map[string][]byte{}
	for i := range n {
		head[fmt.Sprintf("tests/integration/recordings/huge-%02d.json", i)] = []byte("{}") // served by raw below
	}
	gh := fakegithub.New("ogx-ai", "ogx", 77, map[string][]byte{"README.md": []byte("x")}, head)
	var served atomic.Int64
	raw := serveLoopback(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		served.Add(1)
		writeHugeRecording(w, strings.TrimSuffix(filepath.Base(r.URL.Path), ".json"), size)
	}))
	tb := newTab(t)
	tb.serveGitHubRaw(gh, raw)
	stop := rendererRSS(t)
	tb.open("/#v=2&pr=ogx-ai/ogx/77")
	tb.waitForWithin(90*time.Second, "the summary", q(sel("review-summary"))+` || `+q(sel("review-error")))
	if msg, ok := tb.text(sel("review-error")); ok {
		t.Fatalf("the review failed: %s", msg)
	}
	notes := eval[string](tb, `(document.querySelector('details.missed') || {textContent: ""}).textContent`)
	kept := 256 / 60 // whole recordings that fit the budget
	if !strings.Contains(notes, fmt.Sprintf("%d recordings not fetched", n-kept)) || !strings.Contains(notes, "256 MB") {
		t.Errorf("notes %q, want %d recordings not fetched at 256 MB", notes, n-kept)
	}
	tb.waitFor(fmt.Sprintf("%d rows", kept), fmt.Sprintf(`document.querySelectorAll('[data-testid=review-row]').length === %d`, kept))
	time.Sleep(time.Second) // the worker ends a second after its answer
	peak := stop()
	t.Logf("peak resident memory of a renderer: %d MB; %d downloads started", peak>>20, served.Load())
	if peak > 1<<30 {
		t.Errorf("a renderer's resident memory reached %d MB: want under 1 GB", peak>>20)
	}
	if peak == 0 {
		t.Errorf("no renderer process of the test's browser found in /proc")
	}
}

// TestReviewRawTooBig: a recording of 64 MB and one byte in a pull
// request is refused from its Content-Length, before its body is read:
// its pair is left out and noted, the rest reviewed.
func TestReviewRawTooBig(t *testing.T) {
	base, head := readSet(t, "instructions-param-3741")
	gh := fakegithub.New("ogx-ai", "ogx", 3741, base, head)
	big := firstKey(head)
	var sent atomic.Int64
	raw := serveLoopback(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/"+big) && strings.Contains(r.URL.Path, gh.HeadSHA) {
			hw := &countingWriter{ResponseWriter: w, n: &sent}
			writeHugeRecording(hw, "big", 64<<20+1)
			return
		}
		r.Host = "raw.githubusercontent.com"
		gh.ServeHTTP(w, r)
	}))
	tb := newTab(t)
	tb.serveGitHubRaw(gh, raw)
	tb.open("/#v=2&pr=ogx-ai/ogx/3741")
	tb.visible(sel("review-summary"))
	notes := eval[string](tb, `(document.querySelector('details.missed') || {textContent: ""}).textContent`)
	if !strings.Contains(notes, big) || !strings.Contains(notes, "64.0 MB is more than the viewer opens (64 MB)") {
		t.Errorf("notes %q, want %s refused as more than 64 MB", notes, big)
	}
	tb.click(sel("review-unfold"))
	tb.waitFor("the other rows", q(sel("review-row")))
	if eval[bool](tb, q(sel("review-row")+`[data-head="`+big+`"]`)+` !== null`) {
		t.Errorf("%s is in the table", big)
	}
	if n := sent.Load(); n > 16<<20 {
		t.Errorf("the server sent %d MB of the refused file: the download was not stopped at its headers", n>>20)
	}
}

// countingWriter counts the bytes written through it into n.
type countingWriter struct {
	http.ResponseWriter
	n *atomic.Int64
}

func (w *countingWriter) Write(b []byte) (int, error) {
	k, err := w.ResponseWriter.Write(b)
	w.n.Add(int64(k))
	return k, err
}
