package corpustest

import (
	"archive/tar"
	"bufio"
	"compress/gzip"
	"io"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// ChangeSet is a change set of ogx recordings kept as a .tar.gz of
// base/ and head/ trees, git's name-status of the commit (CHANGES.tsv)
// and COMMIT.txt: recordings/review/testdata/changesets/NAME.tar.gz.
type ChangeSet struct {
	// Base and Head map each file's path in its tree to its bytes.
	Base, Head map[string][]byte
	// Changes are CHANGES.tsv's lines but its header: status ("M",
	// "A", "D", "R100"...), base path, head path ("" where none).
	Changes [][3]string
}

// ChangeSetFile is the path of the change set name's archive.
func ChangeSetFile(name string) string {
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		panic("corpustest: no caller information")
	}
	return filepath.Join(filepath.Dir(file), "..", "..", "..", "recordings", "review", "testdata", "changesets", name+".tar.gz")
}

// ReadChangeSet reads the archive at file (see ChangeSetFile); a file it
// cannot read, or a bad line of CHANGES.tsv, fails the test.
func ReadChangeSet(t testing.TB, file string) ChangeSet {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	cs := ChangeSet{Base: map[string][]byte{}, Head: map[string][]byte{}}
	tr := tar.NewReader(zr)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if h.Typeflag != tar.TypeReg {
			continue
		}
		data, err := io.ReadAll(tr)
		if err != nil {
			t.Fatal(err)
		}
		switch name := path.Clean(h.Name); {
		case name == "CHANGES.tsv":
			sc := bufio.NewScanner(strings.NewReader(string(data)))
			sc.Scan() // the header
			for sc.Scan() {
				c := strings.Split(sc.Text(), "\t")
				if len(c) != 3 {
					t.Fatalf("%s: CHANGES.tsv: bad line %q", file, sc.Text())
				}
				cs.Changes = append(cs.Changes, [3]string{c[0], c[1], c[2]})
			}
		case strings.HasPrefix(name, "base/"):
			cs.Base[strings.TrimPrefix(name, "base/")] = data
		case strings.HasPrefix(name, "head/"):
			cs.Head[strings.TrimPrefix(name, "head/")] = data
		}
	}
	return cs
}

// WriteTrees writes the change set's two trees under dir, as dir/base/PATH
// and dir/head/PATH: two folders to review.
func (cs ChangeSet) WriteTrees(t testing.TB, dir string) {
	t.Helper()
	for side, tree := range map[string]map[string][]byte{"base": cs.Base, "head": cs.Head} {
		for p, data := range tree {
			write(t, filepath.Join(dir, side, filepath.FromSlash(p)), data)
		}
	}
}
