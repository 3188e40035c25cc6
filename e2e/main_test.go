//go:build e2e

// The browser tests drive the static site that `make dist` builds in
// Debian's headless Chromium, through chromedp. The site is served from the
// -dist folder on a random loopback port, with the headers of netlify.toml
// and dist/_headers (the Content-Security-Policy the site is deployed with). Run them with
// `make test-e2e`, or:
//
//	go test -tags e2e -count=1 ./e2e/ -dist=$PWD/dist -v
//
// A failing test leaves a full-page screenshot of each tab still open in
// e2e/screenshots/<TestName>/failure.png (its first tab; failure-tab2.png
// for its second, and so on); TestScreenshots always writes
// its pictures to e2e/screenshots/TestScreenshots/.

package e2e

import (
	"context"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/recview/recview/internal/tools/netlify"
)

var (
	distFlag    = flag.String("dist", "../dist", "the static site `make dist` wrote")
	netlifyFlag = flag.String("netlify", "../netlify.toml", "the netlify.toml whose headers the site is served with")
)

// chromiumPath is Debian's Chromium (`make deps-chromium` installs it).
const chromiumPath = "/usr/bin/chromium"

const (
	testTimeout = 60 * time.Second // a whole test's browser work
	waitLimit   = 20 * time.Second // one wait for the page to reach a state
)

var (
	dist    string // absolute -dist
	site    *server
	siteErr error

	shared struct {
		once    sync.Once
		ctx     context.Context // the browser's root chromedp context
		cancel  func()          // stops the browser, then the allocator
		profile string
		out     *tailBuffer
		err     error
	}
)

func TestMain(m *testing.M) {
	flag.Parse()
	dist, siteErr = filepath.Abs(*distFlag)
	if siteErr == nil {
		site, siteErr = startServer(dist)
	}
	code := m.Run()
	if shared.cancel != nil {
		shared.cancel()
	}
	if shared.profile != "" {
		os.RemoveAll(shared.profile)
	}
	if site != nil {
		site.Close()
	}
	os.Exit(code)
}

// enterURL types link into the header's URL box and presses Enter.
func (tb *tab) enterURL(link string) {
	tb.t.Helper()
	tb.do(chromedp.SetValue(chromedp.CSS(sel("url-input")), link),
		chromedp.Focus(chromedp.CSS(sel("url-input"))), chromedp.KeyEvent(kb.Enter))
}

// serveLoopback serves h on a loopback port until the test ends, and returns its
// base URL, "http://127.0.0.1:PORT". Closing drops open connections (an
// endless answer does not hold the test up).
func serveLoopback(t testing.TB, h http.Handler) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: h}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return "http://" + ln.Addr().String()
}

// ---------------------------------------------------------------------------
// The static file server

// server serves a dist folder on 127.0.0.1 at a random port.
type server struct {
	URL string // like http://127.0.0.1:12345, no trailing slash
	srv *http.Server
}

func (s *server) Close() error { return s.srv.Close() }

// startServer serves dir as Netlify would: the files, with the headers of
// -netlify (the repository's netlify.toml) and dir/_headers.
func startServer(dir string) (*server, error) {
	if _, err := os.Stat(filepath.Join(dir, "index.html")); err != nil {
		return nil, fmt.Errorf("no built site in %s (run `make dist`, or pass -dist): %w", dir, err)
	}
	if wasm, _ := filepath.Glob(filepath.Join(dir, "v", "*", "web", "app.wasm")); len(wasm) != 1 {
		return nil, fmt.Errorf("want one v/*/web/app.wasm in %s, have %d (run `make dist`)", dir, len(wasm))
	}
	rules, err := netlify.ReadConfig(*netlifyFlag)
	if err != nil {
		return nil, err
	}
	perBuild, err := netlify.ReadHeadersFile(filepath.Join(dir, "_headers"))
	if err != nil {
		return nil, err
	}
	h := append(rules, perBuild...).Handler(http.FileServer(http.Dir(dir)))
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	s := &server{URL: "http://" + ln.Addr().String(), srv: &http.Server{Handler: h}}
	go s.srv.Serve(ln)
	return s, nil
}

// ---------------------------------------------------------------------------
// The browser

// browserOptions are the exact flags the browser starts with; chromedp adds
// --remote-debugging-pipe and the first page, about:blank.
func browserOptions(profile string, out *tailBuffer) []chromedp.ExecAllocatorOption {
	return []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromiumPath),
		chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(profile),
		chromedp.CombinedOutput(out),
	}
}

