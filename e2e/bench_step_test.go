//go:build e2e && bench

package e2e

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// stepHooks measures stepping in the page, installed once a stream is
// open: window.__stepBench holds heldKey, begin and end (a drag the test
// makes with the mouse) and steps, each resolving to its figures. A
// frame is timed when its animation frame callbacks run, with the step
// the page then shows; long tasks are the Long Tasks API's (50 ms or
// more).
const stepHooks = `(() => {
	const stepOf = () => parseInt(document.querySelector('[data-testid=step-label]').textContent, 10);
	const key = (k, repeat) => document.dispatchEvent(new KeyboardEvent('keydown', {key: k, bubbles: true, repeat}));
	const frame = () => new Promise(r => requestAnimationFrame(() => r(performance.now())));
	let last = 0;
	new MutationObserver(() => { last = performance.now(); }).observe(document, {childList: true, subtree: true, characterData: true, attributes: true});
	const quiet = async () => { let q = 0, prev = -1; while (q < 3) { await frame(); if (last === prev) q++; else { q = 0; prev = last; } } };
	const goTo = async k => { const s = document.querySelector('[data-testid=step-slider]'); s.value = k; s.dispatchEvent(new Event('input', {bubbles: true})); await quiet(); };
	const tasks = [];
	new PerformanceObserver(l => { for (const e of l.getEntries()) tasks.push([e.startTime, e.duration]); }).observe({type: 'longtask'});
	const longest = (from, to) => Math.max(0, ...tasks.filter(([s, d]) => s + d >= from && s <= to).map(([, d]) => d));
	let frames = [], on = false;
	const onFrame = () => { if (!on) return; frames.push([performance.now(), stepOf()]); requestAnimationFrame(onFrame); };
	const record = () => { frames = []; on = true; requestAnimationFrame(onFrame); };
	const stop = async () => { await quiet(); on = false; };
	// For each input [time, step]: ms to the first frame after it that
	// shows its step or a later input's (a newer state drawn in its place).
	const latencies = inputs => inputs.map(([t], i) => {
		const later = new Set(inputs.slice(i).map(x => x[1]));
		const f = frames.find(([ft, s]) => ft > t && later.has(s));
		return f ? f[0] - t : 1e9;
	});
	// The floor of those: ms to the first frame after each input, the
	// soonest any page could show it.
	const nextFrames = inputs => inputs.map(([t]) => { const f = frames.find(([ft]) => ft > t); return f ? f[0] - t : 1e9; });
	// How many inputs the first frame after them shows (their step or a
	// later input's).
	const inFrame = inputs => inputs.filter(([t], i) => {
		const f = frames.find(([ft]) => ft > t);
		return f && inputs.slice(i).some(x => x[1] === f[1]);
	}).length;
	const drawn = inputs => inputs.filter(([, k]) => frames.some(([, s]) => s === k)).length;
	// What a step changed in the page, for the floor to write again as
	// the viewer did: the step label, the slider's value, the answer's
	// Markdown pieces from the first that changed (the viewer keeps those
	// before it, and writes the rest as HTML; the answer's elements when
	// it is not Markdown) and the step's raw chunk.
	const el = id => document.querySelector('[data-testid=' + id + ']');
	const md = () => document.querySelector('[data-testid=assembled] .md') || el('assembled');
	const parts = () => md() ? [...md().children].map(p => p.outerHTML) : [];
	const chunkText = () => el('step-chunk') ? el('step-chunk').textContent : null;
	const snapshot = before => {
		const now = parts();
		let keep = 0;
		while (keep < now.length && keep < before.length && now[keep] === before[keep]) keep++;
		return {label: el('step-label').textContent, value: el('step-slider').value, keep, html: now.slice(keep).join(''), chunk: chunkText()};
	};
	const write = w => {
		el('step-label').firstChild.nodeValue = w.label;
		el('step-slider').value = w.value;
		const m = md();
		if (w.keep === 0) m.innerHTML = w.html;
		else { while (m.children.length > w.keep) m.lastElementChild.remove(); m.insertAdjacentHTML('beforeend', w.html); }
		if (w.chunk !== null && el('step-chunk')) el('step-chunk').firstChild.nodeValue = w.chunk;
	};
	// A key sent at a random time in the frame (as a person's comes),
	// then the page left to settle: key → the first frame after the
	// page's last change.
	const timedKey = async k => {
		record();
		await new Promise(r => setTimeout(r, Math.random() * 17));
		const t0 = performance.now();
		last = 0;
		key(k, false);
		await stop();
		const f = frames.find(([ft]) => ft > Math.max(last, t0));
		return f ? f[0] - t0 : 1e9;
	};
	// The keys of steps: → from the middle, End at every tenth, Home
	// after it (then back to the middle, untimed).
	const stepKey = i => i % 10 === 8 ? 'End' : i % 10 === 9 ? 'Home' : 'ArrowRight';
	window.__stepBench = {
		// A held →: n keydowns at hz a second from step from, each sent
		// in a task of its own when due; those due while the page was
		// busy are sent one after the other, as the browser queues input,
		// and are timed from when they were due.
		// With floor set, the keys are answered by plain JavaScript that
		// writes what the viewer's steps changed (prepareHeld), the viewer
		// not told of them; the page is first written as it was at step
		// from.
		heldKey: async (from, n, hz, floor) => {
			let answer = null;
			if (floor) {
				const {base, writes} = window.__heldWrites;
				write(base);
				await quiet();
				let i = 0;
				answer = e => { e.stopImmediatePropagation(); if (i < writes.length) write(writes[i++]); };
			} else await goTo(from);
			const start = stepOf();
			if (answer) window.addEventListener('keydown', answer, true);
			record();
			const inputs = [], t0 = performance.now() + 20, period = 1000 / hz, ch = new MessageChannel();
			await new Promise(done => {
				let sent = 0;
				const pump = () => {
					if (sent < n && t0 + sent * period <= performance.now()) {
						inputs.push([t0 + sent * period, start + sent + 1]);
						key('ArrowRight', sent > 0);
						sent++;
					}
					if (sent >= n) { done(); return; }
					const wait = t0 + sent * period - performance.now();
					if (wait <= 0) ch.port2.postMessage(0); else setTimeout(pump, wait);
				};
				ch.port1.onmessage = pump;
				setTimeout(pump, 20);
			});
			await stop();
			if (answer) window.removeEventListener('keydown', answer, true);
			const changes = frames.filter((f, i) => i > 0 && f[1] !== frames[i - 1][1]);
			const end = changes.length ? changes[changes.length - 1][0] : t0;
			return {lat: latencies(inputs), floor: nextFrames(inputs), inFrame: inFrame(inputs), drawn: drawn(inputs), changes: changes.length,
				seconds: (end - t0) / 1000, longest: longest(t0, performance.now()), final: stepOf(), want: start + n};
		},
		// The slider dragged by the mouse, the test sending the events:
		// begin goes to step from and records the slider's input events
		// and the frames; end measures them.
		begin: async from => {
			await goTo(from);
			window.__dragInputs = [];
			window.__dragT0 = performance.now();
			window.__onDragInput = e => window.__dragInputs.push([performance.now(), parseInt(e.target.value, 10)]);
			document.addEventListener('input', window.__onDragInput, true);
			record();
			const r = document.querySelector('[data-testid=step-slider]').getBoundingClientRect();
			return [r.left, r.top, r.width, r.height];
		},
		end: async () => {
			await stop();
			document.removeEventListener('input', window.__onDragInput, true);
			const inputs = window.__dragInputs;
			return {lat: latencies(inputs), floor: nextFrames(inputs), inFrame: inFrame(inputs), drawn: drawn(inputs), moves: inputs.length,
				longest: longest(window.__dragT0, performance.now()), final: stepOf(), want: inputs.length ? inputs[inputs.length - 1][1] : -1};
		},
		// What n → from step from change in the page, taken from the
		// viewer a key at a time, for heldKey's floor.
		prepareHeld: async (from, n) => {
			await goTo(from);
			const base = snapshot([]), writes = [];
			for (let i = 0; i < n; i++) { const before = parts(); key('ArrowRight', false); await quiet(); writes.push(snapshot(before)); }
			window.__heldWrites = {base, writes};
			return writes.length;
		},
		// n keys (stepKey) from step from, each once the page is quiet:
		// key → the first frame after the page's last change; what each
		// changed is kept for stepsFloor.
		steps: async (from, n) => {
			await goTo(from);
			const base = snapshot([]), keys = [], writes = [];
			for (let i = 0; i < n; i++) {
				const before = parts();
				keys.push(await timedKey(stepKey(i)));
				writes.push(snapshot(before));
				if (stepKey(i) === 'Home') await goTo(from);
			}
			window.__stepWrites = {base, writes};
			return keys;
		},
		// The floor of steps: the same keys, the page first written as it
		// was at their first step, each answered by plain JavaScript that
		// writes what the viewer's step changed (label, slider, the
		// Markdown pieces it rewrote, the raw chunk), the viewer not told
		// of them. The viewer's page is not the viewer's after it.
		stepsFloor: async () => {
			const {base, writes} = window.__stepWrites;
			write(base);
			await quiet();
			let w = null;
			const answer = e => { e.stopImmediatePropagation(); write(w); };
			window.addEventListener('keydown', answer, true);
			const floor = [];
			for (let i = 0; i < writes.length; i++) {
				w = writes[i];
				floor.push(await timedKey(stepKey(i)));
				if (stepKey(i) === 'Home') { write(base); await quiet(); }
			}
			window.removeEventListener('keydown', answer, true);
			return floor;
		},
	};
})()`

