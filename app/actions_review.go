package app

import (
	"errors"
	"fmt"
	"path"
	"slices"
	"sort"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/app/internal/browser"
	"github.com/recview/recview/internal/pageworker"
	"github.com/recview/recview/recordings/fixturepath"
	"github.com/recview/recview/recordings/permalink"
)

// The review page: opening a pull request, a comparison or two folders,
// walking the pairs, marking them viewed. The URL box (openURL) and the
// fragment (openFragment) open GitHub reviews; the review start panel
// posts the picked folders, the drop listener (listenReview) the dropped
// ones; the table and the pair view post the rest.
const (
	actionOpenReview    action[permalink.Review] = "recview/open-review"    // a pull request or comparison: review it
	actionReviewFolder  action[reviewPick]       = "recview/review-folder"  // a picked folder for one side
	actionReviewPair    action[int]              = "recview/review-pair"    // a row of the review: open its pair
	actionReviewTable                            = "recview/review-table"   // no value: back to the review's table
	actionReviewStep    action[int]              = "recview/review-step"    // 1 or -1: the next or previous meaningful pair
	actionReviewViewed  action[int]              = "recview/review-viewed"  // a row: mark it viewed, or not
	actionReviewSide    action[int]              = "recview/review-side"    // 0 base, 1 head: open that side of the pair shown as a recording
	actionReviewDecide  action[decideArg]        = "recview/review-decide"  // a row's decision: accept, flag, or undecided
	actionReviewNote    action[noteArg]          = "recview/review-note"    // a row's note
	actionCopyReview                             = "recview/copy-review"    // no value: the review's comment on the clipboard
	actionSaveDecisions                          = "recview/save-decisions" // no value: download the decisions file
	actionTableView                              = "recview/table-view"     // no value: the table's filter, facet, order or folding changed
	actionShowReview                             = "recview/show-review"    // no value: show the review again
	actionStopReview                             = "recview/stop-review"    // no value: stop the review under way
)

// reviewPick is a folder picked for one side of a two-folder review.
type reviewPick struct {
	side  int       // 0 base, 1 head
	files app.Value // a JavaScript array of the folder's File objects
}

// handleReviewActions registers the review page's handlers.
func (v *Viewer) handleReviewActions(ctx *app.Context) {
	handle(ctx, v, actionOpenReview, (*Viewer).openReview)
	handle(ctx, v, actionReviewFolder, (*Viewer).pickReviewFolder)
	handle(ctx, v, actionReviewPair, (*Viewer).openPairPush)
	handleSignal(ctx, v, actionReviewTable, (*Viewer).reviewTable)
	handle(ctx, v, actionReviewStep, (*Viewer).stepPair)
	handle(ctx, v, actionReviewViewed, (*Viewer).toggleViewed)
	handle(ctx, v, actionReviewSide, (*Viewer).openSide)
	handle(ctx, v, actionReviewDecide, func(v *Viewer, d decideArg) { v.decide(d.row, d.choice) })
	handle(ctx, v, actionReviewNote, func(v *Viewer, n noteArg) { v.setNote(n.row, n.note) })
	handleSignal(ctx, v, actionCopyReview, (*Viewer).copyReview)
	handleSignal(ctx, v, actionSaveDecisions, (*Viewer).saveDecisions)
	handleSignal(ctx, v, actionTableView, (*Viewer).keepTableView)
	handleSignal(ctx, v, actionShowReview, (*Viewer).showReview)
	handleSignal(ctx, v, actionStopReview, (*Viewer).stopReview)
}

// errStopped ends a review the reviewer stopped.
var errStopped = errors.New("you stopped the review, and every download with it; reload the page to start over")

// stopReview ends the worker of the review under way, if any: its
// downloads stop at once and the review ends with errStopped.
func (v *Viewer) stopReview() {
	if rv := v.rs.set; rv != nil && rv.worker != nil && rv.rep == nil {
		rv.worker.halt(errStopped)
	}
}

// openReview reviews a GitHub pull request or comparison, a new place in
// the history.
func (v *Viewer) openReview(r permalink.Review) {
	v.willPush()
	v.startGitHub(r, "")
	v.syncFragment()
}

// startGitHub starts reading a pull request or comparison (loadGitHub),
// to open at the pair known by file ("" for the table).
func (v *Viewer) startGitHub(r permalink.Review, file string) {
	v.startGitHubAt(r, file, "")
}