func checkChromium(t testing.TB) {
	t.Helper()
	if _, err := os.Stat(chromiumPath); err != nil {
		t.Fatalf("Chromium is missing (%v): the browser tests need Debian's chromium at %s; `make deps-chromium` installs it", err, chromiumPath)
	}
}

// startBrowser starts a browser with the given profile folder and returns
// its root context, with a cancel func that stops it and waits for it.
func startBrowser(profile string, out *tailBuffer) (context.Context, func(), error) {
	actx, acancel := chromedp.NewExecAllocator(context.Background(), browserOptions(profile, out)...)
	bctx, bcancel := chromedp.NewContext(actx)
	stop := func() { bcancel(); acancel() }
	// The first Run starts the browser and binds it to bctx: no timeout
	// here, but do not hang forever on a browser that never answers.
	done := make(chan error, 1)
	go func() { done <- chromedp.Do(bctx) }()
	select {
	case err := <-done:
		if err != nil {
			stop()
			return nil, nil, fmt.Errorf("starting %s: %w\nbrowser output:\n%s", chromiumPath, err, out)
		}
	case <-time.After(45 * time.Second):
		stop()
		return nil, nil, fmt.Errorf("starting %s: no answer in 45s\nbrowser output:\n%s", chromiumPath, out)
	}
	return bctx, stop, nil
}

// sharedBrowser is the browser most tests open their tabs in; it starts on
// first use and stops when the tests end.
func sharedBrowser(t testing.TB) context.Context {
	t.Helper()
	checkChromium(t)
	shared.once.Do(func() {
		shared.profile, shared.err = os.MkdirTemp("", "recview-e2e-profile-")
		if shared.err != nil {
			return
		}
		shared.out = &tailBuffer{}
		shared.ctx, shared.cancel, shared.err = startBrowser(shared.profile, shared.out)
	})
	if shared.err != nil {
		t.Fatalf("cannot start the browser: %v", shared.err)
	}
	return shared.ctx
}

// asset is the path of a static asset in the built site, under
// dist/v/<version>/web/, given its path under web/ as elements.
func asset(t testing.TB, elem ...string) string {
	t.Helper()
	dirs, _ := filepath.Glob(filepath.Join(dist, "v", "*", "web"))
	if len(dirs) != 1 {
		t.Fatalf("want one v/*/web folder in %s, have %v", dist, dirs)
	}
	return filepath.Join(append(dirs, elem...)...)
}

func needSite(t testing.TB) *server {
	t.Helper()
	if siteErr != nil {
		t.Fatalf("cannot serve the site: %v", siteErr)
	}
	return site
}

// tailBuffer keeps the last 16 KB written to it (the browser's output).
type tailBuffer struct {
	mu  sync.Mutex
	buf []byte
}

func (b *tailBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.buf = append(b.buf, p...)
	if len(b.buf) > 16<<10 {
		b.buf = b.buf[len(b.buf)-16<<10:]
	}
	return len(p), nil
}

func (b *tailBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return string(b.buf)
}

// ---------------------------------------------------------------------------
// Tabs

// tab is one browser tab, in a browser context of its own (no cookies,
// storage, caches or service worker shared with other tests).
type tab struct {
	t    testing.TB
	base string          // the site's URL
	root context.Context // the tab's context, no deadline
	ctx  context.Context // the tab's context with a deadline: testTimeout (a benchmark's, benchTabTimeout)

	// n is the tab's place among those its test opened, from 1: it
	// names the tab's failure screenshot.
	n int

	mu      sync.Mutex
	console []string // what the page logged: errors, warnings, exceptions
}

// tabsOpened counts the tabs each test opened, by the test's name.
var tabsOpened = struct {
	sync.Mutex
	n map[string]int
}{n: map[string]int{}}

// newTab opens a tab for t in the shared browser on the shared site.
func newTab(t testing.TB) *tab {
	t.Helper()
	s := needSite(t)
	return openTab(t, sharedBrowser(t), s.URL, true)
}

