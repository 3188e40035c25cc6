package app

// The actions components post (ctx.NewAction, ctx.NewActionWithValue) and
// the Viewer handles (ctx.Handle in its OnMount). Components only show
// their props and post actions; the Viewer owns the page's state and does
// the I/O.
const (
	actionSeek        = "recview/seek"         // value int: show the stream after that many chunks
	actionPlay        = "recview/play"         // no value: play or pause the stream
	actionSpeed       = "recview/speed"        // value int: play speed, chunks per second
	actionOpenSample  = "recview/open-sample"  // value string: a Samples file name
	actionOpenText    = "recview/open-text"    // value string: pasted recording JSON
	actionOpenFiles   = "recview/open-files"   // value app.Value: a JavaScript array of File objects
	actionOpenURL     = "recview/open-url"     // value string: a recording URL (GitHub blob, raw, gist...)
	actionOpenFolder  = "recview/open-folder"  // value app.Value: a JavaScript array of a picked folder's File objects
	actionOpenRow     = "recview/open-row"     // value int: open the file of that index row
	actionShowIndex   = "recview/show-index"   // no value: show the index again
	actionCompareRows = "recview/compare-rows" // value [2]int: compare the files of two index rows
	actionCompareDocs = "recview/compare-docs" // value [2]int: compare two open recordings
	actionShowDiff    = "recview/show-diff"    // no value: show the last comparison again
	actionSelectDoc   = "recview/select-doc"   // value int: index of an open recording
	actionHome        = "recview/home"         // no value: close everything, back to the gallery
	actionTab         = "recview/tab"          // value string: tabView or tabRaw
	actionTheme       = "recview/theme"        // no value: next theme (system, light, dark)
	actionDismiss     = "recview/dismiss"      // no value: hide the error banner
	actionFail        = "recview/fail"         // value string: show an error
	actionShare       = "recview/share"        // no value: make the permalink of the view and copy it
	actionShareURL    = "recview/share-url"    // value string: make the src= permalink for that URL
	actionCloseShare  = "recview/close-share"  // no value: close the share panel

	actionPlayEdit     = "recview/play-edit"     // value string: the playground editor's text, to run
	actionPlaySave     = "recview/play-save"     // value string: the editor's text, to run and download
	actionPlayFormat   = "recview/play-format"   // value string: "pretty" or "compact"
	actionPlayTestID   = "recview/play-test-id"  // value string: the test_id to hash with
	actionPlayEndpoint = "recview/play-endpoint" // value string: a bare request body's URL path
	actionPlayMethod   = "recview/play-method"   // value string: a bare request body's HTTP method
)

// The tabs of a recording.
const (
	tabView = "view" // request, response and stepping
	tabRaw  = "raw"  // the whole file as foldable JSON
	tabPlay = "play" // the playground: edit the JSON, see the result and the recorder's file name
)

// What the main area shows once something is open.
const (
	viewDoc   = ""      // the current recording
	viewIndex = "index" // the index of a folder or many files
	viewDiff  = "diff"  // the comparison of two recordings
)

// stateTheme is the localStorage key of the chosen theme: "", "light" or
// "dark" ("" follows the system).
const stateTheme = "theme"
