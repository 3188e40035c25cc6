package fakegithub

import (
	"archive/tar"
	"compress/gzip"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/recview/recview/recordings/fixturepath"
)

// ReadTree reads every .json file and every cassette
// (fixturepath.Cassette) under dir, by its "/"-separated path relative to
// dir.
func ReadTree(dir string) (map[string][]byte, error) {
	tree := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".json") && !fixturepath.Cassette(filepath.ToSlash(p)) {
			return err
		}
		data, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		tree[filepath.ToSlash(rel)] = data
		return err
	})
	return tree, err
}

// ReadTarGz reads a change set packed as recordings/review/testdata's
// changesets are: base/... and head/... in a .tar.gz. It returns the two
// trees' .json files and cassettes (fixturepath.Cassette) by path
// relative to base/ and head/.
func ReadTarGz(file string) (base, head map[string][]byte, err error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return nil, nil, err
	}
	base, head = map[string][]byte{}, map[string][]byte{}
	tr := tar.NewReader(zr)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return base, head, nil
		}
		if err != nil {
			return nil, nil, err
		}
		name := path.Clean(strings.TrimPrefix(h.Name, "./"))
		if h.Typeflag != tar.TypeReg || !strings.HasSuffix(name, ".json") && !fixturepath.Cassette(name) {
			continue
		}
		side, rest, _ := strings.Cut(name, "/")
		data, err := io.ReadAll(tr)
		if err != nil {
			return nil, nil, err
		}
		switch side {
		case "base":
			base[rest] = data
		case "head":
			head[rest] = data
		}
	}
}