// heldRun is what one held key gave: each repeat's latency (ms) and
// its floor (the first frame after it), how many the first frame after
// them showed, the repeats whose own step was drawn, the step changes
// drawn in how many seconds, the longest task, and the step reached
// against the one wanted.
type heldRun struct {
	Lat     []float64
	Floor   []float64
	InFrame int
	Drawn   int
	Changes int
	Seconds float64
	Longest float64
	Final   int
	Want    int
}

// dragRun is what one drag of the slider gave, as heldRun.
type dragRun struct {
	Lat     []float64
	Floor   []float64
	InFrame int
	Drawn   int
	Moves   int
	Longest float64
	Final   int
	Want    int
}

// dragSlider drags the step slider with the mouse from its left end to
// near its right, moves moves 16 ms apart (a mouse's pace), through the
// browser's input (CDP), so that the page gets real input events.
func dragSlider(tb *tab, box []float64, moves int) {
	tb.t.Helper()
	y := box[1] + box[3]/2
	at := func(i int) float64 { return box[0] + 2 + box[2]*float64(i)/float64(moves+1) }
	tb.do(chromedp.Func(func(ctx context.Context, target *chromedp.Target) error {
		mouse := func(kind input.DispatchMouseEventType, x float64) error {
			p := input.DispatchMouseEventParams{Type: kind, X: x, Y: y, Button: input.MouseButtonLeft, Buttons: 1}
			if kind != input.DispatchMouseEventTypeMouseMoved {
				p.ClickCount = 1
			}
			_, err := cdp.Call(ctx, target, input.DispatchMouseEvent, p)
			return err
		}
		if err := mouse(input.DispatchMouseEventTypeMousePressed, at(0)); err != nil {
			return err
		}
		for i := 1; i <= moves; i++ {
			time.Sleep(16 * time.Millisecond)
			if err := mouse(input.DispatchMouseEventTypeMouseMoved, at(i)); err != nil {
				return err
			}
		}
		return mouse(input.DispatchMouseEventTypeMouseReleased, at(moves))
	}))
}

