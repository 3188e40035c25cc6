//go:build e2e && bench

package e2e

import (
	"context"
	"encoding/json"

	"github.com/chromedp/cdproto/cdp"
	cdpio "github.com/chromedp/cdproto/io"
	"github.com/chromedp/cdproto/tracing"
	"github.com/chromedp/chromedp"
)

// taskTrace is a Chromium trace of a tab's tasks, started before the page
// loads (started after, it changed the timing of what followed): the
// scheduler's top-level tasks of every thread, with their wall time and
// the time their thread ran on a CPU ("tdur", the thread time), and the
// page's performance marks. It is kept by the browser until it ends
// (Tracing.start's ReturnAsStream), so that the test does no work while
// the page runs: taking the events as they came, the test's own parsing
// of them took the CPU the page waited for.
type taskTrace struct {
	tb   *tab
	done chan cdpio.StreamHandle
}

// startTaskTrace starts a taskTrace of tb; call it before tb.open.
func (tb *tab) startTaskTrace() *taskTrace {
	tb.t.Helper()
	tr := &taskTrace{tb: tb, done: make(chan cdpio.StreamHandle, 1)}
	chromedp.Listen(tb.ctx, func(ev any) {
		if e, ok := ev.(*tracing.EventTracingComplete); ok {
			tr.done <- e.Stream
		}
	})
	tb.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, tracing.Start, tracing.StartParams{
			TraceConfig:  &tracing.TraceConfig{IncludedCategories: []string{"__metadata", "toplevel", "blink.user_timing"}},
			TransferMode: tracing.StartTransferModeReturnAsStream,
		})
		return err
	}))
	return tr
}

// traceEvent is one event of a Chromium trace (the Trace Event Format):
// ts, dur and tdur in µs.
type traceEvent struct {
	Name string  `json:"name"`
	Ph   string  `json:"ph"`
	PID  int     `json:"pid"`
	TID  int     `json:"tid"`
	TS   float64 `json:"ts"`
	Dur  float64 `json:"dur"`
	TDur float64 `json:"tdur"`
}

// pageTask is one task of the page's thread (Blink's main thread): when it
// began, in ms after the mark it was measured from; its wall time; and its
// own work, the time its thread ran on a CPU, in ms.
type pageTask struct{ At, Wall, Own float64 }

// end ends the trace and returns the page's tasks that began after the
// page's performance mark named mark (performance.mark(mark)), in order.
func (tr *taskTrace) end(mark string) []pageTask {
	tb := tr.tb
	tb.t.Helper()
	tb.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, tracing.End, cdp.Empty{})
		return err
	}))
	stream := <-tr.done
	var buf []byte
	tb.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		for {
			r, err := cdp.Call(ctx, tg, cdpio.Read, cdpio.ReadParams{Handle: stream, Size: 1 << 20})
			if err != nil {
				return err
			}
			buf = append(buf, r.Data...)
			if r.EOF {
				_, err := cdp.Call(ctx, tg, cdpio.Close, cdpio.CloseParams{Handle: stream})
				return err
			}
		}
	}))
	var whole struct {
		TraceEvents []traceEvent `json:"traceEvents"`
	}
	if err := json.Unmarshal(buf, &whole); err != nil {
		tb.t.Fatalf("the browser's trace (%d bytes): %v", len(buf), err)
	}
	type thread struct{ pid, tid int }
	var main thread // the mark's thread: the page's
	from := -1.0
	for _, e := range whole.TraceEvents {
		if e.Name == mark {
			from, main = e.TS, thread{e.PID, e.TID}
			break
		}
	}
	if from < 0 {
		tb.t.Fatalf("the browser's trace has no mark %q", mark)
	}
	var tasks []pageTask
	for _, e := range whole.TraceEvents {
		if e.Ph == "X" && e.Name == "ThreadControllerImpl::RunTask" && (thread{e.PID, e.TID}) == main && e.TS >= from {
			tasks = append(tasks, pageTask{At: (e.TS - from) / 1000, Wall: e.Dur / 1000, Own: e.TDur / 1000})
		}
	}
	return tasks
}

// longestOwn is the longest own work (thread time) of tasks, in ms, and
// the wall time of the task that took it.
func longestOwn(tasks []pageTask) (own, wall float64) {
	for _, t := range tasks {
		if t.Own > own {
			own, wall = t.Own, t.Wall
		}
	}
	return own, wall
}
