// Command gitpatch applies patches in git's format (as git diff writes
// them: modified, new, deleted and renamed files) to a folder, as
// `git apply --directory=DIR` would, with nothing but Go: `make dist`
// patches its copy of go-app with it (third_party/go-app).
//
// Usage:
//
//	go run ./internal/tools/gitpatch -dir FOLDER PATCH...
//
// The patches are read and applied by github.com/bluekeyes/go-gitdiff:
// every hunk must match the file at the line it names; a patch that does
// not apply changes nothing and names the file. Binary patches, copies
// and mode changes are refused.
package main

import (
	"flag"
	"fmt"
	"os"
)

func main() {
	dir := flag.String("dir", ".", "the folder the patches' paths are relative to")
	flag.Parse()
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: gitpatch -dir FOLDER PATCH...")
		os.Exit(2)
	}
	for _, name := range flag.Args() {
		data, err := os.ReadFile(name)
		if err == nil {
			err = Apply(*dir, data)
		}
		if err != nil {
			fmt.Fprintf(os.Stderr, "gitpatch: %s: %v\n", name, err)
			os.Exit(1)
		}
	}
}