// startGitHubAt is startGitHub, the pair's side open (open, a link's
// open=) once read.
func (v *Viewer) startGitHubAt(r permalink.Review, file, open string) {
	rv := newReviewSet(r)
	rv.wantFile, rv.wantOpen, rv.st.Phase = file, open, "Starting"
	v.rs.set.end()
	v.rs.set, v.rs.pending = rv, nil
	v.view, v.err, v.playing = viewReview, "", false
	tableFrom(v.hist.loaded, rv)
	// A worker waiting with no folder given (started ahead: startSpare,
	// or a drag over a folder's box) makes this review: its code is
	// compiled, and maybe warm.
	w := v.takeSpare()
	v.ctx.Async(func() { v.review(rv, &pageworker.Review{GitHub: &r}, w) })
}

// takeSpare hands over the review worker waiting ahead of a review
// (rs.warm: startSpare's, or one started at a drag over a folder's box)
// when no folder was given to it, for a pull request's review or a
// folder's index; nil when none waits, or it holds a folder of the
// two-folder review under way.
func (v *Viewer) takeSpare() *pageWorker {
	w := v.rs.warm
	if w == nil || v.rs.picks != [2]*pickedFolder{} {
		return nil
	}
	v.rs.warm, v.rs.given = nil, nil
	return w
}

// openReviewFragment opens what a review link names: the change set
// shown already, at its table or pair; else a GitHub review is read, and
// a two-folder review asks for its folders.
func (v *Viewer) openReviewFragment(f permalink.Fragment) {
	if set := v.rs.set; set != nil && set.ref == f.Review && set.st.Failed == "" {
		v.view = viewReview
		switch i, ok := set.rowOf(f.File); {
		case set.rep == nil:
			set.wantFile = f.File
		case f.File == "":
			// The page is drawn again only for a new version: without
			// it, Back from a pair could leave the pair on screen with
			// the table's address, when the popstate before this
			// hashchange had been drawn on its own.
			set.toTable()
		case ok && i != set.pair:
			set.wantOpen = f.Open
			v.openPair(i, false)
		case ok && f.Open != "":
			v.openSide(sideIndex(f.Open))
		}
		return
	}
	if f.Review.Kind == permalink.ReviewFolders && len(f.Sources) > 0 {
		v.openLinked(f.Sources, f) // a shared pair: its files in the link
		return
	}
	if f.Review.Kind == permalink.ReviewFolders {
		v.rs.pending, v.view = &f, viewReview
		return
	}
	v.startGitHubAt(f.Review, f.File, f.Open)
}

// sideIndex is a side's index: 0 for "base", 1 for "head".
func sideIndex(side string) int {
	if side == "head" {
		return 1
	}
	return 0
}

// pickReviewFolder lists a picked folder's .json files for one side
// (browser.FilesOf, in the background: asking thousands of Files their
// sizes takes the page a while); once both sides have one, the review
// starts.
func (v *Viewer) pickReviewFolder(p reviewPick) {
	v.loading = "the picked folder"
	ctx := v.ctx
	ctx.Async(func() {
		refs, err := browser.FilesOf(p.files, true)
		ctx.Dispatch(func(app.Context) {
			v.loading = ""
			if err != nil {
				v.failPick(p.side, err)
				return
			}
			v.setFolder(p.side, refs)
		})
	})
}

// failPick shows why the folder picked or dropped for a side was not
// taken ("head folder: …"), and keeps it as that side's (reviewState.failed).
func (v *Viewer) failPick(side int, err error) {
	v.fail(fmt.Errorf("%s folder: %v", pageworker.Sides[side], err))
	v.rs.failed[side] = v.err
}