// TestBenchStep measures stepping through two long streams whose answers
// are Markdown (the corpus's 1,399-chunk stream and a recorder's of 861
// chunks), three runs each in a fresh page: a held → (90 repeats at 30 a
// second from a third of the stream: steps drawn a second, the longest
// task, keydown → the first frame showing its step or a later one), then
// the same keys answered by plain JavaScript making the viewer's changes;
// the slider dragged by the mouse (60 moves: input → the first frame
// showing it); each beside the first frame after each input; and 20
// single keys from the middle of the stream (→, End, Home), the answer
// drawn as Markdown: key → the first frame after the page's last change,
// beside plain JavaScript making the same changes to the page.
func TestBenchStep(t *testing.T) {
	type stream struct {
		what   string
		path   string
		chunks int
	}
	fmt.Println("\n| stepping, in headless Chromium (three runs a stream) | measured | budget | |\n|---|---|---|---|")
	for _, s := range []stream{{"the 1,399-chunk stream", corpus(largestStream), 1399}, {"the 861-chunk stream", pizzaStream, 861}} {
		var held, heldFloor []heldRun
		var drags []dragRun
		var keys, keysFloor []float64
		for range 3 {
			tb := hookedTab(t)
			tb.open("/")
			tb.upload(s.path)
			tb.waitStep(s.chunks, s.chunks)
			time.Sleep(2 * time.Second) // the page idle: a local file's link encoded
			tb.do(chromedp.Evaluate[chromedp.Void](stepHooks))
			h := awaitJS[heldRun](tb, fmt.Sprintf(`window.__stepBench.heldKey(%d, 90, 30)`, s.chunks/3))
			if h.Final != h.Want {
				t.Errorf("%s: a held key ended at step %d, want %d", s.what, h.Final, h.Want)
			}
			held = append(held, h)
			box := awaitJS[[]float64](tb, `window.__stepBench.begin(0)`)
			dragSlider(tb, box, 60)
			d := awaitJS[dragRun](tb, `window.__stepBench.end()`)
			if d.Final != d.Want || d.Moves < 50 {
				t.Errorf("%s: the drag ended at step %d, want %d (%d moves)", s.what, d.Final, d.Want, d.Moves)
			}
			drags = append(drags, d)
			keys = append(keys, awaitJS[[]float64](tb, fmt.Sprintf(`window.__stepBench.steps(%d, 20)`, s.chunks/2))...)
			// The floors last: they write into the viewer's page.
			awaitJS[int](tb, fmt.Sprintf(`window.__stepBench.prepareHeld(%d, 90)`, s.chunks/3))
			keysFloor = append(keysFloor, awaitJS[[]float64](tb, `window.__stepBench.stepsFloor()`)...)
			f := awaitJS[heldRun](tb, fmt.Sprintf(`window.__stepBench.heldKey(%d, 90, 30, true)`, s.chunks/3))
			if f.Final != f.Want {
				t.Errorf("%s: the floor's held key ended at step %d, want %d", s.what, f.Final, f.Want)
			}
			heldFloor = append(heldFloor, f)
			tb.close()
		}
		var rates, longest, lat, latFloor, dragLat, dragFloor, dragLongest []float64
		drawn, repeats, repeatsIn, moves, movesIn := 0, 0, 0, 0, 0
		for _, h := range held {
			rates = append(rates, float64(h.Changes)/h.Seconds)
			longest = append(longest, h.Longest)
			lat, latFloor = append(lat, h.Lat...), append(latFloor, h.Floor...)
			drawn, repeats, repeatsIn = drawn+h.Drawn, repeats+len(h.Lat), repeatsIn+h.InFrame
		}
		for _, d := range drags {
			dragLat, dragFloor = append(dragLat, d.Lat...), append(dragFloor, d.Floor...)
			dragLongest = append(dragLongest, d.Longest)
			moves, movesIn = moves+d.Moves, movesIn+d.InFrame
		}
		fmt.Println(benchRow{fmt.Sprintf("%s, → held (30 repeats a second, 90 a run): steps drawn a second; repeats whose own step was drawn", s.what),
			fmt.Sprintf("%.1f (%.1f–%.1f); %d of %d", median(rates), slices.Min(rates), slices.Max(rates), drawn, repeats), "30; every one", slices.Min(rates) >= 29.5 && drawn == repeats})
		fmt.Println(benchRow{"… longest task", fmt.Sprintf("%.0f ms (runs: %.0f, %.0f, %.0f)", slices.Max(longest), longest[0], longest[1], longest[2]), "< 50 ms", slices.Max(longest) < 50})
		fmt.Println(benchRow{"… a repeat's keydown → the first frame showing its step (or a later one); repeats shown by the first frame after them", fmt.Sprintf("median %.1f ms, max %.1f; %d of %d", median(lat), slices.Max(lat), repeatsIn, repeats), "17 ms, 50 ms", median(lat) <= 17 && slices.Max(lat) <= 50})
		fmt.Println(benchRow{"… the floor: a repeat's keydown → the first frame after it", fmt.Sprintf("median %.1f ms, max %.1f", median(latFloor), slices.Max(latFloor)), "", false})
		var jsRates, jsLongest, jsLat []float64
		jsDrawn := 0
		for _, f := range heldFloor {
			jsRates, jsLongest, jsLat = append(jsRates, float64(f.Changes)/f.Seconds), append(jsLongest, f.Longest), append(jsLat, f.Lat...)
			jsDrawn += f.Drawn
		}
		fmt.Println(benchRow{"… the floor: plain JavaScript answering the same held key with the same changes (label, slider, the Markdown pieces each step rewrote, the raw chunk): steps drawn a second; repeats drawn; longest task; keydown → the first frame showing its step", fmt.Sprintf("%.1f (%.1f–%.1f); %d of %d; %.0f ms (runs: %.0f, %.0f, %.0f); median %.1f ms, max %.1f", median(jsRates), slices.Min(jsRates), slices.Max(jsRates), jsDrawn, repeats, slices.Max(jsLongest), jsLongest[0], jsLongest[1], jsLongest[2], median(jsLat), slices.Max(jsLat)), "", false})
		fmt.Println(benchRow{"… the slider dragged by the mouse (60 moves a run): input → the first frame showing it; moves shown by the first frame after them", fmt.Sprintf("median %.1f ms, max %.1f; %d of %d", median(dragLat), slices.Max(dragLat), movesIn, moves), "the frame after each move", movesIn == moves})
		fmt.Println(benchRow{"… the floor: input → the first frame after it", fmt.Sprintf("median %.1f ms, max %.1f", median(dragFloor), slices.Max(dragFloor)), "", false})
		fmt.Println(benchRow{"… longest task while dragging", fmt.Sprintf("%.0f ms", slices.Max(dragLongest)), "< 50 ms", slices.Max(dragLongest) < 50})
		fmt.Println(benchRow{"… a key from the middle (→, End every tenth, Home after it; 20 a run), the answer drawn as Markdown: key → the first frame after the page's last change", fmt.Sprintf("median %.1f ms, max %.1f", median(keys), slices.Max(keys)), "17 ms, 50 ms", median(keys) <= 17 && slices.Max(keys) <= 50})
		fmt.Println(benchRow{"… the floor: plain JavaScript writing the same changes (label, slider, the Markdown pieces the step rewrote, the raw chunk); the viewer against it", fmt.Sprintf("median %.1f ms, max %.1f; %.2f×", median(keysFloor), slices.Max(keysFloor), median(keys)/median(keysFloor)), "", false})
	}
}
