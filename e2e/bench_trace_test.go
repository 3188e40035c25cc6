//go:build e2e && bench

package e2e

import (
	"cmp"
	"context"
	"encoding/json"
	"slices"

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
	Args struct {
		SrcFunc string `json:"src_func"` // the function that posted a task
	} `json:"args"`
}

// pageTask is one task of the page's thread (Blink's main thread): when it
// began, in ms after the mark it was measured from; its own work, the
// time its thread ran on a CPU (the trace's thread time, which now and
// then comes larger than the task's wall time: bounded by it), in ms;
// and whether it is a frame (the compositor's BeginMainFrame: the page's
// animation frame callbacks, style, layout and paint).
type pageTask struct {
	At, Own float64
	Frame   bool
}

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
	var run []traceEvent
	for _, e := range whole.TraceEvents {
		if e.Ph == "X" && e.Name == "ThreadControllerImpl::RunTask" && (thread{e.PID, e.TID}) == main && e.TS >= from {
			run = append(run, e)
		}
	}
	slices.SortFunc(run, func(a, b traceEvent) int { return cmp.Compare(a.TS, b.TS) })
	var tasks []pageTask
	end := from // of the last task kept: a task run within it is nested
	for _, e := range run {
		if e.TS < end {
			continue
		}
		end = e.TS + e.Dur
		tasks = append(tasks, pageTask{
			At: (e.TS - from) / 1000, Own: min(e.TDur, e.Dur) / 1000,
			Frame: e.Args.SrcFunc == "ScheduledActionSendBeginMainFrame",
		})
	}
	return tasks
}

// mostOwnBetweenFrames is the most own work the page's thread did from
// the start of one frame to the start of the next (the frame's own work
// included), in ms, and that stretch's wall time: what the page alone
// would hold a frame back by, on a machine with a CPU free for it.
func mostOwnBetweenFrames(tasks []pageTask) (own, wall float64) {
	start, sum := -1.0, 0.0
	for _, t := range tasks {
		if t.Frame {
			if start >= 0 && sum > own {
				own, wall = sum, t.At-start
			}
			start, sum = t.At, 0
		}
		sum += t.Own
	}
	return own, wall
}