// setFolder takes the files of one folder for a side, and starts the
// review when both sides have one.
func (v *Viewer) setFolder(side int, files []browser.File) {
	folder, err := folderOf(files)
	if err != nil {
		v.failPick(side, err)
		return
	}
	// The other side's failed pick stays on screen: picked at once
	// (early.js), its error could otherwise go unseen.
	if other := v.rs.failed[1-side]; other == "" || v.err != other {
		v.err = ""
	}
	v.rs.failed[side] = ""
	v.rs.picks[side] = folder
	v.view = viewReview
	v.warmReview()
	v.rs.stir.stir()
	// The folder is handed to the worker, and kept for the pairs, in
	// tasks of their own after this one (a folder of thousands of files
	// took a frame each): the goroutine keeps their order before the
	// review's.
	w, prev, done := v.rs.warm, v.rs.given, make(chan struct{})
	v.rs.given = done
	give := func() {
		if prev != nil {
			<-prev // the folder given before this one goes first
		}
		browser.Yield()
		w.giveFolder(side, folder)
		close(done)
	}
	if v.rs.picks[0] == nil || v.rs.picks[1] == nil {
		v.syncFragment()
		// While the other folder is awaited, the page runs its code for
		// a review's report once, on a made-up one, until the reader
		// stirs (warmReviewDrawing).
		stop := v.rs.stir.since()
		v.ctx.Async(func() {
			give()
			browser.Yield()
			warmReviewDrawing(browser.Breather(), stop)
		})
		return
	}
	base, head := v.rs.picks[0], v.rs.picks[1]
	rv := newReviewSet(permalink.Review{Kind: permalink.ReviewFolders, Base: base.name, Head: head.name})
	rv.st.Phase = "Reading the folders"
	if p := v.rs.pending; p != nil && p.Review == rv.ref {
		rv.wantFile, rv.wantOpen = p.File, p.Open
	}
	v.willPush()
	v.rs.set.end()
	v.rs.set, v.rs.picks, v.rs.pending, v.rs.failed = rv, [2]*pickedFolder{}, nil, [2]string{}
	tableFrom(v.hist.loaded, rv)
	v.syncFragment()
	v.rs.warm, v.rs.given = nil, nil
	v.ctx.Async(func() {
		give()
		browser.Yield()
		keepFolders(rv, base, head)
		v.review(rv, &pageworker.Review{}, w)
	})
}

// openPairPush opens a row's pair, a new place in the history.
func (v *Viewer) openPairPush(i int) { v.openPair(i, true) }

// openPair shows row i's pair: the comparison of its two sides, or its
// one side, read in the background; push makes it a new place in the
// history, else it replaces the current one.
func (v *Viewer) openPair(i int, push bool) {
	rv := v.rs.set
	if rv == nil || rv.rep == nil || i < 0 || i >= len(rv.rep.Rows) {
		return
	}
	if push {
		v.willPush()
	}
	if rv.pair < 0 {
		rv.tableY, rv.rowTop = browser.PageScrollY(), -1
		if row := rowElement(i); row.Exists() {
			rv.rowTop = row.Top()
		}
	}
	rv.pair, rv.cmp, rv.single, rv.pairErr, rv.seen, rv.back = i, nil, nil, "", i, false
	rv.version++
	v.view, v.playing = viewReview, false
	v.syncFragment()
	row := rv.rep.Rows[i]
	ctx := v.ctx
	ctx.Async(func() {
		var docs [2]*openDoc
		var err error
		for side, p := range []string{row.Base, row.Head} {
			if p != "" && err == nil {
				docs[side], err = rv.readSide(v.asyncWorker, side, p)
			}
		}
		ctx.Dispatch(func(app.Context) {
			if rv.pair != i {
				return // the reviewer moved on
			}
			rv.version++
			switch {
			case err != nil:
				rv.pairErr = err.Error()
			case docs[0] != nil && docs[1] != nil:
				rv.cmp = newComparison(docs[0], docs[1])
				rv.cmp.labels, rv.cmp.paths = [2]string{"base", "head"}, [2]string{row.Base, row.Head}
				rv.cmp.judged = &judgement{severity: row.Severity, verdict: row.Verdict}
				v.fillComparison(rv.cmp, func() { rv.version++ })
			case docs[0] != nil:
				rv.single = docs[0]
			default:
				rv.single = docs[1]
			}
			if open := rv.wantOpen; open != "" && err == nil {
				rv.wantOpen = ""
				v.openSide(sideIndex(open)) // a link's open=
			}
		})
	})
}

// openSide shows side (0 base, 1 head) of the pair shown as an open
// recording (its stream, steps and raw JSON), a new place in the
// history: Back returns to the pair. Nothing happens while the pair is
// still opening.
func (v *Viewer) openSide(side int) {
	rv := v.rs.set
	if rv == nil || rv.pair < 0 {
		return
	}
	var d *openDoc
	switch {
	case rv.cmp != nil:
		d = [2]*openDoc{rv.cmp.a, rv.cmp.b}[side]
	case rv.single != nil:
		d = rv.single
	}
	if d == nil {
		return
	}
	row := rv.rep.Rows[rv.pair]
	// The test's function: no file, class or parameters.
	_, test := splitTestID(row.TestID)
	test, _, _ = strings.Cut(test, "[")
	test = test[strings.LastIndex(test, "::")+1:]
	test = strings.TrimPrefix(test, ":")
	if test == "" {
		test = path.Base([2]string{row.Base, row.Head}[side])
	}
	d.side = [2]string{"base", "head"}[side]
	if len(test) > 40 {
		test = test[:24] + "…" + test[len(test)-14:]
	}
	d.label = d.side + " · " + test
	v.willPush()
	i := slices.Index(v.docs, d)
	if i < 0 {
		v.docs = append(v.docs, d)
		i = len(v.docs) - 1
	}
	v.cur, v.view, v.tab, v.playing = i, viewDoc, tabView, false
	v.syncFragment()
}

