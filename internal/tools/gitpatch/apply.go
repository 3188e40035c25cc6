package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/bluekeyes/go-gitdiff/gitdiff"
)

// Apply applies patch, in git's format, to the files under dir: every
// file it modifies, adds, deletes or renames, read and patched by
// github.com/bluekeyes/go-gitdiff (each hunk must match at the line it
// names). Nothing is written unless every file patches: the error names
// the file and what did not match. Mode changes, copies and binary
// patches are refused.
func Apply(dir string, patch []byte) error {
	files, _, err := gitdiff.Parse(bytes.NewReader(patch))
	if err != nil {
		return err
	}
	if len(files) == 0 {
		return errors.New("no file in the patch")
	}
	type result struct {
		remove, write string // paths under dir, "" for none
		data          []byte
	}
	var results []result
	for _, f := range files {
		name := f.NewName
		if f.IsDelete {
			name = f.OldName
		}
		switch {
		case f.IsBinary || f.IsCopy:
			return fmt.Errorf("%s: binary patches and copies are not supported", name)
		case f.OldMode != 0 && f.NewMode != 0 && f.OldMode != f.NewMode:
			return fmt.Errorf("%s: a mode change is not supported", name)
		}
		var src []byte
		if f.IsNew {
			if _, err := os.Stat(filepath.Join(dir, f.NewName)); err == nil {
				return fmt.Errorf("%s: already exists", f.NewName)
			}
		} else if src, err = os.ReadFile(filepath.Join(dir, f.OldName)); err != nil {
			return fmt.Errorf("%s: %v", f.OldName, err)
		}
		var out bytes.Buffer
		if err := gitdiff.Apply(&out, bytes.NewReader(src), f); err != nil {
			return fmt.Errorf("%s: %v", name, err)
		}
		r := result{}
		if f.IsDelete || f.IsRename {
			r.remove = f.OldName
		}
		if !f.IsDelete {
			r.write, r.data = f.NewName, out.Bytes()
		}
		results = append(results, r)
	}
	for _, r := range results {
		if r.remove != "" {
			if err := os.Remove(filepath.Join(dir, r.remove)); err != nil {
				return err
			}
		}
		if r.write != "" {
			p := filepath.Join(dir, r.write)
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				return err
			}
			if err := os.WriteFile(p, r.data, 0o644); err != nil {
				return err
			}
		}
	}
	return nil
}
