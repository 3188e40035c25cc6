package fakegithub

import (
	"io/fs"
	"os"
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
