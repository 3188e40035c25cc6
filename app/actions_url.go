package app

import (
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/app/internal/browser"
	"github.com/recview/recview/recordings/permalink"
)

// The URL's fragment holds the view (permalink.Fragment): the Viewer
// writes it on every change (syncFragment, with replaceState, so the
// history is not flooded), and opens what it names when the page loads
// (OnMount) and when the user navigates to another (hashchange, in
// listen). No action is posted for it.

// fragment is the permalink fragment of what the page shows: the current
// recording (or both sides of the comparison), its step when not the last,
// and the raw panel when open. With inline false a local file that has no
// link data yet is left out (encoding it is the share button's work); ok
// is false when no source can be named.
func (v *Viewer) fragment(inline bool) (f permalink.Fragment, ok bool, err error) {
	f.Version = permalink.Version
	if v.view == viewReview {
		return v.reviewFragment(inline)
	}
	if v.view == viewDiff && v.cmp != nil && v.cmp.review.Kind != "" {
		return pairFragment(v.cmp.review, v.cmp.paths[0], v.cmp.paths[1], []*openDoc{v.cmp.a, v.cmp.b})
	}
	if v.view == viewDiff && v.cmp != nil {
		for _, d := range []*openDoc{v.cmp.a, v.cmp.b} {
			s, ok, err := sourceOf(d, inline)
			if err != nil || !ok {
				return f, false, err
			}
			f.Sources = append(f.Sources, s)
		}
		return f, true, nil
	}
	d := v.current()
	if d == nil || v.view == viewIndex {
		return f, false, nil
	}
	if p := d.pair; p != nil {
		paths := [2]string{}
		paths[p.side] = p.path
		return pairFragment(p.review, paths[0], paths[1], []*openDoc{d})
	}
	if rv := v.rs.set; d.side != "" && rv != nil && rv.rep != nil && rv.pair >= 0 {
		// A review pair's side: the review, the pair and the side, so
		// that a reload comes back to it.
		f.Review, f.File, f.Open = rv.ref, rv.rep.Rows[rv.pair].Path(), d.side
		if d.stepper != nil && d.step != d.stepper.Len() {
			f.Step, f.HasStep = d.step, true
		}
		return f, true, nil
	}
	s, ok, err := sourceOf(d, inline)
	if err != nil || !ok {
		return f, false, err
	}
	f.Sources = []permalink.Source{s}
	if d.stepper != nil && d.step != d.stepper.Len() {
		f.Step, f.HasStep = d.step, true
	}
	if v.tab == tabRaw {
		f.Panel = panelRaw
	}
	return f, true, nil
}

// syncFragment writes the view into the URL fragment with replaceState:
// stepping does not flood the history, and reload or a copied address
// come back to the same place. A local file is in it once linkLocal has
// encoded it; a view whose address would pass permalink.MaxLinkLen gets
// the page's bare address.
func (v *Viewer) syncFragment() {
	frag := ""
	if f, ok, _ := v.fragment(false); ok {
		frag = f.String()
	}
	if len(pageBase())+1+len(frag) > permalink.MaxLinkLen {
		frag = ""
	}
	loc := browser.PageLocation()
	if loc.Href == "" {
		return // no page, no history (go test)
	}
	base := loc.Path
	if frag != "" {
		base += "#" + frag
	}
	v.writeHistory(base, loc.Hash != "#"+frag)
}

// openFragment opens what the URL fragment names (see
// permalink.Parse): when it names what is open already, only the
// step and panel change. A bad link is an error; the page keeps what it
// shows. raw is the fragment with its "#" (location.hash, or the hash of
// a hashchange event's newURL).
func (v *Viewer) openFragment(raw string) {
	if raw == "" || raw == "#" {
		return
	}
	f, err := permalink.Parse(raw)
	if err == nil {
		err = checkPanel(f)
	}
	if err != nil {
		v.fail(err)
		return
	}
	if f.Review.Kind != "" {
		v.openReviewFragment(f)
		return
	}
	if len(f.Sources) == 0 {
		return
	}
	if v.showing(f.Sources) {
		v.applyView(f)
		return
	}
	v.openLinked(f.Sources, f)
}

// showing reports whether the page shows exactly these sources already.
func (v *Viewer) showing(sources []permalink.Source) bool {
	var docs []*openDoc
	switch {
	case len(sources) == 2 && v.view == viewDiff && v.cmp != nil:
		docs = []*openDoc{v.cmp.a, v.cmp.b}
	case len(sources) == 1 && v.view == viewDoc && v.current() != nil:
		docs = []*openDoc{v.current()}
	default:
		return false
	}
	for i, d := range docs {
		s, ok, _ := sourceOf(d, false)
		if !ok || s.Kind != sources[i].Kind || s.Value != sources[i].Value || s.Interaction != sources[i].Interaction {
			return false
		}
	}
	return true
}

// applyView moves the current recording to the fragment's step and panel.
func (v *Viewer) applyView(f permalink.Fragment) {
	d := v.current()
	if d == nil || v.view != viewDoc {
		return
	}
	if f.HasStep {
		d.seek(f.Step)
	}
	if f.Panel == panelRaw {
		v.tab = tabRaw
	} else if f.Panel != "" {
		v.tab = tabView
	}
}

// pageBase is the page's URL without its fragment.
func pageBase() string {
	loc := browser.PageLocation()
	return loc.Origin + loc.Path
}

// maxAddressFile is the largest local file, in bytes, that linkLocal
// tries to put in the address bar: json.Compact and the packing of
// numbers run over the whole file at once, without a pause, and a file
// this large would need to compress 128 to 1 to fit a link.
const maxAddressFile = 8 << 20

// linkLocal encodes the local files among docs (not a sample, not from a
// URL, not from a link) as permalink data in the background, after the
// page has drawn them, with pauses (permalink.EncodeDataInSlices), and
// writes the view into the address bar again after each: so a dropped,
// picked or pasted file, or an edited one, reaches the address bar when
// its link fits permalink.MaxLinkLen. A file whose data would not fit is
// marked noLink, and the address stays the page's bare one.
func (v *Viewer) linkLocal(docs []*openDoc) {
	var local []*openDoc
	for _, d := range docs {
		if d.sample == "" && d.src == "" && d.link == "" && !d.noLink {
			local = append(local, d)
		}
	}
	if len(local) == 0 {
		return
	}
	ctx := v.ctx
	ctx.Async(func() {
		// The recording first: drawn (go-app renders the page after
		// the dispatch that opened it, in a frame of its own), on
		// screen and the page idle (or a second passed), before the
		// encoding's work (a file's compact JSON at once, then its
		// compression in slices) competes with it.
		rendered := make(chan struct{})
		ctx.Dispatch(func(ctx app.Context) { ctx.Defer(func(app.Context) { close(rendered) }) })
		<-rendered
		browser.NextFrame()
		browser.Idle(time.Second)
		for _, d := range local {
			link, err := "", error(nil)
			if data := d.linkData(); len(data) > maxAddressFile {
				err = permalink.ErrLinkTooLarge
			} else {
				link, err = permalink.EncodeDataInSlices(data, permalink.MaxLinkLen, browser.Breather())
			}
			ctx.Dispatch(func(ctx app.Context) {
				if err != nil {
					d.noLink = true
				} else if d.link == "" {
					d.link = link
				}
				v.shareCassetteLink(d)
				v.syncFragment()
			})
		}
	})
}
