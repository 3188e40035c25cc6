package app

import (
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/recview/recview/app/internal/browser"
)

// topBar is the page header: the brand (back to the gallery), the file
// picker and the theme switch.
type topBar struct {
	app.Compo

	Itheme string // the current theme: "", "light" or "dark"
	Iagain string // the folder Open again reads, "" for none
}

// Theme sets the theme the switch shows.
func (b *topBar) Theme(v string) *topBar { b.Itheme = v; return b }

// Again sets the folder Open again reads ("" hides it).
func (b *topBar) Again(folder string) *topBar { b.Iagain = folder; return b }

// Render draws the bar.
func (b *topBar) Render() app.UI {
	return app.Header().Class("top").Body(
		app.A().Class("brand").Href("#").Text("recview").OnClick(func(ctx app.Context, e app.Event) {
			ctx.NewAction(actionHome)
		}),
		app.Span().Class("tagline").Text("LLM API recordings, readable"),
		app.Div().Class("actions").Body(
			app.Input().Type("url").Class("url-box").Placeholder("Open a URL: GitHub file, raw or gist link…").
				DataSet("testid", "url-input").Attr("aria-label", "Open a recording by URL").
				Attr("enterkeyhint", "go").OnKeyDown(b.onURLKey),
			app.Label().Class("button").Body(
				app.Text("Open files…"),
				app.Input().Type("file").Multiple(true).Accept(".json,.yaml,.yml,.har,.httprr,.gz,.txt,application/json,application/yaml").
					DataSet("testid", "file-input").Attr("aria-label", "Open recording files").
					OnChange(b.onFiles),
			),
			app.Label().Class("button ghost").Title("Open a recordings folder: an index of every .json file in it").DataSet("warm", "index").Body(
				app.Text("Folder…"),
				app.Input().Type("file").Attr("webkitdirectory", true).
					DataSet("testid", "folder-input").Attr("aria-label", "Open a recordings folder").
					OnClick(b.onFolderClick).OnChange(b.onFolder),
			),
			app.If(b.Iagain != "", func() app.UI {
				return app.Button().Class("button ghost again").DataSet("testid", "folder-again").DataSet("warm", "index").
					Title("Read the folder "+b.Iagain+" again: only the files changed since are read").
					Attr("aria-label", "Open the folder "+b.Iagain+" again").
					Body(app.Text("↻ "), app.Span().Class("again-name").Text(b.Iagain)).
					OnClick(func(ctx app.Context, e app.Event) { ctx.NewAction(actionFolderAgain) })
			}),
			app.Button().Class("button ghost").Text(themeLabel(b.Itheme)).
				Title("Theme: follow the system, light or dark").Attr("aria-label", "Switch theme").
				OnClick(func(ctx app.Context, e app.Event) { ctx.NewAction(actionTheme) }),
		),
	)
}

// onURLKey opens the URL typed in the URL box on Enter.
func (b *topBar) onURLKey(ctx app.Context, e app.Event) {
	if browser.EventOf(e).Key().Name != "Enter" {
		return
	}
	e.PreventDefault()
	if link := strings.TrimSpace(browser.Src(ctx).Value()); link != "" {
		ctx.NewActionWithValue(actionOpenURL.with(link))
	}
}

// onFiles posts the chosen files, copied out of the input's FileList (one
// call: Array.from) before the input is cleared, so that choosing the same
// file again fires change.
func (b *topBar) onFiles(ctx app.Context, e app.Event) {
	ctx.NewActionWithValue(actionOpenFiles.with(browser.Src(ctx).TakeFiles()))
}

// onFolderClick opens the browser's folder picker instead of the
// input's, where the page has one (browser.HasFolderPicker), and posts
// its promise: a click on the label, or a key on the input, clicks the
// input. Elsewhere the input's own picker opens, and onFolder follows.
func (b *topBar) onFolderClick(ctx app.Context, e app.Event) {
	if !browser.HasFolderPicker() {
		return
	}
	e.PreventDefault()
	ctx.NewActionWithValue(actionPickFolder.with(browser.PickFolder()))
}

// onFolder posts the files of the chosen folder for the index.
func (b *topBar) onFolder(ctx app.Context, e app.Event) {
	ctx.NewActionWithValue(actionOpenFolder.with(browser.Src(ctx).TakeFiles()))
}
