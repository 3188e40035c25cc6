package app

import (
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/app/internal/browser"
	"github.com/recview/recview/recordings/reqhash"
)

// playHashes shows which file the recorder would write for the request in
// the editor: the test_id hashed (editable; for a bare request body also
// the method and endpoint), the current scheme's hash and file name with a
// copy button, which schemes match the file's own name, and each scheme's
// canonical text, the Python json.dumps the hash is computed over.
type playHashes struct {
	app.Compo

	Iplay *playState
	Iruns int // see playground.Iruns
}

// Play sets the state shown.
func (h *playHashes) Play(st *playState) *playHashes { h.Iplay, h.Iruns = st, st.runs; return h }

// Render draws the panel.
func (h *playHashes) Render() app.UI {
	st := h.Iplay
	return app.Section().Class("play-hash").Attr("aria-label", "The recorder's file name").Body(
		app.H2().Text("Which file would the recorder write?"),
		app.Div().Class("play-fields").Body(
			app.If(st.body, func() app.UI {
				return app.Div().Body(
					playField("method", "play-method", st.method, actionPlayMethod),
					playField("endpoint", "play-endpoint", st.endpoint, actionPlayEndpoint),
				)
			}),
			playField("test_id", "play-test-id", st.testID, actionPlayTestID),
		),
		app.If(st.hashErr != "", func() app.UI { return app.P().Class("notice").Text(st.hashErr) }),
		app.If(len(st.hashes) == 0 && st.err != "", func() app.UI {
			return app.P().Class("muted").Text("Fix the JSON to see the file name.")
		}),
		app.If(len(st.hashes) > 0, func() app.UI { return h.renderHashes() }),
	)
}

// playField is a labelled text input that posts action with its value
// when changed.
func playField(label, testid, value string, action action[string]) app.UI {
	return app.Label().Class("play-field").Body(
		app.Span().Class("label").Text(label),
		app.Input().Type("text").DataSet("testid", testid).Value(value).Attr("spellcheck", "false").
			OnChange(func(ctx app.Context, e app.Event) {
				ctx.NewActionWithValue(action.with(browser.Src(ctx).Value()))
			}),
	)
}

// renderHashes shows the current scheme's hash and file name, which
// schemes match the file's own name, and each scheme's canonical text.
func (h *playHashes) renderHashes() app.UI {
	st := h.Iplay
	cur := st.hashes[0]
	own, _ := reqhash.FromName(st.doc.name)
	return app.Div().Body(
		app.Dl().Class("kv").Body(
			app.Dt().Text(cur.Scheme+" scheme"),
			app.Dd().Body(app.Code().DataSet("testid", "computed-hash").Text(cur.Hash)),
			app.Dt().Text("file name"),
			app.Dd().Body(
				app.Code().DataSet("testid", "computed-filename").Text(cur.FileName),
				app.Button().Class("link").Text("Copy").Attr("aria-label", "Copy the file name").
					OnClick(func(ctx app.Context, e app.Event) { browser.WriteClipboard(h.Iplay.hashes[0].FileName) }),
			),
		),
		app.If(!st.body && own != "", func() app.UI { return app.P().Class("muted").Text(matchNote(st.hashes, own)) }),
		app.Range(st.hashes).Slice(func(i int) app.UI {
			s := st.hashes[i]
			pre := app.Pre().Class("json canonical").Text(s.Canonical)
			if i == 0 {
				pre = pre.DataSet("testid", "canonical-string")
			}
			return app.Details().Class("fold").Open(i == 0).Body(
				app.Summary().Text("What the "+s.Scheme+" scheme hashes (Python's json.dumps, sort_keys=True)"),
				pre,
			)
		}),
	)
}

// matchNote says which schemes give the hash in the file's own name.
func matchNote(hs []reqhash.Input, own string) string {
	var match []string
	for _, s := range hs {
		if s.Hash[:len(own)] == own {
			match = append(match, s.Scheme)
		}
	}
	switch {
	case len(match) == 0:
		return "No scheme gives the hash in the file name (" + own + "): compare the canonical text with the request that was recorded."
	case match[0] == hs[0].Scheme:
		return "The file name is this hash: replay finds this recording."
	}
	return "The file name matches the older " + strings.Join(match, ", ") + " scheme, not the current one: a re-recording names it as above."
}