// readSide reads and prepares the file of a side (0 base, 1 head) at p:
// a recording, or "PATH#K", interaction K of the cassette at PATH (the
// worker worker returns reads it). It blocks: call it from a goroutine.
func (rv *reviewSet) readSide(worker func() *pageWorker, side int, p string) (*openDoc, error) {
	file, k := p, 0
	if c, i, ok := fixturepath.CutInteraction(p); ok && fixturepath.Cassette(c) {
		file, k = c, i
	}
	f, ok := rv.files[side][file]
	if !ok {
		return nil, errors.New(file + ": this file could not be fetched")
	}
	var data []byte
	if f.file != nil {
		var err error
		if data, err = readBytes(*f.file); err != nil {
			return nil, err
		}
	} else {
		data = browser.BufferBytes(f.buf)
	}
	if k > 0 {
		return newDocOrCassette(worker, path.Base(file), data, k)
	}
	return newDoc(path.Base(p), data)
}

// keepTableView writes the table's view into the current history
// entry's state (historyState): a reload finds the table as it is now,
// not as it was when the entry began.
func (v *Viewer) keepTableView() {
	if v.view == viewReview {
		browser.ReplaceState(v.historyState(), "")
	}
}

// reviewTable goes back from a pair to the table, a new place in the
// history.
func (v *Viewer) reviewTable() {
	v.willPush()
	if rv := v.rs.set; rv != nil {
		rv.toTable()
	}
	v.view = viewReview
	v.syncFragment()
}

// stepPair opens the next (dir 1) or previous (-1) meaningful pair in
// place of the one shown.
func (v *Viewer) stepPair(dir int) {
	rv := v.rs.set
	if rv == nil || rv.rep == nil || rv.pair < 0 {
		return
	}
	if i, ok := rv.step(dir); ok {
		v.openPair(i, false)
	}
}

// reviewKeys are the review page's keys: n and j the next meaningful
// pair (1), p and k the previous (-1), v marks the pair viewed (0). On
// the table they move its current row (Enter, on the row's focused
// button, opens it); on a pair they open the next or previous one.
var reviewKeys = map[string]int{"n": 1, "j": 1, "p": -1, "k": -1, "v": 0}

// reviewKey does what a key of reviewKeys does: dir 1 or -1 steps, 0
// marks viewed.
func (v *Viewer) reviewKey(dir int) {
	rv := v.rs.set
	switch {
	case rv == nil || rv.rep == nil:
	case dir == 0 && rv.pair >= 0:
		v.toggleViewed(rv.pair)
	case dir == 0:
		v.toggleViewed(rv.seen)
	case rv.pair >= 0:
		v.stepPair(dir)
	default:
		if i, ok := rv.stepFrom(rv.seen, dir); ok {
			rv.seen = i
			rv.version++
			showCurrentRow(i, true, true)
		}
	}
}

// toggleViewed marks row i viewed, or not, and keeps the marks in
// localStorage: by the pair's content (viewedDigestsKey), as its
// decision is kept, so that a reload, the same folders picked again or a
// new push finds the mark on a pair whose files did not change; a row
// without a digest by its path and the head commit (viewedKey).
func (v *Viewer) toggleViewed(i int) {
	rv := v.rs.set
	if rv == nil || rv.rep == nil || i < 0 || i >= len(rv.rep.Rows) {
		return
	}
	p := rv.rep.Rows[i].Path()
	if rv.viewed[p] {
		delete(rv.viewed, p)
	} else {
		rv.viewed[p] = true
	}
	rv.version++
	rv.rowsVer++
	if key := rv.viewedKey(); key != "" {
		var paths []string
		for i := range rv.rep.Rows {
			if r := &rv.rep.Rows[i]; r.Digest == "" && rv.viewed[r.Path()] {
				paths = append(paths, r.Path())
			}
		}
		// sort.Sort, not slices.Sort: the page links sort's code already and
		// a generic sort of strings would add its own (docs/dev/wasm-size.md).
		sort.Sort(sort.StringSlice(paths))
		v.ctx.LocalStorage().Set(key, paths)
	}
	if d := rv.rep.Rows[i].Digest; d != "" {
		var digests []string
		v.ctx.LocalStorage().Get(viewedDigestsKey, &digests)
		digests = slices.DeleteFunc(digests, func(s string) bool { return s == d })
		if rv.viewed[p] {
			digests = append(digests, d)
		}
		v.ctx.LocalStorage().Set(viewedDigestsKey, digests[max(0, len(digests)-maxViewedDigests):])
	}
}