// openTab opens a tab in the browser of bctx. isolated puts it in a new
// browser context. On failure, the test's cleanup saves a screenshot.
func openTab(t testing.TB, bctx context.Context, base string, isolated bool) *tab {
	t.Helper()
	var opts []chromedp.ContextOption
	if isolated {
		opts = append(opts, chromedp.WithNewBrowserContext())
	}
	root, cancel := chromedp.NewContext(bctx, opts...)
	t.Cleanup(cancel)
	if err := chromedp.Do(root); err != nil { // opens the tab, no deadline
		t.Fatalf("cannot open a tab: %v", err)
	}
	tabsOpened.Lock()
	tabsOpened.n[t.Name()]++
	n := tabsOpened.n[t.Name()]
	tabsOpened.Unlock()
	tb := &tab{t: t, base: base, root: root, n: n}
	tb.listenConsole()
	ctx, cancelTimeout := context.WithTimeout(root, testTimeout)
	t.Cleanup(cancelTimeout)
	tb.ctx = ctx
	// Cleanups run last-in first-out: this one runs while the tab is open.
	t.Cleanup(func() {
		if t.Failed() {
			tb.failureScreenshot()
			tb.dumpConsole()
		}
	})
	tb.do(chromedp.EmulateViewport(1280, 900))
	return tb
}

// close closes the tab now rather than when the test ends: a benchmark
// that measures in one tab after the other leaves none of them running
// beside the next.
func (tb *tab) close() {
	if err := chromedp.Cancel(tb.root); err != nil {
		tb.t.Errorf("cannot close the tab: %v", err)
	}
}

func (tb *tab) listenConsole() {
	msgs := chromedp.Console(tb.root)
	go func() {
		for m, err := range msgs {
			if err != nil {
				return
			}
			switch m.Type {
			case chromedp.ConsoleError, chromedp.ConsoleWarning, chromedp.ConsoleException, chromedp.ConsoleLog: // a Go panic is logged
				tb.mu.Lock()
				tb.console = append(tb.console, fmt.Sprintf("console.%s: %s", m.Type, m))
				tb.mu.Unlock()
			}
		}
	}()
}

func (tb *tab) dumpConsole() {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	for _, line := range tb.console {
		tb.t.Logf("tab %d: %s", tb.n, line)
	}
}

// screenshotDir is e2e/screenshots/<name> (go test runs in e2e/).
func screenshotDir(t testing.TB, name string) string {
	dir := filepath.Join("screenshots", strings.NewReplacer("/", "_", " ", "_").Replace(name))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Errorf("cannot make %s: %v", dir, err)
	}
	return dir
}

func (tb *tab) failureScreenshot() {
	ctx, cancel := context.WithTimeout(tb.root, 15*time.Second)
	defer cancel()
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		tb.t.Logf("no failure screenshot: %v", err)
		return
	}
	name := "failure.png"
	if tb.n > 1 {
		name = fmt.Sprintf("failure-tab%d.png", tb.n)
	}
	file := filepath.Join(screenshotDir(tb.t, tb.t.Name()), name)
	if err := os.WriteFile(file, png, 0o644); err != nil {
		tb.t.Logf("no failure screenshot: %v", err)
		return
	}
	abs, _ := filepath.Abs(file)
	tb.t.Logf("failure screenshot: %s", abs)
}

// screenshot writes a full-page PNG to e2e/screenshots/<test>/<name>.png.
func (tb *tab) screenshot(name string) string {
	tb.t.Helper()
	png := run(tb, chromedp.FullScreenshot(100))
	file := filepath.Join(screenshotDir(tb.t, tb.t.Name()), name+".png")
	if err := os.WriteFile(file, png, 0o644); err != nil {
		tb.t.Fatalf("writing %s: %v", file, err)
	}
	return file
}

// screenshotView writes the window's PNG (what a person sees, not the
// whole page) to e2e/screenshots/<test>/<name>.png.
func (tb *tab) screenshotView(name string) string {
	tb.t.Helper()
	png := run(tb, chromedp.CaptureScreenshot())
	file := filepath.Join(screenshotDir(tb.t, tb.t.Name()), name+".png")
	if err := os.WriteFile(file, png, 0o644); err != nil {
		tb.t.Fatalf("writing %s: %v", file, err)
	}
	return file
}

// do runs actions, failing the test on error.
func (tb *tab) do(actions ...chromedp.Action[chromedp.Void]) {
	tb.t.Helper()
	if err := chromedp.Do(tb.ctx, actions...); err != nil {
		tb.t.Fatalf("browser action failed: %v\n%s", err, tb.state())
	}
}

