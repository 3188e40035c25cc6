package app

import (
	"net/url"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// syncFragment writes the open sample and step into the URL fragment
// (replaceState: stepping does not flood the history).
func (v *Viewer) syncFragment() {
	frag := ""
	if d := v.current(); d != nil && (d.sample != "" || d.src != "") {
		q := url.Values{}
		if d.src != "" {
			q.Set("src", d.src)
		} else {
			q.Set("sample", d.sample)
		}
		if d.stepper != nil && d.step != d.stepper.Len() {
			q.Set("step", strconv.Itoa(d.step))
		}
		frag = q.Encode()
	}
	h := app.Window().Get("history")
	if !h.Truthy() {
		return
	}
	loc := app.Window().Get("location")
	base := loc.Get("pathname").String() + loc.Get("search").String()
	if frag != "" {
		base += "#" + frag
	}
	if app.Window().Get("location").Get("hash").String() != "#"+frag {
		h.Call("replaceState", nil, "", base)
	}
}

// openFragment opens the sample and step the URL fragment names.
func (v *Viewer) openFragment(ctx app.Context) {
	frag := app.Window().URL().Fragment
	q, err := url.ParseQuery(frag)
	if err != nil || q.Get("sample") == "" && q.Get("src") == "" {
		return
	}
	step := -1
	if s := q.Get("step"); s != "" {
		if n, err := strconv.Atoi(s); err == nil {
			step = n
		}
	}
	if d := v.current(); d != nil && d.sample == q.Get("sample") && d.src == q.Get("src") {
		if step >= 0 {
			d.seek(step)
		}
		return
	}
	if q.Get("src") != "" {
		v.loadURL(ctx, q.Get("src"), step)
		return
	}
	v.loadSample(ctx, q.Get("sample"), step)
}
