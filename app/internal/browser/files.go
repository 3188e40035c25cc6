package browser

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// FilesOf describes the File objects of a JavaScript array or FileList
// (NewFile), calling pause before each (a Breather): the size of a File
// from an input costs the page a lookup of the file. With folder set (a
// folder input's files) it keeps only the files Listed keeps (tests
// included), with their paths in the folder (webkitRelativePath).
func FilesOf(files app.Value, folder bool, pause func()) []File {
	n := files.Length()
	refs := make([]File, 0, n)
	for i := range n {
		pause()
		f := files.Index(i)
		path := ""
		if folder {
			path = f.Get("webkitRelativePath").String()
			if !Listed(f.Get("name").String(), true) {
				continue
			}
		}
		refs = append(refs, NewFile(f, path))
	}
	return refs
}
