//go:build e2e && bench

package e2e

import (
	"fmt"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// secondStream is another stream of the corpus (394 Responses API
// events, 219 KB): the warm open, after the first.
const secondStream = "tests__integration__recordings__responses__cd094caaf1c0.json"

// openUntilComplete is the script that times a recording chosen in the
// page's file input, from the input's change event to the first frame
// after its view is complete: its title is file and its step label reads
// "N / N" for its chunk count (chunks). window.__open holds the time, in
// ms, once known.
func openUntilComplete(file string, chunks int) string {
	return `(() => {
		window.__open = 0;
		let t0 = 0;
		const input = document.querySelector('[data-testid=file-input]');
		input.addEventListener('change', () => { t0 = performance.now(); }, {capture: true, once: true});
		const done = () => {
			const title = document.querySelector('[data-testid=recording-title]');
			const label = document.querySelector('[data-testid=step-label]');
			return title && title.textContent === ` + jsq(file) + ` && label && label.textContent === '` + fmt.Sprint(chunks, " / ", chunks) + `' && document.querySelector('[data-testid=assembled]');
		};
		new MutationObserver((_, obs) => {
			if (t0 && done()) { obs.disconnect(); requestAnimationFrame(() => { window.__open = performance.now() - t0; }); }
		}).observe(document, {childList: true, subtree: true, characterData: true});
	})()`
}

// jsFloor is what plain JavaScript in tb's page takes to read the files
// at paths (File.text(), all at once; with folder, every .json file of
// each folder) and JSON.parse them, in ms, and how many it read: the floor
// the viewer's reading of them is held to. Each path goes to a file input
// the script adds outside the app's tree, removed after.
func jsFloor(tb *tab, folder bool, paths ...string) (ms float64, files int) {
	tb.t.Helper()
	for i, p := range paths {
		abs, err := filepath.Abs(p)
		if err != nil {
			tb.t.Fatal(err)
		}
		id := fmt.Sprintf("floor-%d", i)
		tb.do(chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => {
			const i = document.createElement("input");
			i.type = "file"; i.multiple = true; i.webkitdirectory = %v; i.id = %q; i.hidden = true; i.className = "floor";
			document.documentElement.append(i); // outside the body go-app draws
		})()`, folder, id)))
		tb.do(chromedp.SetUploadFiles(chromedp.CSS("#"+id), []string{abs}))
		tb.waitFor("the files of "+p, `document.querySelector("#`+id+`").files.length > 0`)
	}
	got := awaitJS[[]float64](tb, `(async () => {
		const inputs = [...document.querySelectorAll("input.floor")];
		const files = inputs.flatMap(i => [...i.files]).filter(f => `+fmt.Sprint(!folder)+` || f.name.endsWith(".json"));
		const t = performance.now();
		const texts = await Promise.all(files.map(f => f.text()));
		for (const s of texts) JSON.parse(s);
		const d = performance.now() - t;
		inputs.forEach(i => i.remove());
		return [d, files.length];
	})()`)
	return got[0], int(got[1])
}

// dropFloor is jsFloor with the drop's own work: what plain JavaScript
// in tb's page takes, from the drop event of the folders at paths, to
// walk them by their File System Access handles (as the viewer lists a
// dropped folder), get every .json file's File, read them all at once
// and JSON.parse them, in ms, and how many it read. A capturing listener
// keeps that one drop from the viewer, and removes itself after it.
func dropFloor(tb *tab, paths ...string) (ms float64, files int) {
	tb.t.Helper()
	tb.do(chromedp.Evaluate[chromedp.Void](`(() => {
		window.__dropFloor = null;
		const onDrop = async e => {
			e.preventDefault();
			e.stopImmediatePropagation();
			window.removeEventListener('drop', onDrop, true);
			const t = performance.now();
			const dirs = await Promise.all([...e.dataTransfer.items].map(i => i.getAsFileSystemHandle()));
			const handles = [];
			const walk = async d => {
				for await (const h of d.values()) {
					if (h.kind === 'directory') await walk(h);
					else if (h.name.endsWith('.json')) handles.push(h);
				}
			};
			for (const d of dirs) await walk(d);
			const texts = await Promise.all((await Promise.all(handles.map(h => h.getFile()))).map(f => f.text()));
			for (const s of texts) JSON.parse(s);
			window.__dropFloor = [performance.now() - t, texts.length];
		};
		window.addEventListener('drop', onDrop, true);
	})()`))
	tb.dropPaths(paths...)
	tb.waitForWithin(60*time.Second, "the floor's drop", "window.__dropFloor !== null")
	got := eval[[]float64](tb, "window.__dropFloor")
	return got[0], int(got[1])
}

// fileFloor is jsFloor of one file.
func fileFloor(tb *tab, file string) float64 {
	tb.t.Helper()
	ms, _ := jsFloor(tb, false, file)
	return ms
}

// dirFloor is jsFloor of every .json file of dir.
func dirFloor(tb *tab, dir string) float64 {
	tb.t.Helper()
	ms, _ := jsFloor(tb, true, dir)
	return ms
}

// TestBenchOpen measures what a person feels opening a stream, from the
// file input's change event to the frame in which its view is complete:
// the 1,399-chunk stream on a fresh page (cold: app.wasm's first open),
// then another stream in the same page (warm); each beside the floor,
// plain JavaScript in the same page reading and parsing the same file;
// then a step's settle time: from the key (→, End every tenth key, Home
// after it) to the frame after the page's last change.
func TestBenchOpen(t *testing.T) {
	var cold, warm, coldFloor, warmFloor, settle []float64
	for range 5 {
		tb := hookedTab(t)
		tb.open("/")
		tb.waitFor("the gallery", "window.__interactive > 0")
		coldFloor = append(coldFloor, fileFloor(tb, corpus(largestStream)))
		tb.do(chromedp.Evaluate[chromedp.Void](openUntilComplete(largestStream, 1399)))
		tb.upload(corpus(largestStream))
		tb.waitFor("the stream's view", "window.__open > 0")
		cold = append(cold, eval[float64](tb, "window.__open"))

		warmFloor = append(warmFloor, fileFloor(tb, corpus(secondStream)))
		tb.do(chromedp.Evaluate[chromedp.Void](openUntilComplete(secondStream, 394)))
		tb.upload(corpus(secondStream))
		tb.waitFor("the second stream's view", "window.__open > 0")
		warm = append(warm, eval[float64](tb, "window.__open"))

		// Back to the long stream's tab, at its start, then 20 keys.
		tb.do(chromedp.Evaluate[chromedp.Void](`[...document.querySelectorAll('.doc-tab')].find(b => b.title === ` + jsq(largestStream) + `).click()`))
		tb.waitFor("the long stream again", `document.querySelector('[data-testid=recording-title]').textContent === `+jsq(largestStream))
		settle = append(settle, awaitJS[[]float64](tb, `(async () => {
			const key = k => document.dispatchEvent(new KeyboardEvent('keydown', {key: k, bubbles: true}));
			const quiet = async () => { let q = 0, prev = -1; while (q < 3) { await new Promise(r => requestAnimationFrame(r)); if (window.__last === prev) q++; else { q = 0; prev = window.__last; } } };
			window.__last = 0;
			const obs = new MutationObserver(() => { window.__last = performance.now(); });
			obs.observe(document, {childList: true, subtree: true, characterData: true, attributes: true});
			key('Home'); await quiet();
			const out = [];
			for (let i = 0; i < 20; i++) {
				const k = i % 10 === 9 ? 'End' : 'ArrowRight';
				window.__last = 0;
				const t0 = performance.now();
				key(k);
				await quiet();
				const end = await new Promise(r => requestAnimationFrame(r));
				out.push(Math.max(window.__last, t0) - t0);
				if (k === 'End') { key('Home'); await quiet(); }
			}
			obs.disconnect();
			return out;
		})()`)...)
		tb.close()
	}
	fmt.Println("\n| a stream opened, in headless Chromium | measured | budget | |\n|---|---|---|---|")
	fmt.Println(benchRow{"the 1,399-chunk stream (1.1 MB) chosen on a fresh page: change → the frame after its view is complete (median of 5)", fmt.Sprintf("%.0f ms (%.0f–%.0f)", median(cold), slices.Min(cold), slices.Max(cold)), "150 ms", median(cold) < 150})
	fmt.Println(benchRow{"… the floor: plain JavaScript in the same page reads it (File.text()) and JSON.parses it", fmt.Sprintf("%.0f ms", median(coldFloor)), "", false})
	fmt.Println(benchRow{"another stream (394 events, 219 KB) chosen after it, same page: change → view complete", fmt.Sprintf("%.0f ms (%.0f–%.0f)", median(warm), slices.Min(warm), slices.Max(warm)), "100 ms", median(warm) < 100})
	fmt.Println(benchRow{"… the floor, as above", fmt.Sprintf("%.0f ms", median(warmFloor)), "", false})
	fmt.Println(benchRow{fmt.Sprintf("a step on the long stream (→, End; %d keys): key → the page's last change", len(settle)), fmt.Sprintf("median %.1f ms, max %.1f", median(settle), slices.Max(settle)), "16 ms, 50 ms", median(settle) <= 16 && slices.Max(settle) <= 50})
}