// viewedDigestsKey is the localStorage key of the viewed marks of
// two-folder reviews: the Digest of each pair marked, oldest first, at
// most maxViewedDigests of them.
const (
	viewedDigestsKey = "recview-viewed-pairs"
	maxViewedDigests = 20000
)

// loadViewed reads a review's viewed marks from localStorage: by the
// pairs' content (viewedDigestsKey), and a GitHub review's by path at
// its head commit (viewedKey: the rows without a digest, and the marks
// an earlier version kept so).
func (v *Viewer) loadViewed(rv *reviewSet) {
	if key := rv.viewedKey(); key != "" {
		var paths []string
		v.ctx.LocalStorage().Get(key, &paths)
		for _, p := range paths {
			rv.viewed[p] = true
		}
	}
	var digests []string
	v.ctx.LocalStorage().Get(viewedDigestsKey, &digests)
	marked := make(map[string]bool, len(digests))
	for _, d := range digests {
		marked[d] = true
	}
	moved := false
	for i := range rv.rep.Rows {
		r := &rv.rep.Rows[i]
		switch {
		case r.Digest == "":
		case marked[r.Digest]:
			rv.viewed[r.Path()] = true
		case rv.viewed[r.Path()]:
			// Marked by path by an earlier version: kept by content now.
			digests, moved = append(digests, r.Digest), true
		}
	}
	if moved {
		v.ctx.LocalStorage().Set(viewedDigestsKey, digests[max(0, len(digests)-maxViewedDigests):])
	}
}

// showReview shows the review again.
func (v *Viewer) showReview() {
	if v.rs.set == nil && v.rs.picks == [2]*pickedFolder{} && v.rs.pending == nil {
		return
	}
	v.view, v.playing = viewReview, false
	v.syncFragment()
}

// reviewFragment is the fragment of the review page: the change set and
// the pair shown (or, still loading, the pair to open). With inline, a
// two-folder review's pair is shared with its recordings in the link
// (their files are on this computer); its table cannot be.
func (v *Viewer) reviewFragment(inline bool) (permalink.Fragment, bool, error) {
	rv := v.rs.set
	if rv == nil {
		if p := v.rs.pending; p != nil {
			return *p, true, nil
		}
		return permalink.Fragment{}, false, nil
	}
	f := permalink.Fragment{Version: permalink.Version, Review: rv.ref}
	switch {
	case rv.rep == nil:
		f.File = rv.wantFile
	case rv.pair >= 0:
		f.File = rv.rep.Rows[rv.pair].Path()
	}
	if !inline || rv.ref.Kind != permalink.ReviewFolders {
		return f, true, nil
	}
	var docs []*openDoc
	switch {
	case rv.pair < 0:
		return f, false, errors.New("a review of two folders cannot be shared: its files are on this computer. Open a pair to share it with its recordings in the link")
	case rv.cmp != nil:
		docs = []*openDoc{rv.cmp.a, rv.cmp.b}
	case rv.single != nil:
		docs = []*openDoc{rv.single}
	default:
		return f, false, errors.New("the pair is still opening")
	}
	row := &rv.rep.Rows[rv.pair]
	return pairFragment(rv.ref, row.Base, row.Head, docs)
}

// pairFragment is the link of a pair of a two-folder review (review), its
// base and head at those paths ("" for a side it lacks), docs its one or
// two recordings, the base's first: they ride in the link (d=), the
// files being on this computer only.
func pairFragment(review permalink.Review, base, head string, docs []*openDoc) (permalink.Fragment, bool, error) {
	f := permalink.Fragment{Version: permalink.Version, Review: review, File: head}
	if head == "" {
		f.File = base
	}
	if len(docs) == 2 && base != head || len(docs) == 1 && head == "" {
		f.Base = base // a renamed pair's base, or a deleted pair's one file
	}
	for _, d := range docs {
		s, err := dataSource(d)
		if err != nil {
			return f, false, err
		}
		f.Sources = append(f.Sources, s)
	}
	return f, true, nil
}