// run runs one action with a result, failing the test on error.
func run[T any](tb *tab, a chromedp.Action[T]) T {
	tb.t.Helper()
	v, err := chromedp.Run(tb.ctx, a)
	if err != nil {
		tb.t.Fatalf("browser action failed: %v\n%s", err, tb.state())
	}
	return v
}

// eval evaluates a JavaScript expression, failing the test on error.
func eval[T any](tb *tab, js string) T {
	tb.t.Helper()
	return run(tb, chromedp.Evaluate[T](js))
}

// awaitJS evaluates an expression that returns a promise and waits for it.
func awaitJS[T any](tb *tab, js string) T {
	tb.t.Helper()
	return run(tb, chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
}

// waitFor polls the JavaScript predicate js until it is true, and fails the
// test with what the page shows when it does not become true in time.
func (tb *tab) waitFor(desc, js string) {
	tb.t.Helper()
	tb.waitForWithin(waitLimit, desc, js)
}

func (tb *tab) waitForWithin(limit time.Duration, desc, js string) {
	tb.t.Helper()
	start := time.Now()
	deadline := start.Add(limit)
	expr := "(() => { try { return !!(" + js + "); } catch (e) { return false; } })()"
	var lastErr error
	for {
		ok, err := chromedp.Run(tb.ctx, chromedp.Evaluate[bool](expr))
		if err == nil && ok {
			return
		}
		lastErr = err
		if time.Now().After(deadline) || tb.ctx.Err() != nil {
			msg := fmt.Sprintf("timed out after %s waiting for %s", limit, desc)
			if tb.ctx.Err() != nil && time.Now().Before(deadline) {
				// The tab's context ended first: the page, perhaps still
				// at work, was not asked again.
				msg = fmt.Sprintf("the tab's own deadline passed %s into the wait for %s (allowed %s): the page was not asked after that", time.Since(start).Round(time.Second), desc, limit)
			}
			if lastErr != nil {
				msg += fmt.Sprintf(" (last error: %v)", lastErr)
			}
			tb.t.Fatalf("%s\n%s", msg, tb.state())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// state describes what the page shows, for failure messages.
func (tb *tab) state() string {
	ctx, cancel := context.WithTimeout(tb.root, 5*time.Second)
	defer cancel()
	type pageState struct {
		URL, Loader, Title, HashStatus, StepLabel, Error, Progress string
		Samples, IndexRows                                         int
		Dragging                                                   bool
	}
	st, err := chromedp.Run(ctx, chromedp.Evaluate[pageState](`(() => {
		const text = (sel) => { const e = document.querySelector(sel); return e ? e.textContent.trim() : "(none)"; };
		const hs = document.querySelector('[data-testid=hash-status]');
		return {
			URL: location.href,
			Loader: text('#app-wasm-loader-label'),
			Title: text('[data-testid=recording-title]'),
			HashStatus: hs ? String(hs.dataset.status) : "(none)",
			StepLabel: text('[data-testid=step-label]'),
			Error: text('[data-testid=error]'),
			Samples: document.querySelectorAll('[data-testid=sample]').length,
			IndexRows: document.querySelectorAll('[data-testid=index-row]').length,
			Progress: text('[data-testid=index-progress]'),
			Dragging: document.querySelector('.page.dragging') !== null,
		};
	})()`))
	if err != nil {
		return fmt.Sprintf("page state: unknown (%v)", err)
	}
	return fmt.Sprintf("page state: url=%s\n  wasm loader=%q title=%q hash-status=%q step-label=%q samples=%d\n  index rows=%d index-progress=%q dragging=%v\n  error=%q",
		st.URL, st.Loader, st.Title, st.HashStatus, st.StepLabel, st.Samples, st.IndexRows, st.Progress, st.Dragging, st.Error)
}

// ---------------------------------------------------------------------------
// The app

// sel is the CSS selector of a data-testid hook.
func sel(testid string) string { return fmt.Sprintf("[data-testid=%q]", testid) }

// jsq quotes s as a JavaScript string literal.
func jsq(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < 0x20 || r == 0x2028 || r == 0x2029:
			fmt.Fprintf(&b, "\\u%04x", r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// q is document.querySelector(css) in JavaScript.
func q(css string) string { return "document.querySelector(" + jsq(css) + ")" }

// appReady is true once app.wasm runs: go-app's loader is gone (app.js
// removes it after go.run returns) and goappNav is the app's, not app.js's
// placeholder. The pre-rendered page already has the hooks, so waiting for
// an element alone does not tell that the app listens.
const appReady = `!document.getElementById('app-wasm-loader') && typeof goappNav === 'function' && !/^function\s*\(\)\s*\{\s*\}$/.test(goappNav.toString())`

// open navigates to the site's path and waits for the app to run.
func (tb *tab) open(p string) {
	tb.t.Helper()
	tb.do(chromedp.Navigate(tb.base + p))
	tb.waitApp()
}

// reload reloads the page and waits for the app to run.
func (tb *tab) reload() {
	tb.t.Helper()
	tb.do(chromedp.Reload())
	tb.waitApp()
}

func (tb *tab) waitApp() {
	tb.t.Helper()
	tb.waitForWithin(45*time.Second, "app.wasm to load and run", appReady)
}

// visible waits for the element to be visible.
func (tb *tab) visible(css string) {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, waitLimit)
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.WaitVisible(chromedp.CSS(css))); err != nil {
		tb.t.Fatalf("%s is not visible: %v\n%s", css, err, tb.state())
	}
}

// text is the trimmed textContent of the first element matching css, and
// whether there is one.
func (tb *tab) text(css string) (string, bool) {
	tb.t.Helper()
	s := eval[*string](tb, "(() => { const e = "+q(css)+"; return e ? e.textContent.trim() : null; })()")
	if s == nil {
		return "", false
	}
	return *s, true
}

// waitText waits until the first element matching css has the text want.
func (tb *tab) waitText(css, want string) {
	tb.t.Helper()
	tb.waitFor(fmt.Sprintf("%s to read %q", css, want),
		"(("+q(css)+" || {}).textContent || '').trim() === "+jsq(want))
}

// waitTitle waits for the open recording to be name.
func (tb *tab) waitTitle(name string) {
	tb.t.Helper()
	tb.waitText(sel("recording-title"), name)
	tb.visible(sel("recording-title"))
}

// openFirst opens a tab on the gallery, drops the file at path (a
// cassette) and waits for its first interaction to be the one open.
func openFirst(t testing.TB, path string) *tab {
	t.Helper()
	tb := newTab(t)
	tb.open("/")
	tb.dropPaths(path)
	tb.waitTitle(filepath.Base(path) + "#1")
	return tb
}

// dropInteraction drops the cassette at path, waits for its first
// interaction, then picks interaction k (from 1) in its list and waits
// for it to be the one open.
func (tb *tab) dropInteraction(path string, k int) {
	tb.t.Helper()
	tb.dropPaths(path)
	tb.waitTitle(filepath.Base(path) + "#1")
	tb.do(chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.querySelectorAll('[data-testid=interaction]')[%d].click()`, k-1)))
	tb.waitTitle(fmt.Sprintf("%s#%d", filepath.Base(path), k))
}

// waitStep waits for the step label to read "k / n".
func (tb *tab) waitStep(k, n int) {
	tb.t.Helper()
	tb.waitText(sel("step-label"), fmt.Sprintf("%d / %d", k, n))
}

// upload chooses files in the file input.
func (tb *tab) upload(files ...string) {
	tb.t.Helper()
	for i, f := range files {
		abs, err := filepath.Abs(f)
		if err != nil {
			tb.t.Fatal(err)
		}
		files[i] = abs
	}
	tb.do(chromedp.SetUploadFiles(chromedp.CSS(sel("file-input")), files))
}

// key presses a key (a kb constant) with modifiers.
func (tb *tab) key(k string, mods ...chromedp.Modifier) {
	tb.t.Helper()
	var opts []chromedp.KeyOption
	if len(mods) > 0 {
		opts = append(opts, chromedp.KeyModifiers(mods...))
	}
	tb.do(chromedp.KeyEvent(k, opts...))
}

// colorScheme emulates prefers-color-scheme: "light" or "dark".
func colorScheme(scheme string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}},
		})
		return err
	})
}

// corpus is the path of a corpus file (go test runs in e2e/).
func corpus(name string) string {
	return filepath.Join("..", "recordings", "testdata", "corpus", name)
}

func seed(name string) string {
	return filepath.Join("..", "recordings", "testdata", "corpus", "seeds", name)
}
