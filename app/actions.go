package app

import (
	"fmt"
	"reflect"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Components only show their props and post actions; the Viewer owns the
// page's state, handles the actions and does the I/O. The actions are
// grouped by what they do, one actions_*.go file per group holding the
// group's action names and the Viewer's handlers:
//
//	actions_step.go   stepping and playing a stream
//	actions_open.go   opening samples, pasted text, files, URLs, permalink sources
//	actions_index.go  the index of a folder or many files, its rows, comparing two
//	actions_replay.go replay's "Recording not found" error pasted: looked up in the open folder
//	actions_view.go   what the page shows: the open recordings, tabs, comparison, theme, errors
//	actions_play.go   the playground
//	actions_share.go  the share panel
//	actions_url.go    the URL fragment: writing the view into it, opening what it names
//	actions_review.go the review page: a pull request, a comparison or two folders, its pairs
//
// An action that carries a value is an action[T]. Components post it with
// ctx.NewActionWithValue(actionSeek.with(step)), and handleActions routes
// it with handle to a handler that takes a T, so poster and handler agree
// on the value's type at compile time. An action without a value is a
// plain string constant, posted with ctx.NewAction and routed with
// handleSignal.

// handleActions registers the handler of every action, group by group;
// go-app runs them on the UI goroutine and renders the page after each.
func (v *Viewer) handleActions(ctx app.Context) {
	// actions_step.go
	handle(&ctx, v, actionSeek, (*Viewer).seekTo)
	handleSignal(&ctx, v, actionPlay, (*Viewer).togglePlay)
	handle(&ctx, v, actionSpeed, (*Viewer).setSpeed)
	// actions_open.go
	handle(&ctx, v, actionOpenSample, (*Viewer).openSample)
	handle(&ctx, v, actionOpenText, (*Viewer).openText)
	handle(&ctx, v, actionOpenURL, (*Viewer).openURL)
	handle(&ctx, v, actionOpenFiles, (*Viewer).readFiles)
	handle(&ctx, v, actionInteraction, (*Viewer).openInteraction)
	// actions_index.go
	handle(&ctx, v, actionOpenFolder, (*Viewer).openFolder)
	handle(&ctx, v, actionPickFolder, (*Viewer).pickFolder)
	handle(&ctx, v, actionOpenRow, (*Viewer).openRow)
	handleSignal(&ctx, v, actionShowIndex, (*Viewer).showIndex)
	handle(&ctx, v, actionCompareRows, (*Viewer).compareRows)
	handle(&ctx, v, actionCompareRow, (*Viewer).compareRow)
	// actions_replay.go
	handleSignal(&ctx, v, actionCloseNotFound, (*Viewer).closeNotFound)
	handleSignal(&ctx, v, actionWarmComparer, (*Viewer).warmComparer)
	handle(&ctx, v, actionRecordingDir, (*Viewer).setRecordingDir)
	handle(&ctx, v, actionOpenPath, (*Viewer).openPath)
	// actions_view.go
	handle(&ctx, v, actionSelectDoc, (*Viewer).selectDoc)
	handle(&ctx, v, actionCompareDocs, (*Viewer).compareOpen)
	handleSignal(&ctx, v, actionShowDiff, (*Viewer).showDiff)
	handleSignal(&ctx, v, actionHome, (*Viewer).home)
	handle(&ctx, v, actionTab, (*Viewer).showTab)
	handleSignal(&ctx, v, actionTheme, (*Viewer).switchTheme)
	handleSignal(&ctx, v, actionDismiss, (*Viewer).dismiss)
	handleSignal(&ctx, v, actionKeys, (*Viewer).toggleKeys)
	handle(&ctx, v, actionFail, (*Viewer).failWith)
	// actions_play.go
	handle(&ctx, v, actionPlayEdit, (*Viewer).runPlay)
	handle(&ctx, v, actionPlaySave, (*Viewer).savePlay)
	handleSignal(&ctx, v, actionPlaySaveAnyway, (*Viewer).saveAnyway)
	handleSignal(&ctx, v, actionPlaySaveCancel, (*Viewer).cancelSave)
	handle(&ctx, v, actionPlayFormat, (*Viewer).formatPlay)
	handle(&ctx, v, actionPlayTestID, (*Viewer).setPlayTestID)
	handle(&ctx, v, actionPlayEndpoint, (*Viewer).setPlayEndpoint)
	handle(&ctx, v, actionPlayMethod, (*Viewer).setPlayMethod)
	// actions_share.go
	handleSignal(&ctx, v, actionShare, (*Viewer).share)
	handle(&ctx, v, actionShareURL, (*Viewer).shareURL)
	handleSignal(&ctx, v, actionCloseShare, (*Viewer).closeShare)
	handle(&ctx, v, actionSetViewer, (*Viewer).setViewer)
	// actions_review.go
	v.handleReviewActions(&ctx)
	v.handleConsentActions(&ctx)
	v.handleFolderAgainActions(&ctx)
}

// action is the name of an action whose value is a T.
type action[T any] string

// with is the action's name and value, to post:
// ctx.NewActionWithValue(a.with(value)).
func (a action[T]) with(value T) (string, any) { return string(a), value }

// handle registers the handler of action a on ctx (ctx.Handle): go-app
// calls h(v, value) on the UI goroutine, the action's value decoded once,
// here, as a T. A value of another type (posted without action.with) is
// shown in the page's error banner (actionFail), naming the action and
// both types, and h is not called.
//
// It takes the context by pointer and h as a method expression
// ((*Viewer).seekTo), so that each of the registrations in handleActions
// is a plain call: copying app.Context (a struct of 26 words) and making
// a method value at each made app.wasm larger.
func handle[T any](ctx *app.Context, v *Viewer, a action[T], h func(v *Viewer, value T)) {
	ctx.Handle(string(a), func(ctx app.Context, act app.Action) {
		if value, ok := act.Value.(T); ok {
			h(v, value)
			return
		}
		wrongValue(ctx, act, reflect.TypeFor[T]())
	})
}

// handleSignal registers the handler of an action without a value: go-app
// calls h(v) on the UI goroutine.
func handleSignal(ctx *app.Context, v *Viewer, name string, h func(v *Viewer)) {
	ctx.Handle(name, func(app.Context, app.Action) { h(v) })
}

// wrongValue reports an action whose value is not of the type its
// handler takes (handle).
func wrongValue(ctx app.Context, act app.Action, want reflect.Type) {
	ctx.NewActionWithValue(actionFail.with(fmt.Sprintf("recview: action %s carries a %T, not a %v", act.Name, act.Value, want)))
}
