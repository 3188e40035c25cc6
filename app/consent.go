package app

import (
	"net/url"
	"slices"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/app/internal/browser"
	"github.com/recview/recview/internal/base/fetchrule"
	"github.com/recview/recview/internal/base/htmlw"
	"github.com/recview/recview/recordings/permalink"
)

// A link's recordings are read at once from GitHub's raw hosts and the
// page's own origin (fetchrule.Known); from any other host only once the
// reader says Load: nothing is asked of that host before. A host the
// reader said Load to is known for the rest of the page's life (not
// kept). A URL the reader types or pastes is theirs, and read at once.
const (
	actionConsentLoad   = "recview/consent-load"   // no value: read the link's recordings
	actionConsentCancel = "recview/consent-cancel" // no value: read nothing
)

// linkConsent is a link's sources waiting for the reader: the hosts not
// known, in the link's order, and what to open.
type linkConsent struct {
	hosts   []string
	sources []permalink.Source
	f       permalink.Fragment
}

// handleConsentActions registers Load and Cancel.
func (v *Viewer) handleConsentActions(ctx *app.Context) {
	handleSignal(ctx, v, actionConsentLoad, (*Viewer).consentLoad)
	handleSignal(ctx, v, actionConsentCancel, func(v *Viewer) { v.consent = nil })
}

// openLinked opens a link's sources (openSources), once the reader
// consents when one is on a host fetchrule.Known does not know.
func (v *Viewer) openLinked(sources []permalink.Source, f permalink.Fragment) {
	hosts := slices.DeleteFunc(unknownHosts(browser.PageLocation().Href, sources), func(h string) bool { return v.consented[h] })
	if len(hosts) > 0 {
		v.consent, v.loading, v.err = &linkConsent{hosts: hosts, sources: sources, f: f}, "", ""
		return
	}
	v.consent = nil
	v.openSources(sources, f)
}

// consentLoad reads the sources the reader consented to, and knows
// their hosts from now on.
func (v *Viewer) consentLoad() {
	if c := v.consent; c != nil {
		v.consent = nil
		if v.consented == nil {
			v.consented = map[string]bool{}
		}
		for _, h := range c.hosts {
			v.consented[h] = true
		}
		v.openSources(c.sources, c.f)
	}
}

// unknownHosts lists the hosts of sources' URLs (as permalink.RawURL
// reads them) that fetchrule.Known does not know from page, each once;
// a URL RawURL refuses is left to openSources's error.
func unknownHosts(page string, sources []permalink.Source) []string {
	var hosts []string
	for _, s := range sources {
		if s.Kind != permalink.SourceURL {
			continue
		}
		src, err := permalink.RawURL(s.Value)
		if err != nil || fetchrule.Known(page, src) {
			continue
		}
		if u, err := url.Parse(src); err == nil && !slices.Contains(hosts, u.Host) {
			hosts = append(hosts, u.Host)
		}
	}
	return hosts
}

// renderConsent is the question a link of unknown hosts asks
// (data-testid="link-consent"): the hosts, Load (data-testid=
// "consent-load") and Cancel (data-testid="consent-cancel").
func (v *Viewer) renderConsent() app.UI {
	return app.Section().Class("consent").DataSet("testid", "link-consent").Attr("role", "alertdialog").Attr("aria-label", "Load from another site?").Body(
		app.Raw(consentText(v.consent.hosts)),
		app.Button().Class("button").DataSet("testid", "consent-load").Text("Load").
			OnClick(func(ctx app.Context, e app.Event) { ctx.NewAction(actionConsentLoad) }),
		app.Button().Class("button ghost").DataSet("testid", "consent-cancel").Text("Cancel").
			OnClick(func(ctx app.Context, e app.Event) { ctx.NewAction(actionConsentCancel) }),
	)
}

// consentText says which hosts the link loads from and what loading
// tells them.
func consentText(hosts []string) string {
	var w htmlw.Writer
	w.Raw(`<p><strong>This link loads a recording from `)
	for i, h := range hosts {
		if i > 0 {
			w.Raw(iff(i == len(hosts)-1, " and ", ", "))
		}
		w.Raw(`<code>`)
		w.Text(h)
		w.Raw(`</code>`)
	}
	w.Raw(`.</strong> Loading it tells that site your address, and the address may be one of your own network. recview loads a link's recordings from GitHub at once, from other sites only when you say so.</p>`)
	return w.String()
}
